import AppleFrameworksStandIn
import Foundation
import Testing

// Every API the stand-in declares, called or referenced with the exact labels, types and
// optionality of Apple's declarations (the SDK headers and Swift overlay the stand-in's "Source:"
// lines name; AvailabilityTable.swift names each one's Apple page). Typed references pin each
// signature: if a label, a type or an optional drifts, this file stops compiling. Every property
// is also checked at run time to be read-only or settable as the reference declares it
// (`isWritable(_:)`).

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

        // Properties: each pinned by its exact value type, and read-only or settable as the
        // reference declares it (`{ get }` for UNNotificationContent's, redeclared `{ get set }`
        // by UNMutableNotificationContent).
        let requestProperties = [
            property("identifier", \UNNotificationRequest.identifier, String.self),
            property("content", \UNNotificationRequest.content, UNNotificationContent.self),
            property("trigger", \UNNotificationRequest.trigger, UNNotificationTrigger?.self),
        ]
        #expect(requestProperties.filter(\.isWritable).map(\.name) == [])

        let contentProperties = [
            property("title", \UNNotificationContent.title, String.self),
            property("subtitle", \UNNotificationContent.subtitle, String.self),
            property("body", \UNNotificationContent.body, String.self),
            property("badge", \UNNotificationContent.badge, NSNumber?.self),
            property("sound", \UNNotificationContent.sound, UNNotificationSound?.self),
            property("userInfo", \UNNotificationContent.userInfo, [AnyHashable: Any].self),
            property("attachments", \UNNotificationContent.attachments, [UNNotificationAttachment].self),
            property("categoryIdentifier", \UNNotificationContent.categoryIdentifier, String.self),
            property("threadIdentifier", \UNNotificationContent.threadIdentifier, String.self),
            property("launchImageName", \UNNotificationContent.launchImageName, String.self),
            property("summaryArgument", \UNNotificationContent.summaryArgument, String.self),
            property("summaryArgumentCount", \UNNotificationContent.summaryArgumentCount, Int.self),
            property("targetContentIdentifier", \UNNotificationContent.targetContentIdentifier, String?.self),
            property("interruptionLevel", \UNNotificationContent.interruptionLevel, UNNotificationInterruptionLevel.self),
            property("relevanceScore", \UNNotificationContent.relevanceScore, Double.self),
            property("filterCriteria", \UNNotificationContent.filterCriteria, String?.self),
        ]
        #expect(contentProperties.count == 16)
        #expect(contentProperties.filter(\.isWritable).map(\.name) == [])

        let mutableProperties = [
            property("title", \UNMutableNotificationContent.title, String.self),
            property("subtitle", \UNMutableNotificationContent.subtitle, String.self),
            property("body", \UNMutableNotificationContent.body, String.self),
            property("badge", \UNMutableNotificationContent.badge, NSNumber?.self),
            property("sound", \UNMutableNotificationContent.sound, UNNotificationSound?.self),
            property("userInfo", \UNMutableNotificationContent.userInfo, [AnyHashable: Any].self),
            property("attachments", \UNMutableNotificationContent.attachments, [UNNotificationAttachment].self),
            property("categoryIdentifier", \UNMutableNotificationContent.categoryIdentifier, String.self),
            property("threadIdentifier", \UNMutableNotificationContent.threadIdentifier, String.self),
            property("launchImageName", \UNMutableNotificationContent.launchImageName, String.self),
            property("summaryArgument", \UNMutableNotificationContent.summaryArgument, String.self),
            property("summaryArgumentCount", \UNMutableNotificationContent.summaryArgumentCount, Int.self),
            property("targetContentIdentifier", \UNMutableNotificationContent.targetContentIdentifier, String?.self),
            property(
                "interruptionLevel", \UNMutableNotificationContent.interruptionLevel, UNNotificationInterruptionLevel.self),
            property("relevanceScore", \UNMutableNotificationContent.relevanceScore, Double.self),
            property("filterCriteria", \UNMutableNotificationContent.filterCriteria, String?.self),
        ]
        #expect(mutableProperties.count == 16)
        #expect(mutableProperties.filter { !$0.isWritable }.map(\.name) == [])
        #expect(mutableProperties.map(\.name) == contentProperties.map(\.name))

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
        // `-> Self`: `criticalSound(_:)` compiles only if the result has the receiver's type.
        let critical = criticalSound(UNNotificationSound.self)
        mutable.sound = critical(UNNotificationSoundName("alarm.caf"), 0.8)
        #expect(StandInInspection.sound(try #require(mutable.sound)) == .critical(name: UNNotificationSoundName("alarm.caf"), volume: 0.8))
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
        let attachmentProperties = [
            property("identifier", \UNNotificationAttachment.identifier, String.self),
            property("url", \UNNotificationAttachment.url, URL.self),
            property("type", \UNNotificationAttachment.type, String.self),
        ]
        #expect(attachmentProperties.filter(\.isWritable).map(\.name) == [])
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
        let personProperties = [
            property("personHandle", \INPerson.personHandle, INPersonHandle?.self),
            property("displayName", \INPerson.displayName, String.self),
            property("image", \INPerson.image, INImage?.self),
            property("contactIdentifier", \INPerson.contactIdentifier, String?.self),
            property("customIdentifier", \INPerson.customIdentifier, String?.self),
        ]
        #expect(personProperties.filter(\.isWritable).map(\.name) == [])
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
        // The reference shows these two only through `setImage(_:forParameterNamed:)`'s key
        // paths; read-only, as the stand-in declares them, so the adapter cannot write them.
        let intentProperties = [
            property("sender", \INSendMessageIntent.sender, INPerson?.self),
            property("speakableGroupName", \INSendMessageIntent.speakableGroupName, INSpeakableString?.self),
        ]
        #expect(intentProperties.filter(\.isWritable).map(\.name) == [])

        // Donation metadata.
        let metadata = INSendMessageIntentDonationMetadata()
        let _: INIntentDonationMetadata = metadata
        // Declared without `{ get }` in the reference's class bodies: settable.
        let settableProperties = [
            property("mentionsCurrentUser", \INSendMessageIntentDonationMetadata.mentionsCurrentUser, Bool.self),
            property("isReplyToCurrentUser", \INSendMessageIntentDonationMetadata.isReplyToCurrentUser, Bool.self),
            property("notifyRecipientAnyway", \INSendMessageIntentDonationMetadata.notifyRecipientAnyway, Bool.self),
            property("recipientCount", \INSendMessageIntentDonationMetadata.recipientCount, Int.self),
            property("donationMetadata", \INIntent.donationMetadata, INIntentDonationMetadata?.self),
            property("direction", \INInteraction.direction, INInteractionDirection.self),
        ]
        #expect(settableProperties.filter { !$0.isWritable }.map(\.name) == [])
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

/// Whether a key path can write: a settable property of a class gives a
/// `ReferenceWritableKeyPath`, a `{ get }` one a plain `KeyPath`.
func isWritable<R, V>(_ keyPath: KeyPath<R, V>) -> Bool {
    keyPath is ReferenceWritableKeyPath<R, V>
}

/// A property's name and whether it is settable. `type` pins the value type exactly: a key path
/// literal is not converted, so `String.self` for a `String?` property does not compile.
func property<R, V>(_ name: String, _ keyPath: KeyPath<R, V>, _ type: V.Type) -> (name: String, isWritable: Bool) {
    (name, isWritable(keyPath))
}

/// `criticalSoundNamed(_:withAudioVolume:)` on `sound`: compiles only while it returns `Self`
/// (a `UNNotificationSound` result would not convert to `Sound`). Not called with a subclass:
/// the stand-in traps there (see `UNNotificationSound.swift`).
func criticalSound<Sound: UNNotificationSound>(_ sound: Sound.Type) -> (UNNotificationSoundName, Float) -> Sound {
    sound.criticalSoundNamed(_:withAudioVolume:)
}

/// Sync contexts pick `donate(completion:)` with its default `nil`, as against the SDK.
func donateWithoutHandler(_ interaction: INInteraction) {
    interaction.donate()
}
