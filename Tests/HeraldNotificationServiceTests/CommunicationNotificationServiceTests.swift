// Only where AppleFrameworksStandIn exists (Linux): these tests observe the adapter through
// the stand-in's recorder. On Apple platforms it imports the real frameworks, which record
// nothing a test could check (see Package.swift).
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Crypto
import Foundation
import HeraldCore
import HeraldEnrichment
import HeraldSealing
import HeraldTestSupport
import NotificationServiceTestSupport
import Testing

@testable import HeraldNotificationService

@Suite("CommunicationNotificationService on the stand-in")
struct CommunicationNotificationServiceTests {
    /// The reference OneSignal payload, Examples/onesignal-group-message.json.
    static func onesignalExample() throws -> JSONValue {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/onesignal-group-message.json")
        var payload = try JSONValue(parsing: Data(contentsOf: url))
        payload.set(["a": "https://cdn.example.com/media/crag-sunrise.png"], at: JSONPointer("/att")!)  // served by the fake network
        return payload
    }

    @Test func oneSignalPayloadBecomesADonatedIntentThenAnUpdate() async throws {
        let recorder = StandInRecorder()
        let service = TestService()
        let delivered = await service.deliveries(for: try! Self.onesignalExample(), recording: recorder)
        #expect(delivered.count == 1)
        let donation = try #require(recorder.donations.first)
        #expect(donation.direction == .incoming)
        let intent = try #require(donation.intent as? INSendMessageIntent)
        let message = StandInInspection.message(intent)
        let sender = try #require(message.sender)
        #expect(sender.displayName == "Maya Lindqvist")
        #expect(sender.customIdentifier == "user-1842")
        let handle = StandInInspection.handle(try #require(StandInInspection.person(sender).personHandle as INPersonHandle?))
        #expect(handle.value == "maya@example.com" && handle.type == .emailAddress)
        #expect(message.conversationIdentifier == "conv-8c2f1e")
        #expect(message.speakableGroupName.map(StandInInspection.spokenPhrase) == "Weekend climbing 🧗")
        #expect(message.content == "Rope is packed. Who's bringing the chalk? ✨")
        #expect(message.recipients?.count == 3)
        // The avatar bytes reached the sender's image, set before the donation.
        #expect(donation.parameterImages["sender"] != nil)
        let metadata = try #require(intent.donationMetadata as? INSendMessageIntentDonationMetadata)
        #expect(metadata.mentionsCurrentUser)
        #expect(metadata.recipientCount == 3)
        // Donated, then updated; the update's content is what iOS received, subtitle restored.
        let update = try #require(recorder.updates.first)
        #expect(update.providerWasDonated)
        let content = try #require(delivered.first)
        #expect(StandInInspection.contentProvider(of: content) != nil)
        #expect(content.subtitle == "Weekend climbing 🧗")
        #expect(content.attachments.count == 1)
        #expect(service.decisions.contains { $0.code == .subtitleRestored })
        #expect(service.forwardCalls == 1)
    }

    @Test func aGroupsOwnPictureIsTheIntentsGroupImageAndTheSendersStandsInWithoutOne() async throws {
        let groupPicture = ImageFetcher.png(width: 96, height: 96)
        let groupURL = URL(string: "https://cdn.example.com/groups/crew.png")!
        var payload = try Self.onesignalExample()
        payload.set(.string(groupURL.absoluteString), at: JSONPointer("/custom/a/communication/group_avatar_url")!)
        let recorder = StandInRecorder()
        let service = TestService(images: [groupURL: groupPicture])
        #expect(await service.deliveries(for: payload, recording: recorder).count == 1)
        let donation = try #require(recorder.donations.only)
        #expect(donation.parameterImages["sender"].map(StandInInspection.source) == .data(ImageFetcher.png))
        #expect(donation.parameterImages["speakableGroupName"].map(StandInInspection.source) == .data(groupPicture))
        #expect(!service.decisions.contains { $0.code == .groupImageFromSender })

        // Without a picture of its own, the group's image is the sender's, and the log says so.
        let plainRecorder = StandInRecorder()
        let plain = TestService()
        _ = await plain.deliveries(for: try Self.onesignalExample(), recording: plainRecorder)
        let plainDonation = try #require(plainRecorder.donations.only)
        #expect(plainDonation.parameterImages["speakableGroupName"].map(StandInInspection.source) == .data(ImageFetcher.png))
        #expect(plain.decisions.contains { $0.code == .groupImageFromSender })
    }

    @Test func anAvatarThatCannotBeDownsampledAndIsOverTheLimitNeverReachesTheIntent() async throws {
        // 1600×1600: accepted by the pipeline, but 10 MB decoded, over the 1,572,864-pixel limit.
        let script = ScriptedDownsampler(result: nil)
        let recorder = StandInRecorder()
        let service = TestService(image: ImageFetcher.png(width: 1600, height: 1600), downsampler: script.downsampler)
        let delivered = await service.deliveries(for: try Self.onesignalExample(), recording: recorder)
        #expect(delivered.count == 1)
        #expect(script.requestedSizes == [256])
        let donation = try #require(recorder.donations.only)
        #expect(donation.parameterImages.isEmpty)
        let intent = try #require(donation.intent as? INSendMessageIntent)
        #expect(try #require(StandInInspection.message(intent).sender).image == nil)
        #expect(service.decisions.contains { $0.code == .avatarDropped })
        // The rest of the communication notification is intact.
        #expect(recorder.updates.count == 1)
    }

    @Test func aDownsampledAvatarIsWhatTheIntentShows() async throws {
        let thumbnail = ImageFetcher.png(width: 256, height: 256)
        let script = ScriptedDownsampler(result: thumbnail)
        let recorder = StandInRecorder()
        let service = TestService(image: ImageFetcher.png(width: 1600, height: 1600), configure: { $0.avatarSize = 128 }, downsampler: script.downsampler)
        _ = await service.deliveries(for: try Self.onesignalExample(), recording: recorder)
        #expect(script.requestedSizes == [128])
        let donation = try #require(recorder.donations.only)
        #expect(donation.parameterImages["sender"].map(StandInInspection.source) == .data(thumbnail))
        let intent = try #require(donation.intent as? INSendMessageIntent)
        #expect(try #require(StandInInspection.message(intent).sender).image.map(StandInInspection.source) == .data(thumbnail))
        #expect(service.decisions.contains { $0.code == .avatarDownsampled })
    }

    @Test func updatedContentGoesStraightToTheHandlerWhenNothingNeedsRestoring() async throws {
        // The update keeps the subtitle, and a copy of updated content would lose the layout:
        // only content handed on uncopied still carries the provider.
        let behavior = StandInBehavior(updatingClearsSubtitle: false, copiesKeepContentProvider: false)
        let recorder = StandInRecorder(behavior: behavior)
        let service = TestService()
        let delivered = await service.deliveries(for: try! Self.onesignalExample(), recording: recorder)
        #expect(delivered.count == 1)
        let content = try #require(delivered.first)
        let updated = try #require(recorder.updates.only).result.get()
        #expect(content === updated)
        #expect(StandInInspection.contentProvider(of: content) != nil)
        #expect(content.subtitle == "Weekend climbing 🧗")
        #expect(content.attachments.count == 1)
        #expect(!service.decisions.contains { $0.code == .subtitleRestored })
    }

    @Test func aClearedSubtitleIsRestoredOnACopy() async throws {
        // The control for the test above: restoring needs a copy, and under the same model the
        // copy loses the provider, so the switch does bite.
        let recorder = StandInRecorder(behavior: StandInBehavior(copiesKeepContentProvider: false))
        let service = TestService()
        let delivered = await service.deliveries(for: try! Self.onesignalExample(), recording: recorder)
        let content = try #require(delivered.only)
        let updated = try #require(recorder.updates.only).result.get()
        #expect(content !== updated)
        #expect(updated.subtitle.isEmpty)
        #expect(content.subtitle == "Weekend climbing 🧗")
        #expect(content.title == updated.title)
        #expect(StandInInspection.contentProvider(of: content) == nil)
        #expect(service.decisions.contains { $0.code == .subtitleRestored })
    }

    @Test func noSenderStillRunsTheProviderHookWithPlainContent() async throws {
        let recorder = StandInRecorder()
        let service = TestService()
        let payload: JSONValue = ["aps": ["alert": ["title": "Sale", "body": "50% off"], "mutable-content": 1], "custom": ["i": "x"]]
        let delivered = await service.deliveries(for: payload, recording: recorder)
        #expect(delivered.map(\.body) == ["50% off"])
        #expect(recorder.donations.isEmpty && recorder.updates.isEmpty)
        #expect(service.forwardCalls == 1)
        #expect(service.decisions.contains { $0.code == .communicationSkipped })
    }

    struct Failure: Sendable, CustomStringConvertible {
        let name: String
        let behavior: StandInBehavior
        let decision: Decision.Code
        var description: String { name }
    }

    @Test(arguments: [
        Failure(name: "donation fails", behavior: StandInBehavior(donation: .fail(UNError(.contentProvidingInvalid))), decision: .donationFailed),
        Failure(name: "update throws", behavior: StandInBehavior(updating: .fail(.contentProvidingInvalid)), decision: .updateFailed),
    ])
    func failuresFallBackAndDeliverOnce(_ failure: Failure) async throws {
        let recorder = StandInRecorder(behavior: failure.behavior)
        let service = TestService()
        let delivered = await service.deliveries(for: try! Self.onesignalExample(), recording: recorder)
        #expect(delivered.count == 1)
        let content = try #require(delivered.first)
        // No communication layout, but the text and the attachment are there.
        #expect(StandInInspection.contentProvider(of: content) == nil)
        #expect(content.body == "Rope is packed. Who's bringing the chalk? ✨")
        #expect(content.attachments.count == 1)
        #expect(service.decisions.contains { $0.code == failure.decision })
        recorder.completePendingDonations(error: nil)
    }

    @Test func theDonationWaitEndsOnTheServicesClock() async throws {
        // Ten minutes on the service's clock: only the test moves it there, and no real wait
        // ends before the test gives up.
        let clock = ManualClock()
        let recorder = StandInRecorder(behavior: StandInBehavior(donation: .neverCallBack))
        let service = TestService(clock: clock, donationTimeout: .seconds(600))
        let handler = ContentHandlerRecorder()
        StandInRecorder.$current.withValue(recorder) {
            service.didReceive(request(try! Self.onesignalExample()), withContentHandler: handler.handler)
        }
        // The donation is pending and its wait sleeps on the clock: nothing else does by then.
        #expect(await Flag.poll { recorder.pendingDonationCount == 1 && clock.sleeperCount == 1 })
        clock.advance(by: .seconds(599))
        #expect(handler.deliveries.isEmpty)
        #expect(!service.decisions.contains { $0.code == .donationTimedOut })
        clock.advance(by: .seconds(1))
        let delivered = await handler.waitForDelivery()
        #expect(delivered.count == 1)
        let content = try #require(delivered.first)
        // No communication layout, but the text and the attachment are there.
        #expect(StandInInspection.contentProvider(of: content) == nil)
        #expect(content.body == "Rope is packed. Who's bringing the chalk? ✨")
        #expect(content.attachments.count == 1)
        #expect(service.decisions.contains { $0.code == .donationTimedOut })
        recorder.completePendingDonations(error: nil)
    }

    @Test func expiryDuringAHangingAvatarDeliversBestContentOnce() async throws {
        let recorder = StandInRecorder()
        let service = TestService(image: nil)
        let handler = ContentHandlerRecorder()
        let delivered = await StandInRecorder.$current.withValue(recorder) {
            service.didReceive(request(try! Self.onesignalExample()), withContentHandler: handler.handler)
            try? await Task.sleep(for: .milliseconds(200))
            service.serviceExtensionTimeWillExpire()
            let first = await handler.waitForDelivery()
            try? await Task.sleep(for: .milliseconds(300))  // a late download must not deliver again
            return first + handler.deliveries.dropFirst(first.count)
        }
        #expect(delivered.count == 1)
        #expect(delivered.first?.body == "Rope is packed. Who's bringing the chalk? ✨")
        #expect(service.expiryCalls == 1)
        #expect(service.decisions.contains { $0.code == .expired })
    }

    @Test func forwardHookCallingItsHandlerTwiceDeliversOnce() async {
        let service = TestService(forwardTwice: true)
        let delivered = await service.deliveries(for: try! Self.onesignalExample())
        #expect(delivered.count == 1)
    }

    @Test func twoNotificationsInFlightDoNotMix() async throws {
        let recorder = StandInRecorder()
        let first = TestService()
        let second = TestService()
        let firstHandler = ContentHandlerRecorder()
        let secondHandler = ContentHandlerRecorder()
        var other = try Self.onesignalExample()
        other.set("Omar", at: JSONPointer("/custom/a/communication/sender_name")!)
        other.set("Omar says hi", at: JSONPointer("/aps/alert/body")!)
        let otherPayload = other
        await StandInRecorder.$current.withValue(recorder) {
            first.didReceive(request(try! Self.onesignalExample()), withContentHandler: firstHandler.handler)
            second.didReceive(request(otherPayload), withContentHandler: secondHandler.handler)
            _ = await firstHandler.waitForDelivery()
            _ = await secondHandler.waitForDelivery()
        }
        #expect(firstHandler.deliveries.map(\.body) == ["Rope is packed. Who's bringing the chalk? ✨"])
        #expect(secondHandler.deliveries.map(\.body) == ["Omar says hi"])
        let senders = recorder.donations.compactMap { ($0.intent as? INSendMessageIntent).flatMap { StandInInspection.message($0).sender?.displayName } }
        #expect(Set(senders) == ["Maya Lindqvist", "Omar"])
    }

    /// The sender's handle kind and name parts reach the intent's person as the payload says.
    @Test func theSendersHandleKindAndNamePartsReachTheIntent() async throws {
        let recorder = StandInRecorder()
        let payload: JSONValue = [
            "aps": ["alert": ["body": "hi"], "mutable-content": 1],
            "communication": [
                "sender_name": "Ann Lee", "sender_id": "u-7", "sender_handle": "ann@example.com", "sender_handle_kind": "app",
                "sender_given_name": "Ann", "sender_family_name": "Lee",
            ],
        ]
        _ = await TestService().deliveries(for: payload, recording: recorder)
        let intent = try #require(recorder.donations.first?.intent as? INSendMessageIntent)
        let sender = StandInInspection.person(try #require(StandInInspection.message(intent).sender))
        let handle = StandInInspection.handle(try #require(sender.personHandle as INPersonHandle?))
        #expect(handle.value == "ann@example.com" && handle.type == .unknown)
        #expect(sender.nameComponents?.givenName == "Ann" && sender.nameComponents?.familyName == "Lee")
        #expect(sender.displayName == "Ann Lee")
    }

    /// The sender reaches iOS as Apple says Focus and contact matching need: a contact the
    /// app's map names, else a phone or email handle matched exactly, else the app's id
    /// suggested as an instant-message address.
    @Test(arguments: [
        // handle, its kind, handle type, contact identifier, suggestion type
        ("+1 555 0100", "phone", INPersonHandleType.phoneNumber, String?.none, INPersonSuggestionType.none),
        ("ann@example.com", "email", .emailAddress, nil, .none),
        ("+1 555 0199", "phone", .phoneNumber, "C-ANN", .none),
        ("ann-7", "app", .unknown, nil, .instantMessageAddress),
        ("u-ann", "app", .unknown, "C-ANN", .none),
    ])
    func theSenderIsBuiltAsFocusNeedsIt(
        _ value: String, _ kind: String, _ type: INPersonHandleType, _ contact: String?, _ suggestion: INPersonSuggestionType
    ) async throws {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("herald-group-\(UUID().uuidString)", isDirectory: true)
        let map = try ContactMap.inContainer(container)
        // What the app saved: one number, and its own id for another user.
        try map.replace(with: [Handle(value: "+15550199", kind: .phone): "C-ANN", Handle(value: "u-ann", kind: .app): "C-ANN"])
        let recorder = StandInRecorder()
        let payload: JSONValue = [
            "aps": ["alert": ["body": "hi"], "mutable-content": 1],
            "communication": ["sender_name": "Ann", "sender_id": "u-7", "sender_handle": .string(value), "sender_handle_kind": .string(kind)],
        ]
        _ = await TestService { $0.enrichment.contactMap = map }.deliveries(for: payload, recording: recorder)
        let intent = try #require(recorder.donations.first?.intent as? INSendMessageIntent)
        let person = try #require(StandInInspection.message(intent).sender)
        let sender = StandInInspection.person(person)
        let handle = StandInInspection.handle(try #require(sender.personHandle as INPersonHandle?))
        #expect(handle.value == value && handle.type == type)
        #expect(person.contactIdentifier == contact)
        #expect(sender.suggestionType == suggestion)
        #expect(person.customIdentifier == "u-7")
        #expect(sender.isMe == false)
    }

    /// A sender known only by the app's internal id is suggested as nothing: an instant-message
    /// suggestion would show that id in place of their name (Apple).
    @Test func theInternalIDAloneIsNoSuggestion() async throws {
        let recorder = StandInRecorder()
        let payload: JSONValue = ["aps": ["alert": ["body": "hi"], "mutable-content": 1], "communication": ["sender_name": "Ann", "sender_id": "u-7"]]
        _ = await TestService().deliveries(for: payload, recording: recorder)
        let intent = try #require(recorder.donations.first?.intent as? INSendMessageIntent)
        let person = try #require(StandInInspection.message(intent).sender)
        let handle = StandInInspection.handle(try #require(StandInInspection.person(person).personHandle as INPersonHandle?))
        #expect(handle.value == "u-7" && handle.type == .unknown)
        #expect(StandInInspection.person(person).suggestionType == INPersonSuggestionType.none)
    }

    /// iOS may hand one extension process many notifications, a new service for each: once a
    /// notification is delivered and its run is over, nothing of it may stay in memory.
    @Test func aDeliveredNotificationsServiceAndSessionAreFreed() async throws {
        let recorder = StandInRecorder()
        let handler = ContentHandlerRecorder()
        weak var freedService: TestService?
        weak var freedSession: AnyObject?
        let run: Task<Void, Never>
        do {
            let service = TestService()
            freedService = service
            StandInRecorder.$current.withValue(recorder) {
                service.didReceive(request(try! Self.onesignalExample()), withContentHandler: handler.handler)
            }
            let inFlight = try #require(service.inFlight)
            (freedSession, run) = (inFlight.session, inFlight.task)
            #expect(await handler.waitForDelivery().count == 1)
            // The communication layout: the service did its part while iOS held it.
            #expect(handler.deliveries.first.flatMap(StandInInspection.contentProvider(of:)) != nil)
        }
        await run.value
        // The provider's hook runs on a queue of its own, which lets go of the service when the
        // hook returns, just after it delivered.
        #expect(await Flag.poll { freedService == nil })
        #expect(freedSession == nil)
    }

    @Test(arguments: [
        (ServiceConfiguration.GroupPadding.pad, 2, 1),
        (.metadata, 1, 2),
        (.both, 2, 2),
    ])
    func groupPaddingFollowsThePolicy(_ policy: ServiceConfiguration.GroupPadding, _ recipients: Int, _ recipientCount: Int) async throws {
        let recorder = StandInRecorder()
        let service = TestService(configure: { $0.groupPadding = policy })
        let payload: JSONValue = [
            "aps": ["alert": ["body": "hi all"], "mutable-content": 1],
            "communication": ["sender_name": "Ann", "group_name": "Crew", "recipients": ["bo"]],
        ]
        _ = await service.deliveries(for: payload, recording: recorder)
        let intent = try #require(recorder.donations.first?.intent as? INSendMessageIntent)
        #expect(StandInInspection.message(intent).recipients?.count == recipients)
        #expect((intent.donationMetadata as? INSendMessageIntentDonationMetadata)?.recipientCount == recipientCount)
        // Either way iOS treats it as a group.
        #expect(recorder.updates.first?.treatedAsGroup == true)
    }
}

/// A service with decryption keys.
final class KeyedService: CommunicationNotificationService {
    let keys: StaticKeyProvider
    let fetcher = ImageFetcher(image: ImageFetcher.png)

    init(keys: StaticKeyProvider) {
        self.keys = keys
        super.init()
    }

    override var configuration: ServiceConfiguration {
        var configuration = ServiceConfiguration()
        configuration.enrichment.avatarCache = nil
        return configuration
    }
    override func makeFetcher(for configuration: ServiceConfiguration) -> any Fetcher { fetcher }
    override func makeKeyProvider(for configuration: ServiceConfiguration) -> (any KeyProvider)? { keys }
    override func log(_ decision: Decision) {}
}

@Suite("Encrypted payloads in the extension")
struct EncryptedServiceTests {
    @Test func sealedSenderIsDecryptedThenDonated() async throws {
        let key = SymmetricKey(size: .bits256)
        let sealed = try SealedContent.seal(
            ["title": "Noor", "body": "the code is 4471", "communication": ["sender_name": "Noor", "conversation_id": "dm-77"]],
            keyID: "k1", using: key)
        let payload: JSONValue = [
            "aps": ["alert": ["title": "New message", "body": "You have a new message"], "mutable-content": 1],
            "sealed": sealed.json,
        ]
        let recorder = StandInRecorder()
        let service = KeyedService(keys: StaticKeyProvider(keys: ["k1": key]))
        let delivered = await service.deliveries(for: payload, recording: recorder)
        #expect(delivered.map(\.body) == ["the code is 4471"])
        let intent = try #require(recorder.donations.first?.intent as? INSendMessageIntent)
        #expect(StandInInspection.message(intent).sender?.displayName == "Noor")
        #expect(StandInInspection.message(intent).conversationIdentifier == "dm-77")

        // The wrong key: the fallback text, no sender, still exactly one delivery.
        let locked = KeyedService(keys: StaticKeyProvider(keys: ["k1": SymmetricKey(size: .bits256)]))
        let fallback = await locked.deliveries(for: payload)
        #expect(fallback.map(\.body) == ["(Encrypted)"])
    }
}
#endif
