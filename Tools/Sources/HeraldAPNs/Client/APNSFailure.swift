import Foundation

/// Why a notification was not delivered: what went wrong, typed, and one line for a person.
public struct APNSFailure: Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as the client found it.
    public enum Cause: Hashable, Sendable {
        /// It breaks APNs's rules, so it was not sent: the reason APNs would give, and why.
        case invalidRequest(APNSRequestError)
        /// The server answered with a status other than 200 (and, being APNs, a reason).
        case answered(APNSResponse)
        /// No whole answer came: the request was not sent, or its answer was lost.
        case transport(APNSTransportError)
    }

    /// What went wrong.
    public var cause: Cause
    /// One line for a person: the reason or the transport failure, with what the client made
    /// of it ("no answer: …", "not sent: …", "; not sent again: …").
    public var message: String

    /// - Parameters:
    ///   - cause: what went wrong.
    ///   - message: one line for a person.
    public init(_ cause: Cause, message: String) {
        self.cause = cause
        self.message = message
    }

    /// The HTTP status of the answer; `nil` when no answer came (refused before sending, the
    /// connection failed, the deadline passed).
    public var status: Int? {
        if case .answered(let response) = cause { return response.status }
        return nil
    }

    /// APNs's reason, or for a request refused before sending the reason APNs would give;
    /// `nil` for a transport failure and for an answer without APNs's reason.
    public var reason: APNSErrorReason? {
        switch cause {
        case .invalidRequest(let error): error.reason
        case .answered(let response): response.reason
        case .transport: nil
        }
    }

    /// With 410: since when the token is invalid.
    public var timestamp: Date? {
        if case .answered(let response) = cause { return response.timestamp }
        return nil
    }

    /// Why no whole answer came, for a transport failure.
    public var transportError: APNSTransportError? {
        if case .transport(let error) = cause { return error }
        return nil
    }

    /// Whether the backend should delete the device token (see ``APNSErrorReason/meansDeleteToken``).
    public var shouldDeleteToken: Bool { reason?.meansDeleteToken ?? false }

    /// Whether APNs itself answered with a reason that can mean the wrong environment or topic
    /// rather than a bad token (see ``APNSErrorReason/isEnvironmentOrTopicMismatch``).
    public var mayBeWrongEnvironmentOrTopic: Bool {
        if case .answered(let response) = cause { return response.reason?.isEnvironmentOrTopicMismatch ?? false }
        return false
    }

    /// The status and reason, when there are any, then ``message``.
    public var description: String {
        let head = [status.map(String.init), reason?.rawValue].compactMap { $0 }.joined(separator: " ")
        return head.isEmpty ? message : "\(head): \(message)"
    }
}
