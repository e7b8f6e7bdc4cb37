import Foundation

/// A message read from a payload, with what was decided on the way.
public struct DecodedMessage: Hashable, Sendable {
    /// The message as far as the payload gave it; without a sender name, ``Message/sender`` is `nil`
    /// and the notification keeps the standard layout.
    public var message: Message
    /// Every fallback, rejection and coercion made while reading, in order.
    public var decisions: [Decision]
    /// An avatar given as a relative path or `file:` URL: never used on the phone, but a local
    /// preview (`herald preview` of a payload file) may read it from disk.
    public var localAvatar: URL?

    /// - Parameters:
    ///   - message: the message read.
    ///   - decisions: what was decided while reading it, in order.
    ///   - localAvatar: a local avatar path or `file:` URL; default none.
    public init(message: Message, decisions: [Decision], localAvatar: URL? = nil) {
        self.message = message
        self.decisions = decisions
        self.localAvatar = localAvatar
    }
}
