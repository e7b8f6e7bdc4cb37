import Foundation

/// What a chat message notification says, independent of any provider's spelling.
///
/// The extension decodes it from a payload with a ``Layout``; a server encodes it with the same
/// layout. ``sender`` decides whether iOS shows the communication layout: without a sender
/// name there is no person to show.
public struct Message: Hashable, Sendable {
    /// The message's own id, as the app's server knows it: what its later edits, deletes and
    /// reads name. A server sends it as `apns-collapse-id` by default (only when the payload is
    /// not sealed).
    public var identifier: String?
    /// What this push does to earlier messages' notifications; `nil` for a new message.
    public var action: MessageAction?
    /// For a retraction (``MessageAction/isRetraction``): how the app shows nothing, as the
    /// server built the push for it. The app's own choice is its extension's `RetractFallback`
    /// setting (``ExtensionSetting/retractFallback``).
    public var retractFallback: RetractFallback?
    /// How much this message adds to the app's unread count, which the extension keeps in the
    /// app group (`BadgeCounter` in HeraldEnrichment) and shows as the badge; `nil` leaves the
    /// count alone. A retraction takes its removed messages off the count instead.
    public var badgeIncrement: Int?
    /// Who sent it; `nil` when the payload names no sender.
    public var sender: Person?
    /// The conversation the message belongs to: iOS groups and ranks by it.
    public var conversationIdentifier: String?
    /// The group's name; a non-nil value makes it a group conversation.
    public var groupName: String?
    /// The group's picture, an absolute http(s) URL: the extension sets it as the intent's
    /// group image. Only a group has one (``normalized`` drops it without ``groupName``).
    public var groupAvatarURL: URL?
    /// The other members of the conversation, by identifier.
    public var recipients: [String]
    /// Whether the message mentions the person receiving it.
    public var mentionsCurrentUser: Bool
    /// Whether the message replies to the person receiving it.
    public var isReplyToCurrentUser: Bool
    /// Media to attach, in payload order, without duplicates.
    public var attachments: [Attachment]
    /// Whether the push carries only ids, and the extension fetches the message itself from the
    /// app's server (`fetch_content`).
    public var fetchesContent: Bool

    /// - Parameters: see the properties; all default to empty.
    public init(
        identifier: String? = nil,
        action: MessageAction? = nil,
        retractFallback: RetractFallback? = nil,
        badgeIncrement: Int? = nil,
        sender: Person? = nil,
        conversationIdentifier: String? = nil,
        groupName: String? = nil,
        groupAvatarURL: URL? = nil,
        recipients: [String] = [],
        mentionsCurrentUser: Bool = false,
        isReplyToCurrentUser: Bool = false,
        attachments: [Attachment] = [],
        fetchesContent: Bool = false
    ) {
        self.identifier = identifier
        self.action = action
        self.retractFallback = retractFallback
        self.badgeIncrement = badgeIncrement
        self.sender = sender
        self.conversationIdentifier = conversationIdentifier
        self.groupName = groupName
        self.groupAvatarURL = groupAvatarURL
        self.recipients = recipients
        self.mentionsCurrentUser = mentionsCurrentUser
        self.isReplyToCurrentUser = isReplyToCurrentUser
        self.attachments = attachments
        self.fetchesContent = fetchesContent
    }

    /// Whether iOS can show this as a communication notification: it has a sender, and it is
    /// not a retraction (which shows nothing, or a plain "Message deleted").
    public var isCommunication: Bool { sender != nil && action?.isRetraction != true }

    /// Why `increment` cannot count this message in the unread count (``badgeIncrement``), or
    /// `nil` when it can: an increment is a whole number above 0 and counts a new message only,
    /// since an edit keeps the count of the message it replaces and a retraction takes its
    /// messages' counts off. What decoding ignores, normalizing drops and a builder refuses.
    public func badgeIncrementProblem(_ increment: Int) -> String? {
        if increment <= 0 { return "it is not a whole number above 0" }
        switch action {
        case nil: return nil
        case .replace: return "an edit keeps the count of the message it replaces"
        case .retract, .clearConversation: return "a retraction counts down by what it removes"
        }
    }
}
