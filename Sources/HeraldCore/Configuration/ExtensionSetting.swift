import Foundation

/// One key of the `Herald` dictionary in a notification service extension's Info.plist: its
/// name and the values it takes.
///
/// The extension reads the dictionary with these rules (`ServiceConfiguration`) and
/// `herald doctor` checks a project's dictionary with the same ones, so the two never disagree
/// about what is valid.
public struct ExtensionSetting: Sendable, CustomStringConvertible {
    /// The key, such as `AppGroup`.
    public let key: String
    /// The values it takes, as a phrase: `seconds, more than 0 and at most 30`.
    public let expected: String
    private let test: @Sendable (JSONValue) -> Bool
    private let hint: @Sendable (JSONValue) -> String?

    private init(
        _ key: String, expected: String, hint: @escaping @Sendable (JSONValue) -> String? = { _ in nil },
        accepts test: @escaping @Sendable (JSONValue) -> Bool
    ) {
        self.key = key
        self.expected = expected
        self.test = test
        self.hint = hint
    }

    /// Whether the extension uses `value` rather than falling back to the default.
    ///
    /// - Parameter value: the entry as JSON; a plist Boolean is `.bool`, a number `.number`.
    public func accepts(_ value: JSONValue) -> Bool { test(value) }

    /// Why a value the setting refuses is wrong, beyond ``expected``: the nearest valid name
    /// (`did you mean "onesignal"?`) or what is wrong inside a layout dictionary; `nil` when
    /// there is nothing more to say.
    public func hint(for value: JSONValue) -> String? { accepts(value) ? nil : hint(value) }

    public var description: String { key }

    /// `Layout`: a built-in layout's name, or a layout dictionary that ``Layout/init(definition:)``
    /// accepts. The hint suggests the nearest built-in name, or says what is wrong in the dictionary.
    public static let layout = ExtensionSetting(
        "Layout", expected: "a built-in layout name (\(Layout.builtIn.map(\.name).joined(separator: ", "))) or a layout dictionary",
        hint: { value in
            if let name = value.stringValue { return name.nearest(in: Layout.builtIn.map(\.name)).map { "did you mean \"\($0)\"?" } }
            do throws(LayoutDefinitionError) {
                _ = try Layout(definition: value)
                return nil
            } catch {
                return error.message
            }
        }
    ) { value in
        if let name = value.stringValue { return Layout.builtIn(named: name) != nil }
        return (try? Layout(definition: value)) != nil
    }
    /// `AvatarTimeout`: the avatar download's deadline, in seconds; more than 0 and at most 30.
    public static let avatarTimeout = seconds("AvatarTimeout", upTo: 30)
    /// `Budget`: the whole pipeline's time, in seconds; more than 0 and at most 29 (iOS gives the
    /// extension about 30).
    public static let budget = seconds("Budget", upTo: 29)
    /// `AllowedHosts`: the only hosts media is downloaded from; a non-empty array whose elements
    /// are all strings.
    public static let allowedHosts = ExtensionSetting("AllowedHosts", expected: "a non-empty array of host names") { value in
        guard let hosts = value.arrayValue, !hosts.isEmpty else { return false }
        return hosts.allSatisfy { $0.stringValue != nil }
    }
    /// `AllowHTTP`: whether plain http URLs are downloaded; a Boolean (a number is refused).
    public static let allowHTTP = ExtensionSetting("AllowHTTP", expected: "a Boolean") { $0.boolValue != nil }
    /// `FallbackText`: the body shown when an encrypted payload cannot be opened; a non-empty string.
    public static let fallbackText = nonEmptyString("FallbackText", expected: "a non-empty string")
    /// `AppGroup`: the app group whose container holds the shared avatar cache; any non-empty
    /// string (whether the group exists is not checked here).
    public static let appGroup = nonEmptyString("AppGroup", expected: "an app group identifier")
    /// `KeychainGroup`: the keychain access group holding decryption keys; any non-empty string.
    public static let keychainGroup = nonEmptyString("KeychainGroup", expected: "a keychain access group")
    /// `GroupPadding`: `pad`, `metadata` or `both`, matched exactly; the hint suggests the nearest.
    public static let groupPadding = oneOf("GroupPadding", ["pad", "metadata", "both"])
    /// `AvatarSize`: the downsampled avatar's longest side in pixels, a whole number from 16 to
    /// 1024.
    public static let avatarSize = ExtensionSetting("AvatarSize", expected: "a whole number of pixels from 16 to 1024") { value in
        guard let pixels = value.numberValue?.intValue else { return false }
        return (16...1024).contains(pixels)
    }
    /// `LogLevel`: `debug`, `info` or `error`, matched exactly; the hint suggests the nearest.
    public static let logLevel = oneOf("LogLevel", ["debug", "info", "error"])
    /// `RetractFallback`: what the extension delivers for a push that retracts messages,
    /// ``RetractFallback/filtered`` (it has the filtering entitlement), ``RetractFallback/visible``
    /// or ``RetractFallback/background``; matched exactly, the hint suggests the nearest.
    public static let retractFallback = oneOf("RetractFallback", RetractFallback.allCases.map(\.rawValue))
    /// `InitialsAvatar`: whether a sender or group without a picture gets its initials drawn
    /// (true, the default) or iOS's own default (false); a Boolean.
    public static let initialsAvatar = ExtensionSetting("InitialsAvatar", expected: "a Boolean") { $0.boolValue != nil }
    /// `ContentURL`: where the extension fetches a message whose push carries only its ids; an
    /// absolute http(s) URL template with `{message_id}` and `{conversation_id}` placeholders
    /// (``ContentURLTemplate``; plain http needs `AllowHTTP` too).
    public static let contentURL = urlTemplate("ContentURL", needsPlaceholder: true)
    /// `ContentAcknowledgementURL`: where the extension POSTs that a push arrived; a URL
    /// template like `ContentURL`.
    public static let contentAcknowledgementURL = urlTemplate("ContentAcknowledgementURL", needsPlaceholder: false)
    /// `ContentFallbackText`: the body shown when a message's content cannot be fetched; a
    /// non-empty string (without it, the push's own text).
    public static let contentFallbackText = nonEmptyString("ContentFallbackText", expected: "a non-empty string")
    /// `ContentTimeout`: how long fetching a message's content may take, in seconds; more than 0
    /// and at most 29.
    public static let contentTimeout = seconds("ContentTimeout", upTo: 29)

    private static func urlTemplate(_ key: String, needsPlaceholder: Bool) -> ExtensionSetting {
        ExtensionSetting(
            key, expected: "an absolute http(s) URL, with {message_id} or {conversation_id} where the push's ids go",
            hint: { value in value.stringValue.flatMap { ContentURLTemplate.problem(with: $0, allowHTTP: true, needsPlaceholder: needsPlaceholder) } }
        ) { value in
            value.stringValue.map { ContentURLTemplate.problem(with: $0, allowHTTP: true, needsPlaceholder: needsPlaceholder) == nil } ?? false
        }
    }

    /// Every key the extension reads.
    public static let all: [ExtensionSetting] = [
        .layout, .avatarTimeout, .budget, .allowedHosts, .allowHTTP, .fallbackText, .appGroup, .keychainGroup, .groupPadding,
        .avatarSize, .logLevel, .retractFallback, .initialsAvatar, .contentURL, .contentAcknowledgementURL, .contentFallbackText,
        .contentTimeout,
    ]

    /// The setting for `key`, matched exactly as the extension matches it.
    public static func named(_ key: String) -> ExtensionSetting? { all.first { $0.key == key } }

    /// The known key an unknown one is most likely a misspelling of (`Appgroup` for `AppGroup`).
    public static func suggestion(for key: String) -> String? { key.nearest(in: all.map(\.key)) }

    private static func seconds(_ key: String, upTo limit: Double) -> ExtensionSetting {
        ExtensionSetting(key, expected: "seconds, more than 0 and at most \(Int(limit))") { value in
            guard let seconds = value.numberValue?.doubleValue else { return false }
            return seconds > 0 && seconds <= limit
        }
    }

    private static func nonEmptyString(_ key: String, expected: String) -> ExtensionSetting {
        ExtensionSetting(key, expected: expected) { !($0.stringValue ?? "").isEmpty }
    }

    private static func oneOf(_ key: String, _ names: [String]) -> ExtensionSetting {
        ExtensionSetting(
            key, expected: names.phrase(joinedBy: "or"),
            hint: { value in value.stringValue.flatMap { $0.nearest(in: names) }.map { "did you mean \"\($0)\"?" } }
        ) { value in value.stringValue.map(names.contains) ?? false }
    }
}
