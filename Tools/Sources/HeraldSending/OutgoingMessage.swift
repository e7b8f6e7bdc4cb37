@_spi(HeraldTools) import HeraldCore

/// A message as a server sends it: the ``Message`` the extension decodes, the text the alert
/// shows, and the presentation options APNs and OneSignal both carry.
///
/// The alert defaults follow what the phone shows for a communication notification: the
/// title is the sender's name, the subtitle the group's name, the body the text. Set
/// ``title`` or ``subtitle`` to override them.
public struct OutgoingMessage: Hashable, Sendable {
    /// Who, where and what media: written into the payload by a ``Layout``.
    public var message: Message
    /// The message text: the alert body.
    public var text: String
    /// Overrides the alert title; `nil` uses the sender's name.
    public var title: String?
    /// Overrides the alert subtitle; `nil` uses the group's name.
    public var subtitle: String?
    /// The notification category, which picks the actions iOS shows (`aps.category`); `nil`
    /// sends the default, and the empty string none (see ``categoryIdentifier``).
    public var category: String?
    /// How insistently iOS presents it; `nil` leaves iOS's default (active).
    public var interruptionLevel: InterruptionLevel?
    /// How iOS ranks it in the summary, 0...1; `nil` leaves it unset.
    public var relevanceScore: Double?
    /// The app icon's badge as an absolute count, such as the user's unread messages
    /// (`aps.badge`; 0 clears it); `nil` leaves the badge as it is. APNs has no increment.
    public var badge: Int?

    /// - Parameters: see the properties.
    public init(
        message: Message,
        text: String,
        title: String? = nil,
        subtitle: String? = nil,
        category: String? = nil,
        interruptionLevel: InterruptionLevel? = nil,
        relevanceScore: Double? = nil,
        badge: Int? = nil
    ) {
        self.message = message
        self.text = text
        self.title = title
        self.subtitle = subtitle
        self.category = category
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.badge = badge
    }

    /// The alert title: ``title``, else the sender's name.
    public var alertTitle: String? { title ?? message.sender?.displayName }

    /// The alert subtitle: ``subtitle``, else the group's name.
    public var alertSubtitle: String? { subtitle ?? message.groupName }

    /// The category sent: ``category``, else, for a message with a sender,
    /// ``MessageCategory/identifier``: the category `HeraldApp` registers with Reply and Mark as
    /// Read (where the app registers no such category, iOS shows no actions, and nothing else
    /// changes). A retraction, a push without a sender, or an empty ``category`` gets none.
    public var categoryIdentifier: String? {
        guard let category else { return message.isCommunication ? MessageCategory.identifier : nil }
        return category.isEmpty ? nil : category
    }
}
