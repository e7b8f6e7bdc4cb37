import AppleFrameworksStandIn
import Foundation
import Testing

@Suite("INInteraction.donate")
struct DonationTests {
    struct Refused: Error, Equatable {}

    @Test("donate(completion:) records the interaction, its intent and direction, then completes")
    func completionHandler() async throws {
        let recorder = StandInRecorder()
        let intent = TestSupport.messageIntent()
        let error: (any Error)? = await StandInRecorder.$current.withValue(recorder) {
            let interaction = INInteraction(intent: intent, response: nil)
            interaction.direction = .incoming
            return await withCheckedContinuation { continuation in
                interaction.donate { continuation.resume(returning: $0) }
            }
        }
        #expect(error == nil)
        let donation = try #require(recorder.donations.only)
        #expect(donation.intent === intent)
        #expect(StandInInspection.intent(of: donation.interaction).intent === intent)
        #expect(donation.direction == .incoming)
        #expect(donation.style == .completionHandler)
    }

    @Test("donate() async records the same way")
    func asyncDonate() async throws {
        let recorder = StandInRecorder()
        try await StandInRecorder.$current.withValue(recorder) {
            let interaction = INInteraction(intent: TestSupport.messageIntent(), response: nil)
            interaction.direction = .incoming
            try await interaction.donate()
        }
        let donation = try #require(recorder.donations.only)
        #expect(donation.direction == .incoming)
        #expect(donation.style == .async)
    }

    @Test("the record keeps the direction and images as they were at the call")
    func snapshotAtCall() throws {
        let recorder = StandInRecorder()
        let intent = TestSupport.messageIntent()
        let interaction = INInteraction(intent: intent, response: nil)
        StandInRecorder.$current.withValue(recorder) {
            intent.setImage(INImage(imageData: Data([1])), forParameterNamed: \.sender)
            interaction.donate()
            interaction.direction = .outgoing
            intent.setImage(INImage(imageData: Data([2])), forParameterNamed: \.speakableGroupName)
        }
        let donation = try #require(recorder.donations.only)
        #expect(donation.direction == .unspecified)
        #expect(donation.parameterImages.keys.sorted() == ["sender"])
        #expect(donation.parameterImages["sender"].map(StandInInspection.source) == .data(Data([1])))
    }

    @Test("a failing donation passes its error to the completion and throws from donate()")
    func failure() async {
        let recorder = StandInRecorder(behavior: StandInBehavior(donation: .fail(Refused())))
        await StandInRecorder.$current.withValue(recorder) {
            let interaction = INInteraction(intent: TestSupport.messageIntent(), response: nil)
            let error: (any Error)? = await withCheckedContinuation { continuation in
                interaction.donate { continuation.resume(returning: $0) }
            }
            #expect(error as? Refused == Refused())
            await #expect(throws: Refused()) { try await interaction.donate() }
        }
        #expect(recorder.donations.count == 2)
    }

    @Test("a donation that never calls back waits until the test releases it")
    func neverCallsBack() async throws {
        let recorder = StandInRecorder(behavior: StandInBehavior(donation: .neverCallBack))
        let called = CallCounter()
        StandInRecorder.$current.withValue(recorder) {
            INInteraction(intent: TestSupport.messageIntent(), response: nil).donate { _ in called.increment() }
        }
        #expect(recorder.pendingDonationCount == 1)
        #expect(called.value == 0)

        #expect(recorder.completePendingDonations(error: Refused()) == 1)
        #expect(called.value == 1)
        #expect(recorder.pendingDonationCount == 0)
    }

    @Test("donate() async that never calls back resumes when released")
    func asyncNeverCallsBack() async throws {
        let recorder = StandInRecorder(behavior: StandInBehavior(donation: .neverCallBack))
        let task = Task {
            try await StandInRecorder.$current.withValue(recorder) {
                try await INInteraction(intent: TestSupport.messageIntent(), response: nil).donate()
            }
        }
        while recorder.pendingDonationCount == 0 { await Task.yield() }
        recorder.completePendingDonations()
        try await task.value
        #expect(recorder.donations.count == 1)
    }

    @Test("recorders bound in concurrent tasks do not see each other's donations")
    func isolation() async {
        let recorders = (0..<8).map { _ in StandInRecorder() }
        await withTaskGroup(of: Void.self) { group in
            for (index, recorder) in recorders.enumerated() {
                group.addTask {
                    StandInRecorder.$current.withValue(recorder) {
                        for _ in 0...index {
                            INInteraction(intent: TestSupport.messageIntent(), response: nil).donate()
                        }
                    }
                }
            }
        }
        #expect(recorders.map(\.donations.count) == Array(1...8))
    }
}

/// Counts calls from any thread.
final class CallCounter: @unchecked Sendable {
    // @unchecked: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
