@_spi(HeraldTools) import HeraldCore

/// A request body a backend sends to a push provider's API: not what the phone receives, but
/// what the provider turns into it.
///
/// Developers on OneSignal, FCM or Expo have the request (the `curl` in their backend), not the
/// `userInfo` iOS hands the extension. ``init(_:)`` recognises such a body and ``convert(language:)``
/// does what the provider's server does with it, so a preview or lint of the request shows what
/// the phone will show. The mapping, with its sources, is in docs/provider-requests.md.
public struct ProviderRequest: Hashable, Sendable {
    /// A provider whose request bodies Herald converts.
    public struct Provider: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// OneSignal's create-notification body (`POST /notifications`).
        public static let oneSignal = Provider(rawValue: "onesignal")
        /// FCM's HTTP v1 send body (`POST …/messages:send`, `{"message": {…}}`).
        public static let fcm = Provider(rawValue: "fcm")
        /// Expo's push service message (`POST …/push/send`).
        public static let expo = Provider(rawValue: "expo")

        /// Where the request sets `aps.mutable-content`, when the sender must (OneSignal always
        /// sets it).
        public var mutableContentField: String? {
            switch self {
            case .fcm: "\"mutable-content\": 1 in message.apns.payload.aps"
            case .expo: "\"mutableContent\": true"
            default: nil
            }
        }

        /// The provider's name as its documentation writes it.
        public var description: String {
            switch self {
            case .oneSignal: "OneSignal REST API"
            case .fcm: "FCM HTTP v1 API"
            case .expo: "Expo push service"
            default: rawValue
            }
        }
    }

    /// Whose request this is.
    public let provider: Provider
    /// The request body as given.
    public let body: JSONValue

    /// Recognises a provider's request body.
    ///
    /// - Parameter json: a parsed JSON file.
    /// - Returns: `nil` when `json` is none of the bodies Herald converts: a device payload (it
    ///   has `aps`), or another provider's request.
    public init?(_ json: JSONValue) {
        self.init(json, digest: MemberDigest(json))
    }

    /// ``init(_:)`` with `json`'s digest made beforehand (lint has one), which rules out most
    /// of the top-level keys a request is recognised by without a lookup.
    init?(_ json: JSONValue, digest: MemberDigest) {
        guard let provider = Self.provider(of: json, digest: digest) else { return nil }
        self.provider = provider
        body = json
    }

    /// The payload the provider delivers to the phone for this request.
    ///
    /// - Parameter language: for OneSignal's language maps, the recipient's language (OneSignal
    ///   sends each subscription the text in its own language, or the English one).
    /// - Returns: the device payload, the APNs headers the provider sets, and a decision for
    ///   every field: where it went, or why it did not reach the phone.
    /// - Throws: ``RequestConversionError`` when the provider itself would refuse the request
    ///   (FCM `data` values that are not strings, OneSignal `contents` without English text).
    public func convert(language: String = "en") throws(RequestConversionError) -> RequestConversion {
        switch provider {
        case .oneSignal: try convertOneSignal(language: language)
        case .fcm: try convertFCM()
        default: try convertExpo()
        }
    }

    private static func provider(of json: JSONValue, digest: MemberDigest) -> Provider? {
        func member(_ key: String) -> JSONValue? { digest.member(key, of: json) }
        guard member("aps") == nil else { return nil }
        if let message = member("message"), message.objectValue != nil,
            ["token", "topic", "condition", "notification", "apns", "data", "android", "webpush"].contains(where: { message[$0] != nil }) {
            return .fcm
        }
        if member("app_id") != nil,
            ["contents", "headings", "include_player_ids", "include_subscription_ids", "include_aliases", "template_id"].contains(where: { member($0) != nil }) {
            return .oneSignal
        }
        // OneSignal's language maps without its app id: a body cut down to the notification's
        // fields, which OneSignal would refuse (the conversion says why).
        if member("contents")?.objectValue != nil || member("headings")?.objectValue != nil {
            return .oneSignal
        }
        // Expo's service takes one message or an array of them; the first one decides.
        if let first = json.arrayValue?.first {
            return isExpoMessage { first[$0] } ? .expo : nil
        }
        return isExpoMessage(member) ? .expo : nil
    }

    /// Whether a message, read through `member`, is Expo's: it has `to` with an Expo push token
    /// or beside a field only Expo's messages have, and none of an FCM legacy request's.
    private static func isExpoMessage(_ member: (String) -> JSONValue?) -> Bool {
        guard member("notification") == nil, member("registration_ids") == nil, let to = member("to") else { return false }
        let tokens = to.arrayValue ?? [to]
        return tokens.contains { $0.stringValue.map(isExpoPushToken) ?? false } || expoOnlyFields.contains { member($0) != nil }
    }

    /// Whether text is an Expo push token: `ExponentPushToken[…]` or `ExpoPushToken[…]`.
    public static func isExpoPushToken(_ text: String) -> Bool {
        (text.hasPrefix("ExponentPushToken[") || text.hasPrefix("ExpoPushToken[")) && text.hasSuffix("]")
    }

    /// Top-level fields of an Expo message that an FCM legacy request (which also has `to`)
    /// never has.
    private static let expoOnlyFields = ["title", "subtitle", "body", "categoryId", "mutableContent", "richContent", "_contentAvailable", "channelId", "interruptionLevel"]
}
