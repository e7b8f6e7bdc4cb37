import Foundation
import HeraldCore
import HeraldEnrichment

/// How the extension behaves, read from the `Herald` dictionary of its Info.plist.
///
/// Every key is optional and the defaults work for OneSignal with no dictionary at all. An
/// entry of the wrong type or value never stops the extension: it is reported in ``problems``
/// (which the extension logs) and the default is used.
///
/// | key | type | default |
/// |---|---|---|
/// | `Layout` | a built-in name (`onesignal`, `fcm`, `notifee`, `expo`, `apns`) or a custom layout dictionary | detected per payload |
/// | `AvatarTimeout` | seconds | 5 |
/// | `Budget` | seconds | 25 |
/// | `AllowedHosts` | array of host names | any host |
/// | `AllowHTTP` | Boolean | false |
/// | `FallbackText` | string | `(Encrypted)` |
/// | `AppGroup` | app group identifier, for the shared avatar cache, the unread count and the contact map | none (a private cache, no count, no map) |
/// | `KeychainGroup` | keychain access group holding decryption keys and the content token | none (no decryption; content fetched without a token) |
/// | `GroupPadding` | `pad`, `metadata` or `both` | `both` |
/// | `AvatarSize` | pixels, the downsampled avatar's longest side | 256 |
/// | `LogLevel` | `debug`, `info` or `error` | `info` |
/// | `RetractFallback` | `filtered`, `visible` or `background`: how a push that retracts messages shows nothing | none (its text is shown, with a decision) |
/// | `InitialsAvatar` | Boolean: a sender or group without a picture gets its initials drawn | true |
/// | `ContentURL` | URL template with `{message_id}`, `{conversation_id}`: where a push that carries only ids has its message fetched | none (such a push shows its own text) |
/// | `ContentAcknowledgementURL` | URL template: where the arrival is POSTed | none |
/// | `ContentFallbackText` | string: the body shown when the content cannot be fetched | the push's own text |
/// | `ContentTimeout` | seconds | 10 |
public struct ServiceConfiguration: Sendable {
    /// How a group conversation gets its group line on iOS: HeraldEnrichment's
    /// ``/HeraldEnrichment/GroupPadding``, which ``/HeraldEnrichment/CommunicationLayout`` applies.
    public typealias GroupPadding = HeraldEnrichment.GroupPadding

    /// What the extension logs.
    public enum LogLevel: String, Sendable, CaseIterable, Comparable {
        /// From the most to the least verbose: a decision is written when its
        /// ``DecisionLog/level(of:)`` is at or above the configured level.
        case debug, info, error

        public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    /// The pipeline's settings (layout, time limits, hosts, fallback text).
    public var enrichment: EnrichmentConfiguration
    /// `AppGroup`: the app group whose container holds the avatar cache, the unread count and
    /// the contact map, shared by the app and every extension process; `nil` keeps a cache
    /// private to the extension, and no count or map. Reading the dictionary also points
    /// ``enrichment``'s cache, count and map there: setting this property later moves none.
    public var appGroup: String?
    /// `KeychainGroup`: the keychain access group the default key provider reads decryption keys
    /// from (see `KeychainKeyProvider`), and the content token (`KeychainContentToken`);
    /// `nil` for no decryption.
    public var keychainGroup: String?
    /// `GroupPadding`: how a group with fewer than two recipients still gets its group line;
    /// default ``/HeraldEnrichment/GroupPadding/both``.
    public var groupPadding: GroupPadding
    /// Longest side of the avatar handed to `INImage`, after downsampling.
    public var avatarSize: Int
    /// `LogLevel`: the least level written to the system log; default ``LogLevel/info``.
    /// ``CommunicationNotificationService/log(_:)`` still receives every decision.
    public var logLevel: LogLevel
    /// `InitialsAvatar`: whether a sender or group without a picture gets its initials drawn
    /// (``/HeraldEnrichment/CommunicationLayout/senderInitials``); off, iOS shows its own default.
    /// Default on.
    public var drawsInitials: Bool
    /// Entries that were ignored, one line each, for the log.
    public var problems: [String]

    /// The defaults: no dictionary at all.
    public init() {
        self.enrichment = EnrichmentConfiguration(avatarCache: CacheLocation.avatarCache(appGroup: nil))
        self.groupPadding = .both
        self.avatarSize = 256
        self.logLevel = .info
        self.drawsInitials = true
        self.problems = []
    }

    /// Reads the `Herald` dictionary; `nil` gives the defaults.
    ///
    /// - Parameter dictionary: `Bundle.main.object(forInfoDictionaryKey: "Herald")`.
    public init(infoDictionary dictionary: Any?) {
        self.init()
        guard let dictionary else { return }
        guard let entries = dictionary as? [String: Any] else {
            problems.append("Herald: expected a dictionary, found \(type(of: dictionary)); using the defaults")
            return
        }
        let known = ExtensionSetting.all.map(\.key)
        for key in entries.keys.sorted() where !known.contains(key) {
            let guess = ExtensionSetting.suggestion(for: key).map { " (did you mean \($0)?)" } ?? ""
            problems.append("Herald.\(key): unknown key, ignored\(guess); known: \(known.joined(separator: ", "))")
        }
        readLayout(entries["Layout"])
        if let seconds = read(entries, .avatarTimeout, as: Double.self) {
            enrichment.avatarTimeout = .seconds(seconds)
        }
        if let seconds = read(entries, .budget, as: Double.self) {
            enrichment.budget = .seconds(seconds)
        }
        if let hosts = read(entries, .allowedHosts, as: [String].self) {
            enrichment.allowedHosts = Set(hosts.map { $0.lowercased() })
        }
        if let allow = read(entries, .allowHTTP, as: Bool.self) {
            enrichment.allowHTTP = allow
        }
        if let text = read(entries, .fallbackText, as: String.self) {
            enrichment.encryptedFallbackText = text
        }
        appGroup = read(entries, .appGroup, as: String.self)
        enrichment.avatarCache = CacheLocation.avatarCache(appGroup: appGroup)
        if let appGroup, let container = CacheLocation.groupContainer(appGroup) {
            do {
                enrichment.badgeCounter = try BadgeCounter.inContainer(container)
                enrichment.contactMap = try ContactMap.inContainer(container)
            } catch {
                problems.append("Herald.AppGroup: the folder for the unread count and the contact map cannot be made (\(error)); the badge is left to the payload, and senders are named by their handles alone")
            }
        }
        keychainGroup = read(entries, .keychainGroup, as: String.self)
        if let padding = read(entries, .groupPadding, as: String.self) {
            groupPadding = GroupPadding(rawValue: padding)!
        }
        if let size = read(entries, .avatarSize, as: Int.self) {
            avatarSize = size
            enrichment.avatarDisplaySize = size
        }
        if let level = read(entries, .logLevel, as: String.self) {
            logLevel = LogLevel(rawValue: level)!
        }
        if let fallback = read(entries, .retractFallback, as: String.self) {
            enrichment.retractFallback = RetractFallback(rawValue: fallback)!
        }
        if let draws = read(entries, .initialsAvatar, as: Bool.self) {
            drawsInitials = draws
        }
        readContentSource(entries)
    }

    /// `ContentURL` and the settings that go with it: where a push that carries only ids has
    /// its message fetched, with the token from the shared keychain (`KeychainGroup`).
    private mutating func readContentSource(_ entries: [String: Any]) {
        let acknowledgement = read(entries, .contentAcknowledgementURL, as: String.self)
        let fallback = read(entries, .contentFallbackText, as: String.self)
        let timeout = read(entries, .contentTimeout, as: Double.self)
        guard let template = read(entries, .contentURL, as: String.self) else {
            if acknowledgement != nil || fallback != nil || timeout != nil {
                problems.append("Herald: ContentAcknowledgementURL, ContentFallbackText and ContentTimeout do nothing without ContentURL")
            }
            return
        }
        for (key, value) in [("ContentURL", template), ("ContentAcknowledgementURL", acknowledgement)] {
            if let value, let problem = ContentURLTemplate.problem(with: value, allowHTTP: enrichment.allowHTTP, needsPlaceholder: key == "ContentURL") {
                problems.append("Herald.\(key): \(problem); content is not fetched")
                return
            }
        }
        var source = ContentSource(
            urlTemplate: template, acknowledgementTemplate: acknowledgement, tokenProvider: KeyProviders.contentToken(accessGroup: keychainGroup),
            fallbackText: fallback)
        if let timeout { source.timeout = .seconds(timeout) }
        enrichment.contentSource = source
    }

    private mutating func readLayout(_ value: Any?) {
        switch value {
        case nil:
            return
        case let name as String:
            if let layout = Layout.builtIn(named: name) {
                enrichment.layout = layout
            } else {
                problems.append("Herald.Layout: \"\(name)\" is no built-in layout (\(Layout.builtIn.map(\.name).joined(separator: ", "))); detecting per payload")
            }
        case let definition as [String: Any]:
            do {
                enrichment.layout = try Layout(definition: try JSONValue(userInfo: definition))
            } catch let error as LayoutDefinitionError {
                problems.append("Herald.Layout: \(error.message); detecting per payload")
            } catch {
                problems.append("Herald.Layout: \(error); detecting per payload")
            }
        default:
            problems.append("Herald.Layout: expected a layout name or dictionary, found \(type(of: value!)); detecting per payload")
        }
    }

    /// A typed entry, or `nil` (absent, or wrong and reported) so the default stays.
    ///
    /// Values go through `JSONValue`, which tells a plist Boolean from a number; the setting
    /// decides what is valid, as `herald doctor` does.
    private mutating func read<T>(_ entries: [String: Any], _ setting: ExtensionSetting, as type: T.Type) -> T? {
        guard let raw = entries[setting.key] else { return nil }
        // A Date or Data value cannot be JSON: it is simply of the wrong type here.
        let json = (try? JSONValue(userInfo: ["value": raw]))?["value"]
        let value: T?
        switch json {
        case .number(let number)? where T.self == Double.self: value = number.doubleValue as? T
        case .number(let number)? where T.self == Int.self: value = number.intValue as? T
        case .bool(let flag)? where T.self == Bool.self: value = flag as? T
        case .string(let text)? where T.self == String.self: value = text as? T
        case .array(let elements)? where T.self == [String].self:
            let strings = elements.compactMap(\.stringValue)
            value = strings.count == elements.count ? strings as? T : nil
        default: value = nil
        }
        guard let json, let value, setting.accepts(json) else {
            let hint = json.flatMap(setting.hint(for:)).map { " (\($0))" } ?? ""
            problems.append("Herald.\(setting.key): expected \(setting.expected), found \(String(describing: raw))\(hint); using the default")
            return nil
        }
        return value
    }
}
