// Only where AppleFrameworksStandIn exists (Linux): these tests observe the adapter through the
// stand-in's notification center.
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Crypto
import Foundation
import HeraldCore
import HeraldEnrichment
import HeraldSealing
import NotificationServiceTestSupport
import Testing

@testable import HeraldNotificationService

/// A service with decryption keys and an app's `RetractFallback`, which keeps its decisions.
final class LifeService: CommunicationNotificationService, @unchecked Sendable {
    // @unchecked: `logged` is only touched while `lock` is held.
    private let lock = NSLock()
    private var logged: [Decision] = []
    let keys = StaticKeyProvider(keys: [LifeService.keyID: LifeService.key])
    let fallback: RetractFallback?
    let counter: BadgeCounter?

    static let key = SymmetricKey(size: .bits256)
    static let keyID = "k1"

    init(fallback: RetractFallback?, counter: BadgeCounter? = nil) {
        self.fallback = fallback
        self.counter = counter
        super.init()
    }

    override var configuration: ServiceConfiguration {
        var configuration = ServiceConfiguration()
        configuration.enrichment.avatarCache = nil
        configuration.enrichment.fetchMedia = false
        configuration.enrichment.retractFallback = fallback
        configuration.enrichment.badgeCounter = counter  // The app group's, on a phone.
        return configuration
    }
    override func makeKeyProvider(for configuration: ServiceConfiguration) -> (any KeyProvider)? { keys }
    override func log(_ decision: Decision) { lock.withLock { logged.append(decision) } }
    var decisions: [Decision] { lock.withLock { logged } }

    /// A sealed push whose plaintext is `sealed`, with the placeholder text a server shows in the clear.
    static func sealedPush(_ sealed: JSONValue) throws -> JSONValue {
        [
            "aps": ["alert": ["title": "New message", "body": "You have a new message"], "mutable-content": 1],
            "sealed": try SealedContent.seal(sealed, keyID: keyID, using: key).json,
        ]
    }
}

@Suite("A message's life on the stand-in's lock screen")
struct MessageLifeServiceTests {
    /// Runs `payload` through a fresh service, as iOS does for a push, then shows what it
    /// delivered under `identifier` on `recorder`'s lock screen, as iOS would.
    static func receive(
        _ payload: JSONValue, as identifier: String = UUID().uuidString, fallback: RetractFallback? = .filtered, counter: BadgeCounter? = nil,
        on recorder: StandInRecorder
    ) async throws -> (content: UNNotificationContent, service: LifeService) {
        let service = LifeService(fallback: fallback, counter: counter)
        let delivered = await service.deliveries(for: payload, recording: recorder)
        #expect(delivered.count == 1)
        let content = try #require(delivered.first)
        if !content.title.isEmpty || !content.body.isEmpty {
            recorder.deliver(UNNotificationRequest(identifier: identifier, content: content, trigger: nil))
        }
        return (content, service)
    }

    static func message(_ id: String, in conversation: String, _ text: String) -> JSONValue {
        [
            "aps": ["alert": ["title": "Ann", "body": .string(text)], "mutable-content": 1],
            "communication": ["sender_name": "Ann", "conversation_id": .string(conversation), "message_id": .string(id)],
        ]
    }

    static func retraction(_ block: [String: JSONValue]) -> JSONValue {
        var communication: [String: JSONValue] = ["sender_name": "Ann", "conversation_id": "c1"]
        communication.merge(block) { $1 }
        return ["aps": ["alert": ["title": "Ann", "body": "Message deleted"], "mutable-content": 1], "communication": .object(communication)]
    }

    /// What the lock screen shows: each notification's body.
    static func shown(_ recorder: StandInRecorder) -> [String] { recorder.deliveredNotifications.map(\.request.content.body) }

    @Test func anEditedSealedMessageReplacesItsNotification() async throws {
        let recorder = StandInRecorder()
        // Sealed: no collapse id travels in the clear, so iOS gives each push its own request id.
        _ = try await Self.receive(try LifeService.sealedPush([
            "body": "see you at 5", "communication": ["sender_name": "Ann", "conversation_id": "c1", "message_id": "m-1"],
        ]), on: recorder)
        _ = try await Self.receive(Self.message("m-2", in: "c1", "other"), on: recorder)
        #expect(Self.shown(recorder) == ["see you at 5", "other"])
        let (edited, service) = try await Self.receive(try LifeService.sealedPush([
            "body": "see you at 6", "communication": ["sender_name": "Ann", "conversation_id": "c1", "message_id": "m-1", "replaces": "m-1"],
        ]), on: recorder)
        #expect(Self.shown(recorder) == ["other", "see you at 6"])
        #expect(edited.body == "see you at 6")
        #expect(recorder.removals.count == 1)
        #expect(service.decisions.contains { $0.code == .notificationsRemoved })
        // The edit answers to m-1 from now on: a delete of m-1 finds it.
        _ = try await Self.receive(Self.retraction(["retracts": "m-1"]), on: recorder)
        #expect(Self.shown(recorder) == ["other"])
    }

    @Test func aFilteredDeleteLeavesNoNotificationAndShowsNothing() async throws {
        let recorder = StandInRecorder()
        _ = try await Self.receive(Self.message("m-1", in: "c1", "hello"), on: recorder)
        let (delivered, service) = try await Self.receive(Self.retraction(["retracts": ["m-1"]]), fallback: .filtered, on: recorder)
        #expect(Self.shown(recorder).isEmpty)
        // Empty content: what iOS shows as nothing when the extension has the filtering entitlement.
        #expect(delivered.title.isEmpty && delivered.subtitle.isEmpty && delivered.body.isEmpty)
        #expect(delivered.sound == nil && delivered.attachments.isEmpty)
        #expect(recorder.donations.count == 1)  // The message's; none for the delete.
        #expect(service.decisions.map(\.code).contains(.retractionHidden))
    }

    @Test func aVisibleDeleteShowsOnlyItsReplacement() async throws {
        let recorder = StandInRecorder()
        _ = try await Self.receive(Self.message("m-1", in: "c1", "hello"), on: recorder)
        let (delivered, _) = try await Self.receive(Self.retraction(["retracts": ["m-1"], "retract_fallback": "visible"]), fallback: .visible, on: recorder)
        #expect(Self.shown(recorder) == ["Message deleted"])
        #expect(delivered.body == "Message deleted")
        // No communication layout for the replacement: nothing was donated for it.
        #expect(recorder.donations.count == 1)
    }

    @Test func aDeleteWithoutTheAppsFallbackStillRemovesAndSaysWhy() async throws {
        let recorder = StandInRecorder()
        _ = try await Self.receive(Self.message("m-1", in: "c1", "hello"), on: recorder)
        let (_, service) = try await Self.receive(Self.retraction(["retracts": ["m-1"]]), fallback: nil, on: recorder)
        #expect(Self.shown(recorder) == ["Message deleted"])
        #expect(service.decisions.contains { $0.code == .retractionShown && $0.message.contains("no RetractFallback setting") })
    }

    @Test func readElsewhereClearsExactlyItsConversation() async throws {
        let recorder = StandInRecorder()
        _ = try await Self.receive(Self.message("m-1", in: "c1", "one"), on: recorder)
        _ = try await Self.receive(Self.message("m-2", in: "c2", "two"), on: recorder)
        _ = try await Self.receive(Self.message("m-3", in: "c1", "three"), on: recorder)
        _ = try await Self.receive(Self.retraction(["clears_conversation": "c1"]), on: recorder)
        #expect(Self.shown(recorder) == ["two"])
    }

    @Test func aRemovalIOSAppliesLateIsWaitedFor() async throws {
        let recorder = StandInRecorder()
        _ = try await Self.receive(Self.message("m-1", in: "c1", "hello"), on: recorder)
        recorder.behavior.removalTakesEffect = .afterReads(3)
        let (_, service) = try await Self.receive(Self.retraction(["retracts": ["m-1"]]), on: recorder)
        // The content was delivered only after iOS's list stopped showing m-1.
        #expect(Self.shown(recorder).isEmpty)
        #expect(service.decisions.contains { $0.code == .notificationsRemoved && $0.message.hasSuffix("after 4 reads") })
    }

    @Test func theBadgeCountsMessagesAndADeleteTakesItsMessageOff() async throws {
        let recorder = StandInRecorder()
        let counter = try BadgeCounter.inContainer(
            FileManager.default.temporaryDirectory.appendingPathComponent("herald-life-\(UUID().uuidString)", isDirectory: true))
        var counted: [NSNumber?] = []
        for (id, increment) in [("m-1", 1), ("m-2", 1), ("m-3", 1)] {
            var payload = Self.message(id, in: "c1", "text of \(id)")
            payload.set(.number(JSONNumber(increment)), at: JSONPointer("/communication/badge_increment")!)
            counted.append(try await Self.receive(payload, counter: counter, on: recorder).content.badge)
        }
        #expect(counted == [1, 2, 3])
        let (deleted, _) = try await Self.receive(Self.retraction(["retracts": ["m-2"]]), counter: counter, on: recorder)
        #expect(deleted.badge == 2)  // Empty content still sets the badge.
        #expect(deleted.body.isEmpty)
        let (read, _) = try await Self.receive(Self.retraction(["clears_conversation": "c1"]), counter: counter, on: recorder)
        #expect(read.badge == 0)
        #expect(try counter.count() == 0)
    }

    @Test func theRetractFallbackSettingIsReadFromTheInfoPlist() {
        #expect(ServiceConfiguration(infoDictionary: ["RetractFallback": "filtered"]).enrichment.retractFallback == .filtered)
        let wrong = ServiceConfiguration(infoDictionary: ["RetractFallback": "hidden"])
        #expect(wrong.enrichment.retractFallback == nil)
        #expect(wrong.problems.count == 1)
    }
}
#endif

/// A push that carries only ids, through the whole extension on the stand-in.
@Suite("Fetched content on the stand-in")
struct FetchedContentServiceTests {
    @Test func theFetchedMessageIsDeliveredWithItsSenderAndTheFallbackWhenItFails() async throws {
        let url = URL(string: "https://api.example.com/v1/messages/m-9")!
        let message: JSONValue = [
            "aps": ["alert": ["body": "Rope is packed."]],
            "communication": ["sender_name": "Maya Lindqvist", "sender_id": "u-1", "sender_handle": "+15550100", "conversation_id": "c-1"],
        ]
        let push: JSONValue = ["aps": ["alert": ["body": "New message"], "mutable-content": 1], "communication": ["fetch_content": true, "message_id": "m-9"]]
        let configure: (inout ServiceConfiguration) -> Void = {
            $0.enrichment.contentSource = ContentSource(urlTemplate: "https://api.example.com/v1/messages/{message_id}", fallbackText: "Open the app to read it")
        }
        let recorder = StandInRecorder()
        let service = TestService(images: [url: Data(message.jsonText().utf8)], configure: configure)
        let delivered = await service.deliveries(for: push, recording: recorder)
        #expect(delivered.map(\.body) == ["Rope is packed."])
        let intent = try #require(recorder.donations.only?.intent as? INSendMessageIntent)
        #expect(StandInInspection.message(intent).sender?.displayName == "Maya Lindqvist")
        #expect(service.decisions.contains { $0.code == .contentFetched })

        let refused = TestService(configure: configure, statuses: [url: 401])
        let fallback = await refused.deliveries(for: push, recording: StandInRecorder())
        #expect(fallback.map(\.body) == ["Open the app to read it"])
        #expect(refused.decisions.contains { $0.code == .contentNotFetched && $0.message.contains("(401)") })
    }
}
