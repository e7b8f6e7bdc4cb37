import Foundation
import HeraldAPNs
import HeraldDesk

/// A token given to `send apns` that is not an APNs device token: another service's id, which
/// APNs would answer with BadDeviceToken, or a line that is no token at all.
enum ForeignToken: CaseIterable {
    /// A OneSignal subscription (player) id: a UUID.
    case oneSignalSubscriptionID
    /// `ExponentPushToken[…]` or `ExpoPushToken[…]`.
    case expoPushToken
    /// An FCM registration token: `<instance id>:<base64url>`, well over 100 characters, the
    /// second part starting `APA91b`.
    case fcmRegistrationToken
    /// A placeholder left in a command: `DEVICE_TOKEN`, `<token>`, `$TOKEN`.
    case placeholder
    /// Anything else that is not hex: binary, control characters, a truncated or mangled line.
    case malformed

    /// What `text` is; `nil` when it is an APNs device token (hex bytes).
    init?(_ text: String) {
        guard !DeviceToken.isToken(text) else { return nil }
        if UUID(uuidString: text) != nil {
            self = .oneSignalSubscriptionID
        } else if ProviderRequest.isExpoPushToken(text) {
            self = .expoPushToken
        } else if text.count > 100 || text.contains(":APA91b"), text.contains(":"),
            text.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_:".unicodeScalars.contains($0)) })
        {
            self = .fcmRegistrationToken
        } else if Self.isPlaceholder(text) {
            self = .placeholder
        } else {
            self = .malformed
        }
    }

    /// `<token>`, `$TOKEN`, `${TOKEN}`, or a capitalised name such as `DEVICE_TOKEN`.
    private static func isPlaceholder(_ text: String) -> Bool {
        if (text.hasPrefix("<") && text.hasSuffix(">")) || text.hasPrefix("$") { return true }
        return (4...40).contains(text.count) && text.contains(where: \.isUppercase) && text.allSatisfy { ($0.isUppercase && $0.isASCII) || $0 == "_" || $0.isNumber }
    }

    /// What it is, as a phrase for one (`a OneSignal subscription id`).
    var name: String {
        switch self {
        case .oneSignalSubscriptionID: "a OneSignal subscription id"
        case .expoPushToken: "an Expo push token"
        case .fcmRegistrationToken: "an FCM registration token"
        case .placeholder: "a placeholder, not a device token"
        case .malformed: "not a device token (not hex: binary, cut or mangled)"
        }
    }

    /// What to do instead.
    var advice: String {
        switch self {
        case .oneSignalSubscriptionID:
            "send to it with `herald send onesignal --subscription-id ID`, or give the device's APNs token"
        case .expoPushToken:
            "Expo's push service sends to it; `send apns` needs the device's APNs token (getDevicePushTokenAsync)"
        case .fcmRegistrationToken:
            "FCM sends to it; `send apns` needs the device's APNs token (Messaging.messaging().apnsToken)"
        case .placeholder:
            "put the device's APNs token (hex digits, 64 of them today) in its place"
        case .malformed:
            "an APNs device token is hex digits (64 of them today)"
        }
    }

    /// How a token that is not hex is shown: as given when it is short printable text, else
    /// as its size (a binary line must not reach the terminal or the report).
    static func display(_ text: String) -> String {
        let printable = text.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
        return printable && text.utf8.count <= 100 ? text : "(not a token: \(text.utf8.count) bytes)"
    }
}
