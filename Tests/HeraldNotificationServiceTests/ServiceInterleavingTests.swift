// Only where AppleFrameworksStandIn exists (Linux): these tests observe the adapter through the
// stand-in's recorder.
#if canImport(AppleFrameworksStandIn)
import Foundation
import HeraldCore
import Testing

@testable import HeraldNotificationService

/// The adapter's exactly-once promise under random interleavings: its pipeline on a manual
/// clock, the one delivery guard (its `EnrichmentSession`'s) that every path goes through, the
/// forward hook on its queue, `forwardExpiry`, and expiry at any moment, including during the
/// downloads, the intent donation and the provider's work.
///
/// Each trial plays iOS for two notifications at once in one process, each with its own service
/// (the adapter takes iOS to make one per request), a random provider, donation and network,
/// then applies a random schedule of events to them. The schedule comes from the seed; the threads' own timing does not, so a
/// replayed trial runs the same schedule but may race differently.
///
/// `HERALD_INTERLEAVINGS` sets the number of trials (default 300, a few seconds) and
/// `HERALD_INTERLEAVING_SEED` the seed of the first; trial n runs from seed + n, so
/// `HERALD_INTERLEAVING_SEED=<seed + n> HERALD_INTERLEAVINGS=1` replays trial n alone, as a
/// failure says. `scripts/interleavings.sh` runs 100,000.
@Suite("Exactly one delivery through the adapter")
struct ServiceInterleavingTests {
    /// What the test does next to one of the notifications.
    enum Event {
        case answerDownloads, endDonation, answerHeldHook, advanceClock, expire, expireConcurrently, settleThenExpire, settle, yield

        /// Drawn from uniformly: downloads weigh more, and one expiry waits for the run to
        /// settle first, so that more runs reach the donation and the forward hook before their
        /// time runs out.
        static let draw: [Event] = [
            .answerDownloads, .answerDownloads, .endDonation, .answerHeldHook, .advanceClock, .expire, .expireConcurrently, .settleThenExpire,
            .settle, .yield,
        ]
    }

    static let trials = ProcessInfo.processInfo.environment["HERALD_INTERLEAVINGS"].flatMap { Int($0) } ?? 300
    static let seed = ProcessInfo.processInfo.environment["HERALD_INTERLEAVING_SEED"].flatMap { UInt64($0) } ?? 4_845_524_144

    @Test func randomInterleavingsDeliverExactlyOnceWhatTheHookSaw() async {
        var moments: [InterleavingFlight.Moment: Int] = [:]
        var unexpired = 0
        for trial in 0..<Self.trials {
            let replay = "trial \(trial) (replay: HERALD_INTERLEAVING_SEED=\(Self.seed &+ UInt64(trial)) HERALD_INTERLEAVINGS=1)"
            var generator = SeededGenerator(seed: Self.seed &+ UInt64(trial))
            let flights = ["Ann", "Bo"].map { InterleavingFlight($0, trial: trial, using: &generator) }
            for flight in flights { flight.receive() }
            var schedule: [String] = []
            for _ in 0..<Int.random(in: 0..<20, using: &generator) {
                let flight = flights.randomElement(using: &generator)!
                let event = Event.draw.randomElement(using: &generator)!
                schedule.append("\(flight.name) \(event)")
                switch event {
                case .answerDownloads: flight.answerDownloads(using: &generator)
                case .endDonation: flight.endDonation(using: &generator)
                case .answerHeldHook: flight.service.answerHeldHandler()
                case .advanceClock: flight.advanceClock(using: &generator)
                case .expire: flight.expire(concurrently: false)
                case .expireConcurrently: flight.expire(concurrently: true)
                case .settleThenExpire:
                    await flight.settle()
                    flight.expire(concurrently: Bool.random(using: &generator))
                case .settle: await flight.settle()
                case .yield: for _ in 0..<Int.random(in: 1...20, using: &generator) { await Task.yield() }
                }
            }
            for flight in flights {
                let broken = await flight.finish(using: &generator) + flight.brokenPromises()
                #expect(broken.isEmpty, "\(replay), \(flight.name) (\(flight.configurationDescription)), events \(schedule): \(broken)")
                if let moment = flight.expiryCall?.moment { moments[moment, default: 0] += 1 } else { unexpired += 1 }
                flight.service.removeAttachments()
            }
        }
        let reached = InterleavingFlight.Moment.allCases.map { "\($0.rawValue) \(moments[$0, default: 0])" }
        print("adapter interleavings: \(Self.trials) trials from seed \(Self.seed); expiry \(reached.joined(separator: ", ")); no expiry \(unexpired)")
        // The schedule really reaches every moment, and runs that end without expiry.
        if Self.trials >= 300 {
            for moment in InterleavingFlight.Moment.allCases {
                #expect(moments[moment, default: 0] > 0, "no expiry \(moment.rawValue) in \(Self.trials) trials")
            }
            #expect(unexpired > 0)
        }
    }
}
#endif
