/// A message read from a payload, with what was decided on the way.
public struct DecodedMessage: Hashable, Sendable {
    public var message: Message
    /// Every fallback, rejection and coercion made while reading, in order.
    public var decisions: [Decision]

    public init(message: Message, decisions: [Decision]) {
        self.message = message
        self.decisions = decisions
    }
}
