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
/// Availability: Apple's documentation page, iOS 10.0, macOS 12.0, watchOS 3.2 and no tvOS (the
/// reference gives iOS 10).
@available(iOS 10.0, macOS 12.0, watchOS 3.2, *)
@available(tvOS, unavailable)
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
    /// Availability: Apple's documentation page, iOS 14.0, macOS 12.0, watchOS 7.0 (the iOS 15
    /// SDK's generated interface, DougGregor/swift-concurrency-objc
    /// iOS/Intents/INSendMessageIntent.swift, gives iOS 14.0).
    @available(iOS 14.0, macOS 12.0, watchOS 7.0, *)
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
    /// Availability: none of its own (the iOS 15 SDK's generated interface,
    /// DougGregor/swift-concurrency-objc iOS/Intents/INSendMessageIntent.swift, declares
    /// `@NSCopying var sender: INPerson? { get }` without one; INSendMessageIntent.h of 2017 too).
    open var sender: INPerson? { storedSender }

    /// The group's name; `setImage(_:forParameterNamed: \.speakableGroupName)` sets its picture.
    ///
    /// Source: implied by the reference's "\.speakableGroupName for a group image".
    /// Availability: iOS 11.0 (the iOS 15 SDK's generated interface, same file, declares
    /// `@available(iOS 11.0, *) @NSCopying var speakableGroupName`) and watchOS 4.0
    /// (INSendMessageIntent.h of 2017, `API_AVAILABLE(ios(11.0), watchos(4.0), macosx(10.13))`).
    /// UNVERIFIED: macOS. That header's macOS 10.13 predates the class's macOS 12.0 (Intents on
    /// macOS was redone in macOS 11); read here as the class's macOS 12.0, as Apple's page for
    /// `resolveSpeakableGroupName(for:with:)` (iOS 11.0, macOS 12.0, watchOS 4.0) suggests.
    @available(iOS 11.0, watchOS 4.0, *)
    open var speakableGroupName: INSpeakableString? { storedSpeakableGroupName }
}

/// Source: reference, "protocol UNNotificationContentProviding ... // INSendMessageIntent and
/// INStartCallIntent conform (iOS 15)".
/// Availability: iOS 15.0 (reference). UNVERIFIED: macOS, watchOS and tvOS. Apple declares the
/// conformance in INSendMessageIntent+UserNotifications.h, not read; its twin
/// INStartCallIntent+UserNotifications.h ("Copyright (c) 2016-2021") declares
/// `API_AVAILABLE(ios(15.0), macos(12.0), watchos(8.0)) API_UNAVAILABLE(tvos)`, copied here
/// (the class itself is unavailable on tvOS).
@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
@available(tvOS, unavailable)
extension INSendMessageIntent: UNNotificationContentProviding {}
