@_spi(HeraldTools) import HeraldCore
import HeraldSending

/// A check `herald lint` runs, with a stable id.
public struct LintRule: Hashable, Sendable, Identifiable {
    /// How bad a finding is. Any error makes `herald lint` exit 1.
    public enum Severity: String, Hashable, Sendable, Comparable, CaseIterable {
        case error, warning, info

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
        }

        /// `allCases`, made once: lint sorts its findings by it.
        private static let order = allCases
    }

    /// Stable id, such as `no-mutable-content`.
    public let id: String
    /// The usual severity; a finding may be milder where the rule says so.
    public let severity: Severity
    /// What the rule checks, one line.
    public let summary: String

    public static let invalidJSON = LintRule(id: "invalid-json", severity: .error, summary: "The payload is not valid JSON (APNs rejects it).")
    public static let noAPS = LintRule(id: "no-aps", severity: .error, summary: "The payload has no aps dictionary.")
    public static let noMutableContent = LintRule(
        id: "no-mutable-content", severity: .error,
        summary: "Without aps.mutable-content: 1 the extension never runs (a warning when the payload has nothing for it to do).")
    public static let noVisibleAlert = LintRule(
        id: "no-visible-alert", severity: .error, summary: "mutable-content is set but the alert has no title, subtitle or body, so the extension never runs.")
    public static let mutableContentType = LintRule(id: "mutable-content-type", severity: .error, summary: "aps.mutable-content must be the number 1.")
    public static let badgeType = LintRule(id: "badge-type", severity: .warning, summary: "aps.badge must be a whole number.")
    public static let apsValueType = LintRule(id: "aps-value-type", severity: .warning, summary: "An aps value has the wrong JSON type.")
    public static let payloadTooLarge = LintRule(
        id: "payload-too-large", severity: .error,
        summary: "The payload exceeds APNs' \(APNSPushType.alert.maximumPayloadByteCount)-byte limit (\(APNSPushType.voip.maximumPayloadByteCount) for VoIP).")
    public static let customKeyInAPS = LintRule(id: "custom-key-in-aps", severity: .warning, summary: "Custom keys belong beside aps, not inside it.")
    public static let communicationWithoutSenderName = LintRule(
        id: "communication-without-sender-name", severity: .error, summary: "A communication block needs sender_name to show a sender.")
    public static let senderWithoutHandle = LintRule(
        id: "sender-without-handle", severity: .warning,
        summary: "A sender with no handle (sender_handle) is named to iOS by the app's id only, which Focus does not recognise.")
    public static let senderHandleKind = LintRule(
        id: "sender-handle-kind", severity: .warning,
        summary: "sender_handle_kind says phone or email, but the handle is not one, so Contacts cannot match it.")
    public static let fetchContentCarriesMessage = LintRule(
        id: "fetch-content-carries-message", severity: .warning,
        summary: "A push that asks for its content to be fetched still carries the message (a title, the sender, a group, media), which APNs and the provider see.")
    public static let fetchContentWithoutID = LintRule(
        id: "fetch-content-without-id", severity: .error,
        summary: "A push that asks for its content to be fetched carries no id (message_id, conversation_id) to fetch it by, or one the extension cannot use.")
    public static let communicationKeyNotRead = LintRule(
        id: "communication-key-not-read", severity: .warning,
        summary: "A communication field in a place or spelling the layout does not read, so the phone never sees it.")
    public static let communicationValueType = LintRule(
        id: "communication-value-type", severity: .warning,
        summary: "A communication field of the wrong JSON type: a number read as a name, or an array, object or Boolean ignored.")
    public static let avatarURL = LintRule(id: "avatar-url-not-https", severity: .error, summary: "The avatar and group avatar URLs must be absolute https.")
    public static let attachmentURL = LintRule(id: "attachment-url-not-https", severity: .error, summary: "Attachment URLs must be absolute https.")
    public static let unknownInterruptionLevel = LintRule(
        id: "unknown-interruption-level", severity: .error, summary: "interruption-level must be passive, active, time-sensitive or critical.")
    public static let relevanceScoreRange = LintRule(id: "relevance-score-range", severity: .error, summary: "relevance-score must be between 0 and 1.")
    public static let contentAvailableWithAlert = LintRule(
        id: "content-available-with-alert", severity: .warning, summary: "content-available with an alert: not a background push, and throttled as one.")
    public static let backgroundWithAlert = LintRule(
        id: "background-with-alert", severity: .error, summary: "A background push (apns-push-type background) carries an alert, sound or badge.")
    public static let backgroundWithoutContentAvailable = LintRule(
        id: "background-without-content-available", severity: .error, summary: "A background push without aps.content-available: 1 wakes nothing.")
    public static let backgroundPriority = LintRule(
        id: "background-priority", severity: .error, summary: "A background push must be sent with apns-priority 5 (absent means 10).")
    public static let backgroundPushType = LintRule(
        id: "background-push-type", severity: .info, summary: "content-available alone is a background push: send it with push type background, priority 5.")
    /// A provider's request sets an `apns-push-type` or `apns-priority` APNs refuses
    /// (``RequestConversion/headerViolations``).
    public static let apnsHeaderInvalid = LintRule(
        id: "apns-header-invalid", severity: .error,
        summary: "A request body sets an APNs header APNs refuses: an unknown apns-push-type, or an apns-priority other than 10, 5 or 1.")
    public static let categoryWithoutContentExtension = LintRule(
        id: "category-without-content-extension", severity: .warning,
        summary: "With --project: aps.category names no content extension's UNNotificationExtensionCategory, so the expanded view is the default.")
    public static let timeSensitiveEntitlement = LintRule(
        id: "time-sensitive-entitlement", severity: .warning,
        summary: "With --project: a time-sensitive push to an app without the Time Sensitive Notifications capability, which it needs to break through Focus.")
    public static let serverRequestBody = LintRule(
        id: "server-request-body", severity: .warning,
        summary: "The file is a provider's request body (FCM, OneSignal, PubNub), not the payload the phone receives.")
    public static let oneSignalDataTooLarge = LintRule(id: "onesignal-data-too-large", severity: .error, summary: "OneSignal's data object is limited to 2048 bytes.")
    public static let requestFieldUnknown = LintRule(
        id: "request-field-unknown", severity: .warning,
        summary: "A request body's field its provider does not deliver (often a misspelling), so it never reaches the phone.")
    public static let retractionShown = LintRule(
        id: "retraction-shown", severity: .error,
        summary: "A push that retracts messages would be shown as sent: it names no retract_fallback, or is not the push its fallback needs.")
    public static let messageIDTooLong = LintRule(
        id: "message-id-too-long", severity: .error,
        summary: "A message id (its own, or one it replaces or retracts) is longer than the 64 bytes a collapse id may be.")
    public static let requestRefused = LintRule(
        id: "request-refused", severity: .error,
        summary: "A OneSignal, FCM v1 or Expo request body its provider would refuse, so nothing reaches the phone.")

    /// Every rule, in the order findings are reported.
    public static let all: [LintRule] = [
        .invalidJSON, .noAPS, .noMutableContent, .noVisibleAlert, .mutableContentType, .badgeType, .apsValueType,
        .payloadTooLarge, .customKeyInAPS, .communicationWithoutSenderName, .senderWithoutHandle, .senderHandleKind, .fetchContentWithoutID, .fetchContentCarriesMessage, .communicationKeyNotRead, .communicationValueType, .avatarURL, .attachmentURL,
        .unknownInterruptionLevel, .relevanceScoreRange, .contentAvailableWithAlert, .backgroundWithAlert, .backgroundWithoutContentAvailable,
        .backgroundPriority, .backgroundPushType, .apnsHeaderInvalid, .categoryWithoutContentExtension, .timeSensitiveEntitlement, .oneSignalDataTooLarge,
        .serverRequestBody, .requestRefused, .requestFieldUnknown, .retractionShown, .messageIDTooLong,
    ]
}

/// One problem lint found in one payload.
public struct LintFinding: Hashable, Sendable, CustomStringConvertible {
    public let rule: LintRule
    public let severity: LintRule.Severity
    /// What is wrong and what to change, one line.
    public let message: String

    public init(_ rule: LintRule, _ message: String, severity: LintRule.Severity? = nil) {
        self.rule = rule
        self.severity = severity ?? rule.severity
        self.message = message
    }

    public var description: String { "\(severity.rawValue) \(rule.id): \(message)" }
}
