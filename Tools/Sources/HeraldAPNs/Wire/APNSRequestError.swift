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
