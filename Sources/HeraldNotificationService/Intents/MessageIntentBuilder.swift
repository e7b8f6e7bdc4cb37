import Foundation
import HeraldCore
import HeraldEnrichment

/// Builds the `INSendMessageIntent` iOS turns into a communication notification, by mapping a
/// ``CommunicationLayout`` onto Intents types: the layout decides, this only translates.
struct MessageIntentBuilder {
    let groupPadding: GroupPadding

    /// The intent for a message with a sender, with its donation metadata and images.
    ///
    /// - Parameters:
    ///   - notification: the enriched notification; must have a sender.
    ///   - avatar: the sender's downsampled avatar bytes, if any.
    ///   - groupAvatar: the group's, if any.
    /// - Returns: the intent and the decisions taken (padding, images); `nil` without a sender.
    func intent(for notification: EnrichedNotification, avatar: Data?, groupAvatar: Data? = nil) -> (INSendMessageIntent, [Decision])? {
        // Where intents carry no parameter images (macOS), no picture can be the group's.
        var images: Set<AvatarSlot> = []
        if avatar != nil, Self.hasParameterImages { images.insert(.sender) }
        if groupAvatar != nil, Self.hasParameterImages { images.insert(.group) }
        guard let layout = CommunicationLayout(notification, groupPadding: groupPadding, images: images) else { return nil }
        let recipients = layout.recipients.map { recipient in
            INPerson(
                personHandle: INPersonHandle(value: recipient.isPlaceholder ? nil : recipient.identifier, type: .unknown), nameComponents: nil,
                displayName: recipient.isPlaceholder ? "" : recipient.identifier, image: nil, contactIdentifier: nil, customIdentifier: recipient.identifier)
        }
        let intent = INSendMessageIntent(
            recipients: recipients, outgoingMessageType: .outgoingMessageText, content: notification.content.body,
            speakableGroupName: layout.groupName.map { INSpeakableString(spokenPhrase: $0) },
            conversationIdentifier: notification.message.conversationIdentifier, serviceName: nil,
            sender: person(for: layout.sender, match: layout.senderMatch, image: avatar.map(INImage.init(imageData:))), attachments: nil)
        var decisions = layout.decisions
        let groupImage = layout.groupImage.flatMap { $0 == .group ? groupAvatar : avatar }
        if avatar != nil || groupImage != nil {
            decisions += setParameterImages(sender: avatar, group: groupImage, on: intent, isGroup: layout.groupName != nil)
        }
        let metadata = INSendMessageIntentDonationMetadata()
        metadata.mentionsCurrentUser = notification.message.mentionsCurrentUser
        metadata.isReplyToCurrentUser = notification.message.isReplyToCurrentUser
        metadata.recipientCount = layout.recipientCount
        intent.donationMetadata = metadata
        return (intent, decisions)
    }

    /// The sender as ``SenderMatch`` names them: a matched contact's identifier, else a phone
    /// or email handle Contacts matches exactly (suggestion type `.none`), else the app's id,
    /// suggested as an instant-message address.
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
            suggestion = .instantMessageAddress
        }
        return INPerson(
            personHandle: handle, nameComponents: nameComponents, displayName: sender.displayName, image: image,
            contactIdentifier: contactIdentifier, customIdentifier: sender.identifier, isMe: false, suggestionType: suggestion)
    }
}
