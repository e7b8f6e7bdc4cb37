import AppleFrameworksStandIn
import Foundation
import Testing

@Suite("INPerson and INPersonHandle")
struct INPersonTests {
    let handle = INPersonHandle(value: "maya@example.com", type: .emailAddress, label: INPersonHandleLabel("work"))
    let image = INImage(imageData: Data([1, 2, 3]))
    let components: PersonNameComponents = {
        var components = PersonNameComponents()
        components.givenName = "Maya"
        components.familyName = "Okafor"
        return components
    }()

    func expectBase(_ person: INPerson) {
        #expect(person.personHandle === handle)
        #expect(person.displayName == "Maya O.")
        #expect(person.image === image)
        #expect(person.contactIdentifier == "contact-1")
        #expect(person.customIdentifier == "user-1842")
        #expect(StandInInspection.person(person).nameComponents == components)
        #expect(StandInInspection.person(person).displayName == "Maya O.")
    }

    @Test("the designated initializer stores every field")
    func designated() {
        let person = INPerson(
            personHandle: handle, nameComponents: components, displayName: "Maya O.", image: image,
            contactIdentifier: "contact-1", customIdentifier: "user-1842", isMe: true)
        expectBase(person)
        #expect(StandInInspection.person(person).isMe)
        #expect(StandInInspection.person(person).suggestionType == INPersonSuggestionType.none)
    }

    @Test("the iOS 10 initializer stores every field; isMe is false")
    func base() {
        let person = INPerson(
            personHandle: handle, nameComponents: components, displayName: "Maya O.", image: image,
            contactIdentifier: "contact-1", customIdentifier: "user-1842")
        expectBase(person)
        #expect(!StandInInspection.person(person).isMe)
    }

    @Test("the iOS 15 initializers store every field")
    func suggestionInitializers() {
        let me = INPerson(
            personHandle: handle, nameComponents: components, displayName: "Maya O.", image: image,
            contactIdentifier: "contact-1", customIdentifier: "user-1842", isMe: true, suggestionType: .socialProfile)
        expectBase(me)
        #expect(StandInInspection.person(me).isMe)
        #expect(StandInInspection.person(me).suggestionType == .socialProfile)

        let suggestion = INPerson(
            personHandle: handle, nameComponents: components, displayName: "Maya O.", image: image,
            contactIdentifier: "contact-1", customIdentifier: "user-1842", isContactSuggestion: true,
            suggestionType: .instantMessageAddress)
        expectBase(suggestion)
        #expect(StandInInspection.person(suggestion).isContactSuggestion)
        #expect(StandInInspection.person(suggestion).suggestionType == .instantMessageAddress)

        let alias = INPersonHandle(value: "+15551234", type: .phoneNumber)
        let aliased = INPerson(
            personHandle: handle, nameComponents: components, displayName: "Maya O.", image: image,
            contactIdentifier: "contact-1", customIdentifier: "user-1842", aliases: [alias],
            suggestionType: .socialProfile)
        expectBase(aliased)
        #expect(StandInInspection.person(aliased).aliases?.first === alias)
        #expect(StandInInspection.person(aliased).suggestionType == .socialProfile)
    }

    @Test("displayName is never optional: the stand-in derives one when none is given")
    func derivedDisplayName() {
        let fromComponents = INPerson(
            personHandle: handle, nameComponents: components, displayName: nil, image: nil,
            contactIdentifier: nil, customIdentifier: nil)
        #expect(fromComponents.displayName == "Maya Okafor")
        let fromHandle = INPerson(
            personHandle: handle, nameComponents: nil, displayName: nil, image: nil,
            contactIdentifier: nil, customIdentifier: nil)
        #expect(fromHandle.displayName == "maya@example.com")
    }

    @Test("handles store value, type and label")
    func handles() {
        let stored = StandInInspection.handle(handle)
        #expect(stored.value == "maya@example.com")
        #expect(stored.type == .emailAddress)
        #expect(stored.label == INPersonHandleLabel(rawValue: "work"))
        let bare = StandInInspection.handle(INPersonHandle(value: nil, type: .unknown))
        #expect(bare.value == nil && bare.type == .unknown && bare.label == nil)
    }

    @Test("images and speakable strings keep what they were made from")
    func imagesAndStrings() throws {
        #expect(StandInInspection.source(of: INImage(named: "avatar")) == .named("avatar"))
        #expect(StandInInspection.source(of: image) == .data(Data([1, 2, 3])))
        let url = URL(fileURLWithPath: "/tmp/avatar.png")
        #expect(try StandInInspection.source(of: #require(INImage(url: url))) == .url(url))
        #expect(StandInInspection.spokenPhrase(of: INSpeakableString(spokenPhrase: "Climbers")) == "Climbers")
    }

    @Test("a message intent stores every initializer argument")
    func messageIntent() {
        let intent = TestSupport.messageIntent(groupName: "Climbers", recipientCount: 2)
        let message = StandInInspection.message(intent)
        #expect(message.recipients?.map(\.displayName) == ["Recipient 0", "Recipient 1"])
        #expect(message.outgoingMessageType == .outgoingMessageText)
        #expect(message.content == "Rope is packed")
        #expect(message.speakableGroupName === intent.speakableGroupName)
        #expect(message.conversationIdentifier == "conv-1")
        #expect(message.serviceName == nil)
        #expect(message.sender === intent.sender)
        #expect(intent.sender?.displayName == "Maya")
        #expect(message.attachments == nil)
    }

    @Test("donation metadata is copied when set")
    func metadataCopied() throws {
        let intent = TestSupport.messageIntent()
        let metadata = INSendMessageIntentDonationMetadata()
        metadata.recipientCount = 4
        metadata.mentionsCurrentUser = true
        intent.donationMetadata = metadata
        metadata.recipientCount = 9

        let stored = try #require(intent.donationMetadata as? INSendMessageIntentDonationMetadata)
        #expect(stored !== metadata)
        #expect(stored.recipientCount == 4)
        #expect(stored.mentionsCurrentUser)
        #expect(!stored.isReplyToCurrentUser && !stored.notifyRecipientAnyway)
    }
}
