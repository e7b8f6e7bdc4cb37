import Foundation

/// A message read from a payload, with what was decided on the way.
public struct DecodedMessage: Hashable, Sendable {
    public var message: Message
    /// Every fallback, rejection and coercion made while reading, in order.
    public var decisions: [Decision]
    /// An avatar given as a relative path or `file:` URL: never used on the phone, but a local
    /// preview (`herald preview` of a payload file) may read it from disk.
    public var localAvatar: URL?

    public init(message: Message, decisions: [Decision], localAvatar: URL? = nil) {
        self.message = message
        self.decisions = decisions
        self.localAvatar = localAvatar
    }
}
