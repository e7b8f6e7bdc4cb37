import HeraldCore

/// A notification with a sender, laid out as a message from a person: who sent it, who else
/// is in the conversation (padded for iOS when needed), the group line and which picture it
/// shows.
///
/// Computed once, in platform-independent code: the iOS adapter maps it onto an
/// `INSendMessageIntent` and its donation metadata, and `herald preview` draws it, so what a
/// preview shows is what the phone is given.
public struct CommunicationLayout: Hashable, Sendable {
    /// One recipient of the intent.
    public struct Recipient: Hashable, Sendable {
        /// The recipient's identifier: the payload's, or for a placeholder
        /// ``CommunicationLayout/placeholderPrefix`` and a number.
        public var identifier: String
        /// Whether Herald added it only so that iOS shows the group line.
        public var isPlaceholder: Bool

        /// - Parameters:
        ///   - identifier: the recipient's identifier.
        ///   - isPlaceholder: whether it is padding, not a person.
        public init(identifier: String, isPlaceholder: Bool) {
            self.identifier = identifier
            self.isPlaceholder = isPlaceholder
        }
    }

    /// Placeholder recipients' identifiers start with this, so an app can recognise them.
    public static let placeholderPrefix = "herald.placeholder."

    /// Who sent the message.
    public var sender: Person
    /// How the sender is named to iOS: a matched contact, a phone or email handle, or the
    /// app's id only, which decides whether Focus can recognise them.
    public var senderMatch: SenderMatch
    /// The intent's recipients: the payload's, then any placeholders.
    public var recipients: [Recipient]
    /// The donation metadata's recipient count, which iOS reads as the conversation's size.
    public var recipientCount: Int
    /// The group line; `nil` in a direct conversation.
    public var groupName: String?
    /// Which downloaded picture the group line shows (its own, else the sender's); `nil` in a
    /// direct conversation or when neither is available.
    public var groupImage: AvatarSlot?
    /// Why: how the sender is named, padding, and the sender's picture standing in for the group's.
    public var decisions: [Decision]

    /// Lays out a notification, or `nil` when it names no sender (no communication layout).
    ///
    /// - Parameters:
    ///   - notification: the enriched notification.
    ///   - groupPadding: how a group with fewer than two recipients keeps its group line.
    ///   - images: which pictures are at hand to show (downloaded and, on the phone, downsampled).
    public init?(_ notification: EnrichedNotification, groupPadding: GroupPadding, images: Set<AvatarSlot>) {
        let message = notification.message
        guard notification.isCommunication, let sender = message.sender else { return nil }
        self.sender = sender
        senderMatch = SenderMatch(sender, contactIdentifier: notification.senderContactIdentifier)
        groupName = message.groupName
        decisions = [senderMatch.decision]
        recipients = message.recipients.map { Recipient(identifier: $0, isPlaceholder: false) }
        let isGroup = groupName != nil
        if isGroup, recipients.count < 2, groupPadding != .metadata {
            let missing = 2 - recipients.count
            recipients += (1...missing).map { Recipient(identifier: Self.placeholderPrefix + String($0), isPlaceholder: true) }
            decisions.append(Decision(
                .groupPadded, "group \"\(message.groupName ?? "")\" had \(message.recipients.count) recipient(s); padded to 2 so iOS shows the group line"))
        }
        recipientCount = isGroup && groupPadding != .pad ? max(message.recipients.count, 2) : message.recipients.count
        groupImage = nil
        if isGroup {
            if images.contains(.group) {
                groupImage = .group
            } else if images.contains(.sender) {
                groupImage = .sender
                decisions.append(Decision(.groupImageFromSender, "the group has no picture of its own: the sender's avatar is its image"))
            }
        }
    }
}
