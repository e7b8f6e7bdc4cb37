import Foundation

/// The intent of sending a message; donated and passed to `updating(from:)` for a
/// communication notification.
///
/// Source: reference, Intents: `class INSendMessageIntent : INIntent  // iOS 10` with the
/// designated iOS 14 initializer, and "There is NO initializer with `messageType:`"; the
/// `UNNotificationContentProviding` conformance (iOS 15) from the reference's UserNotifications
/// section.
/// `sender` and `speakableGroupName` are public because the reference's usage of
/// `setImage(_:forParameterNamed:)` (`\.sender`, `\.speakableGroupName`) needs them; the
/// reference gives no availability for them. UNVERIFIED: Apple's other read-only properties
/// (`recipients`, `content`...) are not in the reference; read them with
/// `StandInInspection.message(_:)`.
@available(iOS 10.0, *)
open class INSendMessageIntent: INIntent {
    let storedRecipients: [INPerson]?
    let storedOutgoingMessageType: INOutgoingMessageType
    let storedContent: String?
    let storedSpeakableGroupName: INSpeakableString?
    let storedConversationIdentifier: String?
    let storedServiceName: String?
    let storedSender: INPerson?
    let storedAttachments: [INSendMessageAttachment]?

    /// The designated initializer.
    ///
    /// Source: reference, `init(recipients:outgoingMessageType:content:speakableGroupName:
    /// conversationIdentifier:serviceName:sender:attachments:)  // iOS 14, designated`.
    /// Model: the values are kept as given (UNVERIFIED: Apple's properties are `copy`).
    @available(iOS 14.0, *)
    public init(
        recipients: [INPerson]?, outgoingMessageType: INOutgoingMessageType, content: String?,
        speakableGroupName: INSpeakableString?, conversationIdentifier: String?, serviceName: String?,
        sender: INPerson?, attachments: [INSendMessageAttachment]?
    ) {
        storedRecipients = recipients
        storedOutgoingMessageType = outgoingMessageType
        storedContent = content
        storedSpeakableGroupName = speakableGroupName
        storedConversationIdentifier = conversationIdentifier
        storedServiceName = serviceName
        storedSender = sender
        storedAttachments = attachments
        super.init()
    }

    /// The message's sender; `setImage(_:forParameterNamed: \.sender)` sets its avatar.
    ///
    /// Source: implied by the reference's `intent.setImage(avatar, forParameterNamed: \.sender)`.
    open var sender: INPerson? { storedSender }

    /// The group's name; `setImage(_:forParameterNamed: \.speakableGroupName)` sets its picture.
    ///
    /// Source: implied by the reference's "\.speakableGroupName for a group image".
    open var speakableGroupName: INSpeakableString? { storedSpeakableGroupName }
}

/// Source: reference, "protocol UNNotificationContentProviding ... // INSendMessageIntent and
/// INStartCallIntent conform (iOS 15)".
@available(iOS 15.0, *)
extension INSendMessageIntent: UNNotificationContentProviding {}
