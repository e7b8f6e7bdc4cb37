import HeraldSending

/// Why a request breaks APNs's rules: the reason APNs would answer with, and a line for a person.
public struct APNSRequestError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reason APNs gives for this fault; its ``APNSErrorReason/status`` is the HTTP status.
    public let reason: APNSErrorReason
    /// One line for a person.
    public let message: String

    /// - Parameters:
    ///   - reason: the reason APNs would give.
    ///   - message: one line for a person.
    public init(_ reason: APNSErrorReason, _ message: String) {
        self.reason = reason
        self.message = message
    }

    public var description: String { "\(reason.rawValue): \(message)" }
}

extension APNSRequestError {
    /// The error APNs answers a broken rule with: the reason for it, and its description.
    ///
    /// - Parameter violation: the rule broken.
    public init(_ violation: APNSRuleViolation) {
        self.init(violation.reason, violation.description)
    }
}

extension APNSRuleViolation {
    /// The reason APNs answers this violation with.
    public var reason: APNSErrorReason {
        switch self {
        case .unknownPushType: .invalidPushType
        case .unknownPriority, .priorityNotAllowed, .contentAvailableAtImmediatePriority: .badPriority
        case .payloadTooLarge: .payloadTooLarge
        }
    }
}
