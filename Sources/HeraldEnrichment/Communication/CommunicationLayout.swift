import Foundation
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
    /// direct conversation, when neither is available, or where intents take no group picture.
    public var groupImage: AvatarSlot?
    /// The initials drawn as the sender's picture, when they have none (no avatar URL, or its
    /// download failed, timed out or was refused) and drawing is on; else `nil`.
    public var senderInitials: InitialsAvatar?
    /// The initials of the group's name drawn as the group line's picture, when it has neither
    /// its own nor the sender's and drawing is on; else `nil`.
    public var groupInitials: InitialsAvatar?
    /// Why: how the sender is named, padding, and the sender's picture standing in for the group's.
    public var decisions: [Decision]

    /// Lays out a notification, or `nil` when it names no sender (no communication layout).
    ///
    /// - Parameters:
    ///   - notification: the enriched notification.
    ///   - groupPadding: how a group with fewer than two recipients keeps its group line.
    ///   - images: which pictures are at hand to show (downloaded and, on the phone, downsampled).
    ///   - groupImages: whether the group line can show a picture at all (intents take none on
    ///     macOS).
    ///   - drawsInitials: whether a sender or group without a picture gets drawn initials (the
    ///     extension's `InitialsAvatar` setting); off, iOS shows its own default.
    public init?(
        _ notification: EnrichedNotification, groupPadding: GroupPadding, images: Set<AvatarSlot>, groupImages: Bool = true,
        drawsInitials: Bool = true
    ) {
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
        if isGroup, groupImages {
            if images.contains(.group) {
                groupImage = .group
            } else if images.contains(.sender) {
                groupImage = .sender
                decisions.append(Decision(.groupImageFromSender, "the group has no picture of its own: the sender's avatar is its image"))
            }
        }
        senderInitials = nil
        groupInitials = nil
        if !images.contains(.sender) {
            let why = Self.missing(notification.avatar, url: sender.avatarURL, subject: "the sender")
            if drawsInitials {
                let initials = InitialsAvatar(name: sender.displayName, givenName: sender.givenName, familyName: sender.familyName, seed: sender.identifier)
                senderInitials = initials
                decisions.append(Decision(.initialsDrawn, "\(why): the extension draws their initials, \(initials.phrase)"))
            } else {
                decisions.append(Decision(.noPicture, "\(why), and drawn initials are off (InitialsAvatar): iOS shows its own default"))
            }
        }
        if let groupName, groupImages, groupImage == nil {
            let why = Self.missing(notification.groupAvatar, url: message.groupAvatarURL, subject: "the group")
            if drawsInitials {
                let initials = InitialsAvatar(name: groupName, seed: message.conversationIdentifier)
                groupInitials = initials
                decisions.append(Decision(.initialsDrawn, "\(why), nor has the sender: the extension draws the group's initials, \(initials.phrase)"))
            } else {
                decisions.append(Decision(.noPicture, "\(why), nor has the sender, and drawn initials are off (InitialsAvatar): iOS shows its own default"))
            }
        }
    }

    /// Why a person or group has no picture: "the sender has no picture (its download failed)".
    private static func missing(_ result: AvatarResult?, url: URL?, subject: String) -> String {
        let reason: String
        switch result?.status {
        case nil where url == nil: reason = "no avatar URL"
        case .failed?: reason = "its download failed"
        case .timedOut?: reason = "its download timed out"
        case .rejected?: reason = "it was refused"
        case .skipped?: reason = "it was not fetched"
        default: reason = "it could not be used"
        }
        return "\(subject) has no picture (\(reason))"
    }
}

extension InitialsAvatar {
    /// How a decision names it: `"ML" on #1f6feb`, or `no letters, on #1f6feb`.
    var phrase: String {
        letters.isEmpty ? "no letters, on \(color.cssHex)" : "\"\(letters)\" on \(color.cssHex)"
    }
}
