import AppleFrameworksStandIn
import Foundation
import Testing

// Every API the stand-in declares, called or referenced with the exact labels, types and
// optionality of /work/shared/reference/apple-frameworks.md. Typed references pin each
// signature: if a label, a type or an optional drifts, this file stops compiling. Read-only
// properties are pinned as `KeyPath` and checked at run time not to be writable; settable ones
// as `ReferenceWritableKeyPath`.

/// An override with the reference's exact signatures.
final class SignatureService: UNNotificationServiceExtension {
    var delivered: UNNotificationContent?

    override func didReceive(
        _ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        contentHandler(request.content)
    }

    override func serviceExtensionTimeWillExpire() {}
}

@Suite("Signature conformance")
struct SignatureConformanceTests {
    @Test("UserNotifications")
    func userNotifications() throws {
        let service = SignatureService()
        let makeRequest: (String, UNNotificationContent, UNNotificationTrigger?) -> UNNotificationRequest =
            UNNotificationRequest.init(identifier:content:trigger:)
        let request = makeRequest("id", UNMutableNotificationContent(), nil)
        var delivered: UNNotificationContent?
        service.didReceive(request, withContentHandler: { delivered = $0 })
        service.serviceExtensionTimeWillExpire()
        #expect(delivered === request.content)

        let _: KeyPath<UNNotificationRequest, String> = \.identifier
        let _: KeyPath<UNNotificationRequest, UNNotificationContent> = \.content
        let _: KeyPath<UNNotificationRequest, UNNotificationTrigger?> = \.trigger
        #expect(!(\UNNotificationRequest.content as AnyKeyPath is ReferenceWritableKeyPath<UNNotificationRequest, UNNotificationContent>))

        // UNNotificationContent: read-only; UNMutableNotificationContent: the same, settable.
        let _: KeyPath<UNNotificationContent, String> = \.title
        let _: KeyPath<UNNotificationContent, String> = \.subtitle
        let _: KeyPath<UNNotificationContent, String> = \.body
        let _: KeyPath<UNNotificationContent, NSNumber?> = \.badge
        let _: KeyPath<UNNotificationContent, UNNotificationSound?> = \.sound
        let _: KeyPath<UNNotificationContent, [AnyHashable: Any]> = \.userInfo
        let _: KeyPath<UNNotificationContent, [UNNotificationAttachment]> = \.attachments
        let _: KeyPath<UNNotificationContent, String> = \.categoryIdentifier
        let _: KeyPath<UNNotificationContent, String> = \.threadIdentifier
        let _: KeyPath<UNNotificationContent, String> = \.launchImageName
        let _: KeyPath<UNNotificationContent, String> = \.summaryArgument
        let _: KeyPath<UNNotificationContent, Int> = \.summaryArgumentCount
        let _: KeyPath<UNNotificationContent, String?> = \.targetContentIdentifier
        let _: KeyPath<UNNotificationContent, UNNotificationInterruptionLevel> = \.interruptionLevel
        let _: KeyPath<UNNotificationContent, Double> = \.relevanceScore
        let _: KeyPath<UNNotificationContent, String?> = \.filterCriteria
        let readOnly: [AnyKeyPath] = [
            \UNNotificationContent.title, \UNNotificationContent.subtitle, \UNNotificationContent.body,
            \UNNotificationContent.badge, \UNNotificationContent.sound, \UNNotificationContent.userInfo,
            \UNNotificationContent.attachments, \UNNotificationContent.interruptionLevel,
        ]
        #expect(readOnly.allSatisfy { !($0 is ReferenceWritableKeyPath<UNNotificationContent, String>) })
        #expect(!(\UNNotificationContent.badge as AnyKeyPath is ReferenceWritableKeyPath<UNNotificationContent, NSNumber?>))
        // The control: the same check holds for the mutable subclass's settable properties.
        #expect(\UNMutableNotificationContent.title as AnyKeyPath is ReferenceWritableKeyPath<UNMutableNotificationContent, String>)

        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String> = \.title
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String> = \.subtitle
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String> = \.body
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, NSNumber?> = \.badge
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, UNNotificationSound?> = \.sound
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, [AnyHashable: Any]> = \.userInfo
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, [UNNotificationAttachment]> = \.attachments
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String> = \.categoryIdentifier
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String> = \.threadIdentifier
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String> = \.launchImageName
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String> = \.summaryArgument
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, Int> = \.summaryArgumentCount
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String?> = \.targetContentIdentifier
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, UNNotificationInterruptionLevel> = \.interruptionLevel
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, Double> = \.relevanceScore
        let _: ReferenceWritableKeyPath<UNMutableNotificationContent, String?> = \.filterCriteria

        // Copying, the copy idiom, NSSecureCoding.
        let _: Any = request.content.copy()
        let _: Any = request.content.mutableCopy()
        let mutable = try #require(request.content.mutableCopy() as? UNMutableNotificationContent)
        let _: any NSCopying & NSMutableCopying & NSSecureCoding = mutable
        #expect(UNNotificationContent.supportsSecureCoding)

        // updating(from:) and the provider protocol.
        let updating: (UNNotificationContent) -> (any UNNotificationContentProviding) throws -> UNNotificationContent =
            UNNotificationContent.updating(from:)
        let provider: any UNNotificationContentProviding = TestSupport.messageIntent()
        let _: any NSObjectProtocol = provider
        let updated = try StandInRecorder.$current.withValue(StandInRecorder()) { try updating(mutable)(provider) }
        let _: UNNotificationContent = updated

        // Interruption level: UInt raw values.
        let _: UNNotificationInterruptionLevel? = UNNotificationInterruptionLevel(rawValue: UInt(2))
        let _: UInt = UNNotificationInterruptionLevel.critical.rawValue

        // Sounds.
        let _: UNNotificationSound = UNNotificationSound.default
        let _: (UNNotificationSoundName) -> UNNotificationSound = UNNotificationSound.init(named:)
        let _: UNNotificationSound = UNNotificationSound.defaultCritical
        let critical: (UNNotificationSoundName, Float) -> UNNotificationSound =
            UNNotificationSound.criticalSoundNamed(_:withAudioVolume:)
        mutable.sound = critical(UNNotificationSoundName("alarm.caf"), 0.8)
        let _: (String) -> UNNotificationSoundName = UNNotificationSoundName.init(_:)
        let _: (String) -> UNNotificationSoundName = UNNotificationSoundName.init(rawValue:)
        let _: any NSCopying = UNNotificationSound.default

        // Attachments and their option keys.
        let makeAttachment: (String, URL, [AnyHashable: Any]?) throws -> UNNotificationAttachment =
            UNNotificationAttachment.init(identifier:url:options:)
        let file = try TestSupport.temporaryFile(named: "a.png", size: 10)
        let attachment = try makeAttachment("a", file, nil)
        _ = try UNNotificationAttachment(identifier: "a", url: file)
        _ = try UNNotificationAttachment(identifier: "a", url: file, options: [UNNotificationAttachmentOptionsThumbnailHiddenKey: true])
        let _: KeyPath<UNNotificationAttachment, String> = \.identifier
        let _: KeyPath<UNNotificationAttachment, URL> = \.url
        let _: KeyPath<UNNotificationAttachment, String> = \.type
        let keys: [String] = [
            UNNotificationAttachmentOptionsTypeHintKey, UNNotificationAttachmentOptionsThumbnailHiddenKey,
            UNNotificationAttachmentOptionsThumbnailClippingRectKey, UNNotificationAttachmentOptionsThumbnailTimeKey,
        ]
        #expect(Set(keys).count == 4)
        mutable.attachments = [attachment]

        // Errors.
        let _: (UNError.Code) -> UNError = UNError.init(_:)
        let _: UNError.Code = UNError(.attachmentInvalidURL).code
        let _: Int = UNError.Code.contentProvidingInvalid.rawValue
        let _: any CustomNSError = UNError(.attachmentCorrupt)
    }

    @Test("Intents")
    func intents() async throws {
        // Person handles.
        let _: (String?, INPersonHandleType) -> INPersonHandle = INPersonHandle.init(value:type:)
        let _: (String?, INPersonHandleType, INPersonHandleLabel?) -> INPersonHandle = INPersonHandle.init(value:type:label:)
        let handle = INPersonHandle(value: "u1", type: .unknown)
        let _: INPersonHandleType? = INPersonHandleType(rawValue: 2)
        let _: INPersonSuggestionType? = INPersonSuggestionType(rawValue: 1)

        // Images and speakable strings.
        let _: (String) -> INImage = INImage.init(named:)
        let _: (Data) -> INImage = INImage.init(imageData:)
        let _: (URL) -> INImage? = INImage.init(url:)
        let _: (String) -> INSpeakableString = INSpeakableString.init(spokenPhrase:)

        // People: the five initializers.
        let _: (INPersonHandle, PersonNameComponents?, String?, INImage?, String?, String?) -> INPerson =
            INPerson.init(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:)
        let _: (INPersonHandle, PersonNameComponents?, String?, INImage?, String?, String?, Bool) -> INPerson =
            INPerson.init(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:isMe:)
        let _: (INPersonHandle, PersonNameComponents?, String?, INImage?, String?, String?, Bool, INPersonSuggestionType)
            -> INPerson = INPerson.init(
                personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:isMe:suggestionType:)
        let _: (INPersonHandle, PersonNameComponents?, String?, INImage?, String?, String?, Bool, INPersonSuggestionType)
            -> INPerson = INPerson.init(
                personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:isContactSuggestion:
                    suggestionType:)
        let _: (INPersonHandle, PersonNameComponents?, String?, INImage?, String?, String?, [INPersonHandle]?,
            INPersonSuggestionType) -> INPerson = INPerson.init(
                personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:aliases:suggestionType:)
        let _: KeyPath<INPerson, INPersonHandle?> = \.personHandle
        let _: KeyPath<INPerson, String> = \.displayName
        let _: KeyPath<INPerson, INImage?> = \.image
        let _: KeyPath<INPerson, String?> = \.contactIdentifier
        let _: KeyPath<INPerson, String?> = \.customIdentifier
        #expect(!(\INPerson.displayName as AnyKeyPath is ReferenceWritableKeyPath<INPerson, String>))
        let sender = INPerson(
            personHandle: handle, nameComponents: nil, displayName: "Maya", image: nil, contactIdentifier: nil,
            customIdentifier: "u1", isMe: false)

        // The message intent: the designated initializer, the only one.
        let makeIntent: (
            [INPerson]?, INOutgoingMessageType, String?, INSpeakableString?, String?, String?, INPerson?,
            [INSendMessageAttachment]?
        ) -> INSendMessageIntent = INSendMessageIntent.init(
            recipients:outgoingMessageType:content:speakableGroupName:conversationIdentifier:serviceName:sender:
                attachments:)
        let intent = makeIntent(
            [sender, sender], .outgoingMessageText, "hi", INSpeakableString(spokenPhrase: "G"), "c", nil, sender, nil)
        let _: INIntent = intent
        let _: any UNNotificationContentProviding = intent
        let _: INOutgoingMessageType? = INOutgoingMessageType(rawValue: 1)
        let _: KeyPath<INSendMessageIntent, INPerson?> = \.sender
        let _: KeyPath<INSendMessageIntent, INSpeakableString?> = \.speakableGroupName

        // Donation metadata.
        let metadata = INSendMessageIntentDonationMetadata()
        let _: INIntentDonationMetadata = metadata
        let _: ReferenceWritableKeyPath<INSendMessageIntentDonationMetadata, Bool> = \.mentionsCurrentUser
        let _: ReferenceWritableKeyPath<INSendMessageIntentDonationMetadata, Bool> = \.isReplyToCurrentUser
        let _: ReferenceWritableKeyPath<INSendMessageIntentDonationMetadata, Bool> = \.notifyRecipientAnyway
        let _: ReferenceWritableKeyPath<INSendMessageIntentDonationMetadata, Int> = \.recipientCount
        let _: ReferenceWritableKeyPath<INIntent, INIntentDonationMetadata?> = \.donationMetadata
        intent.donationMetadata = metadata

        // The overlay's key-path image methods.
        try await StandInRecorder.$current.withValue(StandInRecorder()) {
            intent.setImage(INImage(imageData: Data([1])), forParameterNamed: \.sender)
            intent.setImage(nil, forParameterNamed: \.speakableGroupName)
            let _: INImage? = intent.image(forParameterNamed: \.sender)
            let _: INImage? = intent.image(forParameterNamed: \.speakableGroupName)

            // Interactions and donation, both forms.
            let _: (INIntent, INIntentResponse?) -> INInteraction = INInteraction.init(intent:response:)
            let interaction = INInteraction(intent: intent, response: nil)
            let _: ReferenceWritableKeyPath<INInteraction, INInteractionDirection> = \.direction
            interaction.direction = .incoming
            let _: INInteractionDirection? = INInteractionDirection(rawValue: 2)
            let _: (INInteraction) -> ((@Sendable ((any Error)?) -> Void)?) -> Void = INInteraction.donate(completion:)
            let _: (INInteraction) -> () async throws -> Void = INInteraction.donate
            interaction.donate(completion: nil)
            interaction.donate(completion: { _ in })
            interaction.donate { (_: Error?) in }
            try await interaction.donate()
        }
    }
}

/// Sync contexts pick `donate(completion:)` with its default `nil`, as against the SDK.
func donateWithoutHandler(_ interaction: INInteraction) {
    interaction.donate()
}
