/// The notification category of a chat message: the one `HeraldApp` registers with a Reply and a
/// Mark-as-read action, and that a server names in `aps.category` so that iOS shows them.
public enum MessageCategory {
    /// `herald.message`.
    public static let identifier = "herald.message"
    /// The Reply action's identifier (a text-input action).
    public static let replyAction = "herald.reply"
    /// The Mark-as-read action's identifier.
    public static let markAsReadAction = "herald.mark-as-read"
}
