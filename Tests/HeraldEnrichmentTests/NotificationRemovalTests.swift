import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment

@Suite("Removing delivered notifications")
struct NotificationRemovalTests {
    /// A push that does `action` (in the built-in layouts' communication block) with the app's
    /// text, sender, avatar and an attachment.
    static func payload(_ action: [String: JSONValue], messageID: String? = nil) -> Payload {
        var communication: [String: JSONValue] = [
            "sender_name": "Ann", "conversation_id": "c1", "avatar_url": .string(EnricherTests.avatar.absoluteString),
        ]
        communication["message_id"] = messageID.map(JSONValue.string)
        communication.merge(action) { $1 }
        return Payload(json: [
            "aps": ["alert": ["title": "Ann", "body": "Message deleted"], "mutable-content": 1],
            "communication": .object(communication),
            "attachments": [["url": .string(EnricherTests.photo.absoluteString)]],
        ])
    }

    static let shown: [DeliveredNotification] = [
        .herald("r-1", message: "m-1", conversation: "c1"),
        .herald("r-2", message: "m-2", conversation: "c1"),
        .herald("r-3", message: "m-3", conversation: "c2"),
    ]

    static func enricher(
        _ center: ScriptedCenter?, fetcher: ScriptedFetcher = ScriptedFetcher([:]), clock: ManualClock = ManualClock(),
        fallback: RetractFallback? = .filtered
    ) -> Enricher<ManualClock> {
        var configuration = EnrichmentConfiguration(attachmentDirectory: EnricherTests.temporaryDirectory())
        configuration.retractFallback = fallback
        return Enricher(configuration: configuration, clock: clock, fetcher: fetcher, deliveredNotifications: center)
    }

    // MARK: The record and matching

    @Test func theRecordNamesAnEditByTheReplacedIDAndItsOwn() throws {
        let edit = Message(identifier: "m-9", action: .replace("m-1"), conversationIdentifier: "c1")
        let record = try #require(DeliveredNotification.record(for: edit))
        let read = DeliveredNotification(requestIdentifier: "r", threadIdentifier: "t", userInfo: ["herald": record, "aps": [:]])
        #expect(read.messageIdentifiers == ["m-1", "m-9"])
        #expect(read.conversationIdentifier == "c1")
        #expect(read.isNamed(by: .retract(["m-9"])))
        #expect(read.isNamed(by: .replace("m-1")))
        #expect(!read.isNamed(by: .retract(["m-2"])))
        #expect(DeliveredNotification.record(for: Message()) == nil)
    }

    @Test func withoutARecordTheRequestAndThreadIdentifiersStandIn() {
        // A push delivered as received: its collapse id is the message id, its thread the conversation.
        let plain = DeliveredNotification(requestIdentifier: "m-5", threadIdentifier: "c7", userInfo: ["aps": [:]])
        #expect(plain.messageIdentifiers == ["m-5"])
        #expect(plain.conversationIdentifier == "c7")
        #expect(plain.isNamed(by: .clearConversation("c7")))
        #expect(plain.isNamed(by: .retract(["x", "m-5"])))
        // A record of the wrong shape is no record.
        let odd = DeliveredNotification(requestIdentifier: "r", threadIdentifier: "", userInfo: ["herald": ["message_ids": "m-5"]])
        #expect(odd.messageIdentifiers == ["r"])
        #expect(odd.conversationIdentifier == nil)
        #expect(!odd.isNamed(by: .clearConversation("")))
    }

    // MARK: Retractions

    @Test func aFilteredDeleteRemovesItsMessageAndDeliversNothing() async {
        let center = ScriptedCenter(Self.shown)
        let fetcher = ScriptedFetcher([:])
        let result = await Self.enricher(center, fetcher: fetcher).enrich(Self.payload(["retracts": ["m-2"]]))
        #expect(center.removalCalls == [["r-2"]])
        #expect(center.shownIdentifiers == ["r-1", "r-3"])
        #expect(result.deliversNothing)
        // Its content is what is delivered: empty.
        #expect(result.content.title.isEmpty && result.content.body.isEmpty)
        #expect(!result.isCommunication)
        #expect(fetcher.recordedRequests.isEmpty)
        #expect(result.decisions.map(\.code).contains(.retractionHidden))
        let removed = result.decisions.first { $0.code == .notificationsRemoved }
        #expect(removed?.message == "removed 1 delivered notification of message m-2; gone from iOS's list after 1 read")
    }

    @Test(arguments: [(RetractFallback?.some(.visible), Decision.Code.retractionVisible), (nil, .retractionShown), (.background, .retractionShown)])
    func otherFallbacksRemoveAndShowThePushText(fallback: RetractFallback?, code: Decision.Code) async {
        let center = ScriptedCenter(Self.shown)
        let result = await Self.enricher(center, fallback: fallback).enrich(Self.payload(["retracts": ["m-1", "m-3"]]))
        #expect(center.shownIdentifiers == ["r-2"])
        #expect(!result.deliversNothing)
        #expect(!result.isCommunication)
        #expect(result.content.body == "Message deleted")
        #expect(result.decisions.map(\.code).contains(code))
    }

    @Test func readElsewhereClearsExactlyItsConversation() async {
        let center = ScriptedCenter(Self.shown + [DeliveredNotification(requestIdentifier: "plain", threadIdentifier: "c1", userInfo: [:])])
        let result = await Self.enricher(center).enrich(Self.payload(["clears_conversation": "c1"]))
        #expect(center.removalCalls.map(Set.init) == [["r-1", "r-2", "plain"]])
        #expect(center.shownIdentifiers == ["r-3"])
        #expect(result.deliversNothing)
    }

    @Test func nothingShownOfTheMessageRemovesNothing() async {
        let center = ScriptedCenter(Self.shown)
        let result = await Self.enricher(center).enrich(Self.payload(["retracts": ["m-404"]]))
        #expect(center.removalCalls.isEmpty)
        #expect(result.decisions.contains(Decision(.nothingToRemove, "no delivered notification of message m-404 is shown (of 3); nothing to remove")))
    }

    // MARK: Waiting for iOS

    @Test func theRemoverReadsAgainUntilTheListNoLongerShowsThem() async {
        let clock = ManualClock()
        let center = ScriptedCenter(Self.shown, timing: .afterReads(2))
        let task = Task { await Self.enricher(center, clock: clock).enrich(Self.payload(["retracts": ["m-1"]])) }
        // Each pause is 50 ms on the manual clock: two reads still show r-1, the third does not.
        for _ in 0..<2 {
            await waitUntil { clock.sleeperCount > 0 && center.readCount > 0 }
            let reads = center.readCount
            clock.advance(by: .milliseconds(50))
            await waitUntil { center.readCount > reads }
        }
        let result = await task.value
        #expect(center.readCount == 4)  // The list, then three reads after the removal.
        #expect(center.shownIdentifiers == ["r-2", "r-3"])
        #expect(result.decisions.contains { $0.code == .notificationsRemoved && $0.message.hasSuffix("after 3 reads") })
    }

    @Test func aRemovalIOSNeverShowsIsReportedWhenItsTimeRunsOut() async {
        let clock = ManualClock()
        let center = ScriptedCenter(Self.shown, timing: .never)
        let task = Task { await Self.enricher(center, clock: clock).enrich(Self.payload(["retracts": ["m-1"]])) }
        await waitUntil { clock.sleeperCount > 0 && center.readCount > 1 }
        clock.advance(by: .seconds(1))
        let result = await task.value
        #expect(center.removalCalls == [["r-1"]])
        #expect(result.deliversNothing)
        let unconfirmed = result.decisions.first { $0.code == .removalUnconfirmed }
        #expect(unconfirmed?.message.contains("still showed them") == true)
    }

    @Test func aListThatNeverAnswersCostsOnlyTheRemovalTimeout() async {
        let clock = ManualClock()
        let center = ScriptedCenter(Self.shown, readsHang: true)
        let task = Task { await Self.enricher(center, clock: clock).enrich(Self.payload(["retracts": ["m-1"]])) }
        await waitUntil { clock.sleeperCount > 0 }
        clock.advance(by: .seconds(1))
        let result = await task.value
        #expect(center.removalCalls.isEmpty)
        #expect(result.decisions.contains { $0.code == .removalUnconfirmed && $0.message.hasPrefix("iOS did not list") })
    }

    // MARK: Edits

    @Test func aSealedEditRemovesTheMessageItReplacesAndShowsTheNewText() async throws {
        let sealed = try DecryptionTests.sealed([
            "body": "Fixed typo",
            "communication": ["sender_name": "Ada", "conversation_id": "c1", "replaces": "m-2", "message_id": "m-2"],
        ])
        let payload = Payload(json: DecryptionTests.apnsPayload(sealed: sealed.json))
        let center = ScriptedCenter(Self.shown)
        var configuration = EnrichmentConfiguration(attachmentDirectory: EnricherTests.temporaryDirectory())
        configuration.retractFallback = .filtered
        let enricher = Enricher(
            configuration: configuration, clock: ManualClock(), fetcher: ScriptedFetcher([:]), keyProvider: DecryptionTests.provider,
            deliveredNotifications: center)
        let result = await enricher.enrich(payload)
        #expect(center.removalCalls == [["r-2"]])
        #expect(result.content.body == "Fixed typo")
        #expect(!result.deliversNothing)
        #expect(result.isCommunication)
        #expect(result.message.action == .replace("m-2"))
        #expect(result.decisions.map(\.code).contains(.notificationsRemoved))
    }

    @Test func aPreviewDescribesTheRemovalWithoutACenter() async {
        let result = await Self.enricher(nil).enrich(Self.payload(["clears_conversation": "c1"]))
        #expect(result.decisions.contains(Decision(
            .removalSkipped, "on the phone the extension removes the delivered notifications of conversation c1 first; this run has no notification center")))
    }
}
