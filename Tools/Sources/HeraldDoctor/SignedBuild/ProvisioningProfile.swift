import Foundation

/// What a provisioning profile (`embedded.mobileprovision`) says: the team, the App ID, the
/// entitlements it allows, when it expires, and for which devices.
///
/// A profile is a property list inside a CMS signature (``SignedMessage``); its keys are those
/// Apple's TN3125, "Inside Code Signing: Provisioning Profiles", describes
/// (https://developer.apple.com/documentation/technotes/tn3125-inside-code-signing-provisioning-profiles).
/// The signature is not checked: this reads what a profile says, it does not prove Apple said
/// it.
///
/// Device identifiers are personal data, and no check needs them: only their number is kept.
public struct ProvisioningProfile: Hashable, Sendable {
    /// `Name`: the name given in the developer account, or Xcode's (`iOS Team Provisioning
    /// Profile: …`).
    public let name: String?
    /// `UUID`: the profile's own identifier.
    public let uuid: String?
    /// `TeamIdentifier`: the team ids (one, in every profile seen).
    public let teamIdentifiers: [String]
    /// `TeamName`.
    public let teamName: String?
    /// `ApplicationIdentifierPrefix`: the App ID prefixes (usually the team id).
    public let applicationIdentifierPrefixes: [String]
    /// `Entitlements`: the entitlements the profile allows a signature to claim, with their
    /// values: `application-identifier` (`TEAMID.com.example.app`, or `TEAMID.*`),
    /// `aps-environment`, `com.apple.security.application-groups`, `keychain-access-groups`,
    /// `com.apple.developer.usernotifications.communication`,
    /// `com.apple.developer.usernotifications.filtering`, `get-task-allow`, …
    public let entitlements: [String: PropertyList]
    /// `CreationDate`.
    public let creationDate: Date?
    /// `ExpirationDate`: after it, iOS no longer launches an app signed with the profile.
    public let expirationDate: Date?
    /// How many devices `ProvisionedDevices` lists.
    public let deviceCount: Int
    /// `ProvisionsAllDevices`.
    public let provisionsAllDevices: Bool
    /// `Platform`: `iOS`, `xrOS`, `OSX`, …
    public let platforms: [String]

    /// How the profile distributes an app.
    ///
    /// From the keys TN3125 describes: ``Kind/enterprise`` when `ProvisionsAllDevices` is true
    /// (an In House profile runs on any device); with devices listed (`ProvisionedDevices`),
    /// ``Kind/development`` when the `get-task-allow` entitlement is true (a debugger may
    /// attach, which only development signing grants) and ``Kind/adHoc`` otherwise; with
    /// neither, ``Kind/appStore``. Apple documents the keys and the four kinds (developer
    /// account help, "Create a development provisioning profile" and the distribution ones),
    /// not this rule from one to the other: it is the one open-source profile readers apply
    /// (UNVERIFIED against an Apple statement). A macOS Developer ID profile has neither key and
    /// also reads as ``Kind/appStore``.
    public var kind: Kind {
        if provisionsAllDevices { return .enterprise }
        guard deviceCount > 0 else { return .appStore }
        return entitlements["get-task-allow"] == .bool(true) ? .development : .adHoc
    }

    /// The `application-identifier` entitlement: the team's prefix, a dot, and the bundle id
    /// (or `*`).
    public var applicationIdentifier: String? { entitlements["application-identifier"]?.stringValue }

    /// Whether the profile has expired at `date`; a profile with no expiration date has not.
    public func isExpired(at date: Date) -> Bool {
        expirationDate.map { $0 <= date } ?? false
    }

    /// Reads a `.mobileprovision` file's bytes.
    ///
    /// - Parameter data: the file: a CMS signed message (DER, or BER with indefinite lengths)
    ///   whose content is an XML (or binary) property list.
    /// - Throws: ``DoctorError`` naming no file (the caller knows it), saying what is wrong:
    ///   not a signed message, no content, content that is not a property list, or a property
    ///   list that is not a dictionary or has a key of the wrong type.
    public init(reading data: Data) throws(DoctorError) {
        let content = try SignedMessage.content(of: Array(data))
        let list: PropertyList
        do {
            list = try PropertyList(reading: Data(content))
        } catch {
            throw DoctorError(file: nil, reason: "its signed content is not a readable property list: \(error)")
        }
        try self.init(list)
    }

    /// The profile a property list describes.
    init(_ list: PropertyList) throws(DoctorError) {
        guard let keys = list.dictionaryValue else {
            throw DoctorError(file: nil, reason: "its signed content is a property list of type \(list.typeName), not a dictionary")
        }
        var reader = Keys(keys)
        name = try reader.string("Name")
        uuid = try reader.string("UUID")
        teamIdentifiers = try reader.strings("TeamIdentifier")
        teamName = try reader.string("TeamName")
        applicationIdentifierPrefixes = try reader.strings("ApplicationIdentifierPrefix")
        entitlements = try reader.dictionary("Entitlements")
        creationDate = try reader.date("CreationDate")
        expirationDate = try reader.date("ExpirationDate")
        deviceCount = try reader.strings("ProvisionedDevices").count
        provisionsAllDevices = try reader.bool("ProvisionsAllDevices")
        platforms = try reader.strings("Platform")
    }

    /// How a profile distributes an app: a struct with one constant per kind, so that a kind
    /// Apple adds reads as data.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Registered devices, debugging allowed: Xcode's "Development".
        public static let development = Self(rawValue: "development")
        /// Registered devices, no debugging: "Ad Hoc".
        public static let adHoc = Self(rawValue: "ad-hoc")
        /// Every device: the Enterprise Program's "In House".
        public static let enterprise = Self(rawValue: "enterprise")
        /// No device list: "App Store" (and TestFlight), which Apple re-signs.
        public static let appStore = Self(rawValue: "app-store")

        public var description: String { rawValue }
    }
}

/// A profile's keys, each read as the type TN3125 gives it, or an error naming the key.
private struct Keys {
    let keys: [String: PropertyList]

    init(_ keys: [String: PropertyList]) {
        self.keys = keys
    }

    func string(_ key: String) throws(DoctorError) -> String? {
        guard let value = keys[key] else { return nil }
        guard let text = value.stringValue else { throw wrongType(key, value, "a string") }
        return text
    }

    /// An array of strings; none when the key is absent.
    func strings(_ key: String) throws(DoctorError) -> [String] {
        guard let value = keys[key] else { return [] }
        guard let elements = value.arrayValue, let texts = value.strings, texts.count == elements.count else {
            throw wrongType(key, value, "an array of strings")
        }
        return texts
    }

    func dictionary(_ key: String) throws(DoctorError) -> [String: PropertyList] {
        guard let value = keys[key] else { return [:] }
        guard let entries = value.dictionaryValue else { throw wrongType(key, value, "a dictionary") }
        return entries
    }

    func date(_ key: String) throws(DoctorError) -> Date? {
        guard let value = keys[key] else { return nil }
        guard case .date(let date) = value else { throw wrongType(key, value, "a date") }
        return date
    }

    /// A Boolean; false when absent.
    func bool(_ key: String) throws(DoctorError) -> Bool {
        guard let value = keys[key] else { return false }
        guard case .bool(let flag) = value else { throw wrongType(key, value, "a Boolean") }
        return flag
    }

    private func wrongType(_ key: String, _ value: PropertyList, _ expected: String) -> DoctorError {
        DoctorError(file: nil, reason: "its \(key) is \(value.summary), not \(expected)")
    }
}
