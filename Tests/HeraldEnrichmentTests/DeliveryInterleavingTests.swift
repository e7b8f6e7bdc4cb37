import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment

private struct FinishFailed: Error {}

/// `EnrichmentSession`'s exactly-once promise under random interleavings: the pipeline, the
/// finishing step, the hand-off to a forward hook that behaves as a provider's SDK might, and
/// expiry at any moment, each notification with its own session, two at once in one process.
///
/// `HERALD_INTERLEAVINGS` sets the number of trials (default 1,000) and
/// `HERALD_INTERLEAVING_SEED` the seed of the first; trial n runs from seed + n, so a failure
/// names the seed that replays it alone (with `HERALD_INTERLEAVINGS=1`).
/// `scripts/interleavings.sh` runs 100,000.
@Suite("Exactly one delivery")
struct DeliveryInterleavingTests {
    static let trials = ProcessInfo.processInfo.environment["HERALD_INTERLEAVINGS"].flatMap { Int($0) } ?? 1_000
    static let seed = ProcessInfo.processInfo.environment["HERALD_INTERLEAVING_SEED"].flatMap { UInt64($0) } ?? 0x4845_5241_4C44

    enum Event: CaseIterable {
        case avatar, photo, voice, advanceClock, answerHook, expire, yield
    }

    /// One notification in flight, driven by the test.
    struct Flight {
        let name: String
        /// Whether its payload can be read; an unreadable one is handed on as received.
        let readable: Bool
        let fetcher: ScriptedFetcher
        let hook: ProviderHook
        let session: EnrichmentSession<ManualClock, EnrichedNotification>
        let recorder: DeliveryRecorder<EnrichedNotification>
        let task: Task<Void, Never>
        /// Where its attachments are written; removed when the trial ends.
        let directory: URL
    }

    static func flight(_ name: String, clock: ManualClock, using generator: inout SeededGenerator) -> Flight {
        let finishFails = Bool.random(using: &generator)
        let readable = Int.random(in: 0..<8, using: &generator) != 0
        let hook = ProviderHook(ProviderHook.Behavior.allCases.randomElement(using: &generator)!, answersOnExpiry: Bool.random(using: &generator))
        let fetcher = ScriptedFetcher([EnricherTests.avatar: .held, EnricherTests.photo: .held, EnricherTests.voice: .held])
        let directory = EnricherTests.temporaryDirectory()
        let recorder = DeliveryRecorder<EnrichedNotification>()
        let forward: EnrichmentSession<ManualClock, EnrichedNotification>.Forward = { hook.forward($0, deliver: $1) }
        let session: EnrichmentSession<ManualClock, EnrichedNotification>
        if readable {
            let enricher = EnricherTests.enricher(fetcher, clock: clock) { $0.attachmentDirectory = directory }
            var json = EnricherTests.payload(attachments: [EnricherTests.photo, EnricherTests.voice]).json
            json.set(.string(name), at: JSONPointer("/communication/sender_name")!)
            session = EnrichmentSession(
                enricher: enricher, payload: Payload(json: json),
                finish: { enriched in
                    if finishFails { throw FinishFailed() }
                    return enriched
                },
                fallback: { $0 },
                forward: forward, forwardExpiry: hook.forwardExpiry, deliver: recorder.record)
        } else {
            session = EnrichmentSession(received: received(name), forward: forward, forwardExpiry: hook.forwardExpiry, deliver: recorder.record)
        }
        return Flight(
            name: name, readable: readable, fetcher: fetcher, hook: hook, session: session, recorder: recorder, task: session.start(),
            directory: directory)
    }

    /// What a session for an unreadable payload hands on: the push as received, here a value
    /// naming its sender so that two notifications are told apart.
    static func received(_ name: String) -> EnrichedNotification {
        EnrichedNotification(
            stage: .original, layoutName: "unreadable", extensionWillRun: true, content: ContentFields(),
            message: Message(sender: Person(displayName: name)))
    }

    static func release(_ url: URL, in fetcher: ScriptedFetcher, using generator: inout SeededGenerator) {
        let script: ScriptedFetcher.Script
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: script = .respond(status: 500, headers: [:], body: Data())
        case 1: script = .fail(FetchError(.transport, "reset"))
        default: script = .respond(status: 200, headers: [:], body: url == EnricherTests.voice ? TestMedia.mp3(count: 4096) : TestMedia.png(width: 64, height: 64))
        }
        fetcher.release(url, with: script)
    }

    @Test func randomizedInterleavingsDeliverExactlyOnceAndNeverLessThanDone() async {
        var expiries = 0
        var completions = 0
        for trial in 0..<Self.trials {
            let replay = "trial \(trial) (replay: HERALD_INTERLEAVING_SEED=\(Self.seed &+ UInt64(trial)) HERALD_INTERLEAVINGS=1)"
            var generator = SeededGenerator(seed: Self.seed &+ UInt64(trial))
            let clock = ManualClock()
            // Two notifications at once in one process: they must not mix.
            let flights = [
                Self.flight("Ann \(trial)", clock: clock, using: &generator),
                Self.flight("Bo \(trial)", clock: clock, using: &generator),
            ]
            // For each flight expired before it delivered: what it had done by then, if anything.
            var doneAtExpiry: [String: EnrichedNotification?] = [:]
            // Every flight expiry was called for, before or after it delivered.
            var expired: Set<String> = []
            func expire(_ flight: Flight) {
                expired.insert(flight.name)
                if doneAtExpiry[flight.name] == nil, !flight.session.hasDelivered {
                    doneAtExpiry[flight.name] = .some(flight.session.progress.latest)
                }
                flight.session.expire()
            }
            for _ in 0..<Int.random(in: 0..<12, using: &generator) {
                let flight = flights.randomElement(using: &generator)!
                switch Event.allCases.randomElement(using: &generator)! {
                case .avatar: Self.release(EnricherTests.avatar, in: flight.fetcher, using: &generator)
                case .photo: Self.release(EnricherTests.photo, in: flight.fetcher, using: &generator)
                case .voice: Self.release(EnricherTests.voice, in: flight.fetcher, using: &generator)
                case .advanceClock: clock.advance(by: .milliseconds(Int.random(in: 0...6_000, using: &generator)))
                case .answerHook: flight.hook.answerHeld()
                case .expire: expire(flight)
                case .yield:
                    for _ in 0..<Int.random(in: 1...20, using: &generator) { await Task.yield() }
                }
            }
            // Let everything end: answer every request and pass every deadline.
            for flight in flights {
                for url in [EnricherTests.avatar, EnricherTests.photo, EnricherTests.voice] {
                    flight.fetcher.release(url, with: .respond(status: 200, headers: [:], body: TestMedia.png(width: 8, height: 8)))
                }
            }
            clock.advance(by: .seconds(60))
            for flight in flights {
                await flight.task.value
                // The provider answers, or not; iOS gives up on a notification still undelivered.
                if Bool.random(using: &generator) { flight.hook.answerHeld() }
                if !flight.session.hasDelivered { expire(flight) }
                // An answer after the end changes nothing.
                if Bool.random(using: &generator) { flight.hook.answerHeld() }
                // 100,000 trials would leave 200,000 directories behind.
                try? FileManager.default.removeItem(at: flight.directory)
                let deliveries = flight.recorder.deliveries
                #expect(deliveries.count == 1, "\(replay) \(flight.name): \(deliveries.count) deliveries")
                guard let delivered = deliveries.first else { continue }
                #expect(delivered.message.sender?.displayName == flight.name, "\(replay)")
                // The provider hears of expiry once, and only of an expiry.
                #expect(flight.hook.expiryCalls == (expired.contains(flight.name) ? 1 : 0), "\(replay) \(flight.name)")
                // The hook runs at most once, and what it was handed is what iOS gets (or its answer).
                let handed = flight.hook.handed
                #expect(handed.count <= 1, "\(replay) \(flight.name): the hook ran \(handed.count) times")
                if let input = handed.first {
                    #expect(delivered == input || delivered == ProviderHook.copy(of: input), "\(replay) \(flight.name): delivered what the hook never saw")
                } else {
                    #expect(expired.contains(flight.name), "\(replay) \(flight.name): delivered without the hook or expiry")
                }
                if !flight.readable {
                    #expect(delivered == Self.received(flight.name) || delivered == ProviderHook.copy(of: Self.received(flight.name)), "\(replay)")
                }
                if let expiry = doneAtExpiry[flight.name] {
                    expiries += 1
                    guard let done = expiry else { continue }
                    // What was done before expiry is in what was delivered.
                    #expect(delivered.stage >= done.stage, "\(replay)")
                    if let avatar = done.avatar, avatar.status != .timedOut {
                        #expect(delivered.avatar?.status == avatar.status, "\(replay)")
                    }
                    for (index, attachment) in done.attachments.enumerated() where attachment.status == .downloaded && done.stage >= .decoded {
                        #expect(delivered.attachments[index].status == .downloaded, "\(replay)")
                    }
                } else {
                    completions += 1
                    #expect(delivered.stage == (flight.readable ? .complete : .original), "\(replay)")
                }
            }
        }
        // The schedule really exercised both paths (each takes well over a tenth of the runs).
        if Self.trials >= 100 {
            #expect(expiries * 10 > Self.trials * 2)
            #expect(completions * 10 > Self.trials * 2)
        }
    }
}
