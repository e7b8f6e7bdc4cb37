@_spi(HeraldTools) import HeraldCore

/// One of APNs's rules about a notification's push type, priority and size, broken: what the
/// request parser refuses, lint reports and `herald send apns` will not send.
///
/// Its ``description`` says what is wrong in one line; each user adds what to do about it.
public enum APNSRuleViolation: Error, Hashable, Sendable, CustomStringConvertible {
    /// `apns-push-type` is no type APNs knows.
    case unknownPushType(APNSPushType)
    /// `apns-priority` is not 10, 5 or 1; the value as written.
    case unknownPriority(String)
    /// The push type allows only `required`, and the notification is sent at `priority`
    /// (`nil`: none, which APNs takes as 10).
    case priorityNotAllowed(pushType: APNSPushType, priority: APNSPriority?, required: APNSPriority)
    /// A payload whose `aps` holds only `content-available` is sent at priority 10, which
    /// APNs calls an error.
    case contentAvailableAtImmediatePriority
    /// The payload is larger than its push type allows.
    case payloadTooLarge(byteCount: Int, pushType: APNSPushType)

    /// What is wrong, in one line that names the header and the value.
    public var description: String {
        switch self {
        case .unknownPushType(let type):
            "apns-push-type \"\(type.rawValue)\" is not a push type APNs knows"
        case .unknownPriority(let text):
            "apns-priority \"\(text)\" is not \(APNSPriority.known.map { String($0.rawValue) }.phrase(joinedBy: "or"))"
        case .priorityNotAllowed(let type, let priority?, let required):
            "a \(type.rawValue) push must have apns-priority \(required.rawValue), not \(priority.rawValue)"
        case .priorityNotAllowed(let type, nil, let required):
            "a \(type.rawValue) push must set apns-priority \(required.rawValue) (absent means \(APNSPriority.default.rawValue))"
        case .contentAvailableAtImmediatePriority:
            "a payload whose aps holds only content-available must not have apns-priority \(APNSPriority.immediately.rawValue) "
                + "(absent means \(APNSPriority.default.rawValue)); use \(APNSPriority.considerPower.rawValue)"
        case .payloadTooLarge(let byteCount, let type):
            "the payload is \(byteCount) bytes, \(byteCount - type.maximumPayloadByteCount) over the \(type.maximumPayloadByteCount) "
                + "APNs allows for push type \(type.rawValue)"
        }
    }
}
