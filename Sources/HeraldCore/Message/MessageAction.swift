/// What a push does to the notifications of earlier messages that are still on the lock screen,
/// beyond (or instead of) showing its own.
///
/// A chat message's notification has a life after it is shown: the message is edited or
/// deleted, or read on another device. Each of these is a push that names the messages by
/// ``Message/identifier`` (or the conversation by ``Message/conversationIdentifier``). This
/// value is what the push asks for; a server sends an edit with the replaced message's id as
/// its collapse id (``Message/identifier``), which replaces the notification without the
/// extension. The extension removes the delivered notifications an action names before it
/// delivers (`NotificationRemover` in HeraldEnrichment), which a sealed payload needs.
public enum MessageAction: Hashable, Sendable {
    /// An edit: this push's notification takes the place of message `identifier`'s, and answers
    /// to that identifier from then on. With a plain payload the collapse id (the identifier)
    /// does it; a sealed one carries no collapse id, and needs the extension to remove the old
    /// notification.
    case replace(String)
    /// A delete, or messages read elsewhere: the notifications of these messages are to be
    /// removed, and the push shows nothing of its own if the app can filter (or what its
    /// ``RetractFallback`` says).
    case retract([String])
    /// A conversation read elsewhere: every notification of conversation `identifier` is to be
    /// removed, and the push shows nothing of its own, as for ``retract(_:)``.
    case clearConversation(String)

    /// What the action names, as a person reads it: `message m-1`, `messages m-1, m-2`,
    /// `conversation c-1`.
    public var subject: String {
        switch self {
        case .replace(let identifier): "message \(identifier)"
        case .retract(let identifiers): "message\(identifiers.count == 1 ? "" : "s") \(identifiers.joined(separator: ", "))"
        case .clearConversation(let identifier): "conversation \(identifier)"
        }
    }

    /// Whether the push removes notifications and has nothing of its own to show.
    public var isRetraction: Bool {
        switch self {
        case .replace: false
        case .retract, .clearConversation: true
        }
    }
}
