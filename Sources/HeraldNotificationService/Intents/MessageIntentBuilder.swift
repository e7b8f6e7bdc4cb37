import Foundation
import HeraldCore
import HeraldEnrichment

/// Builds the `INSendMessageIntent` iOS turns into a communication notification, by mapping a
/// ``CommunicationLayout`` onto Intents types: the layout decides, this only translates.
struct MessageIntentBuilder {
    let groupPadding: GroupPadding
    /// Whether a sender or group without a picture gets drawn initials (`InitialsAvatar`).
    var drawsInitials = true
    /// Draws, or takes from the cache, an initials avatar's PNG: `nil` when it cannot be drawn,
    /// with the decisions taken on the way (the cache's opening, a drawing not stored).
    var drawInitials: (InitialsAvatar) -> (Data?, [Decision]) = { _ in (nil, []) }

    /// The intent for a message with a sender, with its donation metadata and images.
    ///
    /// - Parameters:
    ///   - notification: the enriched notification; must have a sender.
    ///   - avatar: the sender's downsampled avatar bytes, if any.
    ///   - groupAvatar: the group's, if any.
    /// - Returns: the intent and the decisions taken (padding, images); `nil` without a sender.
    func intent(for notification: EnrichedNotification, avatar: Data?, groupAvatar: Data? = nil) -> (INSendMessageIntent, [Decision])? {
        var images: Set<AvatarSlot> = []
        if avatar != nil { images.insert(.sender) }
        if groupAvatar != nil { images.insert(.group) }
        // Where intents carry no parameter images (macOS), no picture can be the group's.
        guard let layout = CommunicationLayout(
            notification, groupPadding: groupPadding, images: images, groupImages: Self.hasParameterImages, drawsInitials: drawsInitials)
        else { return nil }
        var decisions = layout.decisions
        let senderImage = avatar ?? layout.senderInitials.flatMap { drawn($0, "the sender's", into: &decisions) }
        let recipients = layout.recipients.map { recipient in
            INPerson(
                personHandle: INPersonHandle(value: recipient.isPlaceholder ? nil : recipient.identifier, type: .unknown), nameComponents: nil,
                displayName: recipient.isPlaceholder ? "" : recipient.identifier, image: nil, contactIdentifier: nil, customIdentifier: recipient.identifier)
        }
        let intent = INSendMessageIntent(
            recipients: recipients, outgoingMessageType: .outgoingMessageText, content: notification.content.body,
            speakableGroupName: layout.groupName.map { INSpeakableString(spokenPhrase: $0) },
            conversationIdentifier: notification.message.conversationIdentifier, serviceName: nil,
            sender: person(for: layout.sender, match: layout.senderMatch, image: senderImage.map(INImage.init(imageData:))), attachments: nil)
        let groupImage = layout.groupImage.flatMap { $0 == .group ? groupAvatar : avatar }
            ?? layout.groupInitials.flatMap { drawn($0, "the group's", into: &decisions) }
        if senderImage != nil || groupImage != nil {
            decisions += setParameterImages(sender: senderImage, group: groupImage, on: intent, isGroup: layout.groupName != nil)
        }
        let metadata = INSendMessageIntentDonationMetadata()
        metadata.mentionsCurrentUser = notification.message.mentionsCurrentUser
        metadata.isReplyToCurrentUser = notification.message.isReplyToCurrentUser
        metadata.recipientCount = layout.recipientCount
        intent.donationMetadata = metadata
        return (intent, decisions)
    }

    /// The PNG of drawn initials, or `nil` with a decision that iOS shows its default instead.
    private func drawn(_ initials: InitialsAvatar, _ whose: String, into decisions: inout [Decision]) -> Data? {
        let (image, taken) = drawInitials(initials)
        decisions += taken
        if image == nil {
            decisions.append(Decision(.initialsNotDrawn, "\(whose) initials could not be drawn here: iOS shows its own default"))
        }
        return image
    }

    /// The sender as ``SenderMatch`` names them: a matched contact's identifier, else a phone
    /// or email handle Contacts matches exactly (suggestion type `.none`), else the app handle
    /// the payload gives, suggested as an instant-message address, else the app's internal id,
    /// suggested as nothing.
    ///
    /// Apple: the `suggestionType:` initializer is iOS 15 and macOS 12, below Herald's floor.
    private func person(for sender: Person, match: SenderMatch, image: INImage?) -> INPerson {
        let handle: INPersonHandle
        switch sender.handle?.kind {
        case .email?: handle = INPersonHandle(value: sender.handle?.value, type: .emailAddress)
        case .phone?: handle = INPersonHandle(value: sender.handle?.value, type: .phoneNumber)
        case .app?: handle = INPersonHandle(value: sender.handle?.value, type: .unknown)
        case nil: handle = INPersonHandle(value: sender.identifier, type: .unknown)
        }
        // The name's parts, where the payload names them apart from the display name.
        var nameComponents: PersonNameComponents?
        if sender.givenName != nil || sender.familyName != nil {
            var parts = PersonNameComponents()
            parts.givenName = sender.givenName
            parts.familyName = sender.familyName
            nameComponents = parts
        }
        let contactIdentifier: String?
        let suggestion: INPersonSuggestionType
        switch match {
        case .contact(let identifier):
            contactIdentifier = identifier
            suggestion = .none
        case .phone, .email:
            contactIdentifier = nil
            suggestion = .none
        case .appIDOnly:
            contactIdentifier = nil
            // Apple: with an instant-message suggestion, interactions show that address in place
            // of the person's name. A handle the payload gives is meant to be seen (a username);
            // the app's internal id alone is not, and is suggested as nothing.
            suggestion = sender.handle == nil ? .none : .instantMessageAddress
        }
        return INPerson(
            personHandle: handle, nameComponents: nameComponents, displayName: sender.displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: sender.identifier, isMe: false, suggestionType: suggestion)
    }
}

extension Decision.Code {
    /// Initials ``/HeraldEnrichment/CommunicationLayout`` chose to draw could not be drawn (no
    /// CoreText, as on Linux, or the drawing failed): iOS shows its own default.
    public static let initialsNotDrawn = Decision.Code(rawValue: "initials-not-drawn")
}
