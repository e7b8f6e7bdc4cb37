import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment

@Suite("Enrichment session")
struct EnrichmentSessionTests {
    /// A sealed payload whose own text is empty: before decryption, only the fallback text can show.
    static let sealedWithoutText = Payload(json: [
        "aps": ["alert": ["title": "Ann"], "mutable-content": 1],
        "sealed": ["kid": "k1", "box": "AAAA"],
    ])

    @Test func expiryBeforeThePipelineDeliversTheFallbackTextAndTheHookNeverStarts() async {
        let hook = ProviderHook(.passesThrough, answersOnExpiry: false)
        let recorder = DeliveryRecorder<EnrichedNotification>()
        let session = EnrichmentSession(
            enricher: EnricherTests.enricher(ScriptedFetcher([:])) { $0.encryptedFallbackText = "Sealed message" },
            payload: Self.sealedWithoutText,
            finish: { $0 }, fallback: { $0 }, forward: { hook.forward($0, deliver: $1) }, forwardExpiry: hook.forwardExpiry,
            deliver: recorder.record)
        session.expire(because: "a test")
        // The run that starts late finds expiry begun: it hands nothing on.
        await session.start().value
        let delivered = recorder.deliveries
        #expect(delivered.map(\.stage) == [.original])
        #expect(delivered.first?.content.body == "Sealed message")
        #expect(delivered.first?.decisions.last?.code == .expired)
        #expect(hook.handed.isEmpty)
        #expect(hook.expiryCalls == 1)
        #expect(session.handedToHook == nil)
    }

    @Test func expiryWhileTheHookHoldsDeliversWhatItWasHandedAndTellsTheProviderOnce() async {
        let hook = ProviderHook(.neverAnswers, answersOnExpiry: false)
        let recorder = DeliveryRecorder<EnrichedNotification>()
        let session = EnrichmentSession(
            enricher: EnricherTests.enricher(ScriptedFetcher([EnricherTests.avatar: .respond(status: 500, headers: [:], body: Data())])),
            payload: EnricherTests.payload(attachments: []),
            finish: { enriched in
                var finished = enriched
                finished.content.subtitle = "finished"
                return finished
            },
            fallback: { $0 }, forward: { hook.forward($0, deliver: $1) }, forwardExpiry: hook.forwardExpiry,
            deliver: recorder.record)
        await session.start().value
        #expect(recorder.deliveries.isEmpty)
        let handed = session.handedToHook
        #expect(handed?.content.subtitle == "finished")
        session.expire()
        session.expire()
        #expect(recorder.deliveries == handed.map { [$0] })
        #expect(hook.expiryCalls == 1)
    }

    @Test func anUnreadablePayloadIsHandedOnAsReceived() async {
        let recorder = DeliveryRecorder<String>()
        let session = EnrichmentSession<ManualClock, String>(
            received: "as received", forward: { content, deliver in deliver(content + ", seen by the provider") }, deliver: recorder.record)
        await session.start().value
        session.expire()
        #expect(recorder.deliveries == ["as received, seen by the provider"])
        #expect(session.handedToHook == "as received")
    }
}
