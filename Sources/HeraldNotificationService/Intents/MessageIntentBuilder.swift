import Foundation
import HeraldCore
import HeraldEnrichment

/// Builds the `INSendMessageIntent` iOS turns into a communication notification.
struct MessageIntentBuilder {
    let groupPadding: ServiceConfiguration.GroupPadding

    /// Placeholder recipients carry this identifier prefix, so an app can recognise them.
    static let placeholderPrefix = "herald.placeholder."

    /// The intent for a message with a sender, with its donation metadata and images.
    ///
    /// - Parameters:
    ///   - notification: the enriched notification; must have a sender.
    ///   - avatar: the sender's downsampled avatar bytes, if any.
    ///   - groupAvatar: the group's, if any.
    /// - Returns: the intent and the decisions taken (padding, images).
    func intent(for notification: EnrichedNotification, avatar: Data?, groupAvatar: Data? = nil) -> (INSendMessageIntent, [Decision]) {
        var decisions: [Decision] = []
        let message = notification.message
        let sender = message.sender.map { person(for: $0, image: avatar.map(INImage.init(imageData:))) }
        var recipients = message.recipients.map { identifier in
            INPerson(
                personHandle: INPersonHandle(value: identifier, type: .unknown), nameComponents: nil, displayName: identifier,
                image: nil, contactIdentifier: nil, customIdentifier: identifier)
        }
        let isGroup = message.groupName != nil
        if isGroup, recipients.count < 2, groupPadding != .metadata {
            // iOS treats fewer than two recipients as a direct message and hides the group line.
            let missing = 2 - recipients.count
            recipients += (0..<missing).map { index in
                INPerson(
                    personHandle: INPersonHandle(value: nil, type: .unknown), nameComponents: nil, displayName: "",
                    image: nil, contactIdentifier: nil, customIdentifier: MessageIntentBuilder.placeholderPrefix + String(index + 1))
            }
            decisions.append(Decision(.groupPadded, "group \"\(message.groupName!)\" had \(message.recipients.count) recipient(s); padded to 2 so iOS shows the group line"))
        }
        let intent = INSendMessageIntent(
            recipients: recipients, outgoingMessageType: .outgoingMessageText, content: notification.content.body,
            speakableGroupName: message.groupName.map { INSpeakableString(spokenPhrase: $0) },
            conversationIdentifier: message.conversationIdentifier, serviceName: nil, sender: sender, attachments: nil)
        if avatar != nil || (isGroup && groupAvatar != nil) {
            decisions += setParameterImages(sender: avatar, group: isGroup ? groupAvatar : nil, on: intent, isGroup: isGroup)
        }
        let metadata = INSendMessageIntentDonationMetadata()
        metadata.mentionsCurrentUser = message.mentionsCurrentUser
        metadata.isReplyToCurrentUser = message.isReplyToCurrentUser
        metadata.recipientCount = isGroup && groupPadding != .pad ? max(message.recipients.count, 2) : message.recipients.count
        intent.donationMetadata = metadata
        return (intent, decisions)
    }

    private func person(for sender: Person, image: INImage?) -> INPerson {
        let handle: INPersonHandle
        switch sender.handle?.kind {
        case .email?: handle = INPersonHandle(value: sender.handle?.value, type: .emailAddress)
        case .phone?: handle = INPersonHandle(value: sender.handle?.value, type: .phoneNumber)
        case .unknown?: handle = INPersonHandle(value: sender.handle?.value, type: .unknown)
        case nil: handle = INPersonHandle(value: sender.identifier, type: .unknown)
        }
        // Herald's message model carries no address-book contact identifier: it stays nil.
        return INPerson(
            personHandle: handle, nameComponents: nil, displayName: sender.displayName, image: image,
            contactIdentifier: nil, customIdentifier: sender.identifier)
    }
}
