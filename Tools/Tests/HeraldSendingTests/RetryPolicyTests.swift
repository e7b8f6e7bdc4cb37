import Foundation
import HeraldCore
import HeraldSending
import Testing

@Suite struct RetryPolicyTests {
    @Test func defaultsAreFourAttemptsFromHalfASecondUpToThirtySeconds() {
        let policy = RetryPolicy()
        #expect(policy.maximumAttempts == 4)
        #expect(policy.initialDelay == .milliseconds(500))
        #expect(policy.maximumDelay == .seconds(30))
    }

    @Test(arguments: [UInt64(1), 42, 9_999])
    func backOffStaysWithinTheDoublingCap(seed: UInt64) {
        let policy = RetryPolicy(maximumAttempts: 12, initialDelay: .milliseconds(500), maximumDelay: .seconds(30))
        var generator = SeededGenerator(seed: seed)
        let caps: [Duration] = [.milliseconds(500), .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(16), .seconds(30), .seconds(30)]
        for (index, cap) in caps.enumerated() {
            for _ in 0..<50 {
                let delay = policy.delay(after: index + 1, retryAfter: nil, using: &generator)
                #expect(delay.map { $0 >= .zero && $0 <= cap } == true, "attempt \(index + 1): \(String(describing: delay)) not in 0...\(cap)")
            }
        }
    }

    @Test func jitterSpreadsWaitsOverTheWholeRange() {
        let policy = RetryPolicy(initialDelay: .seconds(8))
        var generator = SeededGenerator(seed: 7)
        let delays = (0..<200).compactMap { _ in policy.delay(after: 1, retryAfter: nil, using: &generator) }
        #expect(delays.count == 200)
        #expect(delays.contains { $0 < .seconds(2) })
        #expect(delays.contains { $0 > .seconds(6) })
        #expect(Set(delays).count > 150)
    }

    @Test func sameSeedGivesTheSameWaits() {
        let policy = RetryPolicy()
        var first = SeededGenerator(seed: 3)
        var second = SeededGenerator(seed: 3)
        let a = (1...3).map { policy.delay(after: $0, retryAfter: nil, using: &first) }
        let b = (1...3).map { policy.delay(after: $0, retryAfter: nil, using: &second) }
        #expect(a == b)
    }

    @Test func attemptsRunOutAtTheMaximum() {
        let policy = RetryPolicy(maximumAttempts: 3)
        var generator = SeededGenerator(seed: 1)
        #expect(policy.delay(after: 1, retryAfter: nil, using: &generator) != nil)
        #expect(policy.delay(after: 2, retryAfter: nil, using: &generator) != nil)
        #expect(policy.delay(after: 3, retryAfter: nil, using: &generator) == nil)
        #expect(policy.delay(after: 4, retryAfter: .seconds(1), using: &generator) == nil)
        #expect(RetryPolicy(maximumAttempts: 1).delay(after: 1, retryAfter: nil, using: &generator) == nil)
        #expect(RetryPolicy(maximumAttempts: 0).delay(after: 1, retryAfter: .seconds(1), using: &generator) == nil)
    }

    @Test func hugeAttemptNumbersDoNotOverflow() {
        let policy = RetryPolicy(maximumAttempts: .max)
        var generator = SeededGenerator(seed: 5)
        let delay = policy.delay(after: 10_000, retryAfter: nil, using: &generator)
        #expect(delay.map { $0 <= .seconds(30) } == true)
    }

    @Test func zeroInitialDelayRetriesAtOnce() {
        let policy = RetryPolicy(initialDelay: .zero)
        var generator = SeededGenerator(seed: 5)
        #expect(policy.delay(after: 2, retryAfter: nil, using: &generator) == .zero)
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func retryAfterIsNeverShortenedOrCapped(seed: UInt64) {
        let policy = RetryPolicy(initialDelay: .milliseconds(500), maximumDelay: .seconds(30))
        var generator = SeededGenerator(seed: seed)
        for retryAfter: Duration in [.zero, .seconds(3), .seconds(120)] {
            let delay = policy.delay(after: 1, retryAfter: retryAfter, using: &generator)
            #expect(delay.map { $0 >= retryAfter && $0 <= retryAfter + .milliseconds(500) } == true, "\(String(describing: delay)) for \(retryAfter)")
        }
    }

    @Test func retryAfterWithoutJitterIsExact() {
        let policy = RetryPolicy(initialDelay: .zero)
        var generator = SeededGenerator(seed: 9)
        #expect(policy.delay(after: 1, retryAfter: .seconds(7), using: &generator) == .seconds(7))
        #expect(policy.delay(after: 1, retryAfter: .seconds(-7), using: &generator) == .zero)
    }

    // MARK: - Retry-After

    @Test(arguments: [("120", Duration.seconds(120)), ("0", .zero), (" 5 ", .seconds(5)), ("007", .seconds(7))])
    func retryAfterReadsDeltaSeconds(value: String, expected: Duration) {
        #expect(RetryPolicy.retryAfter(value, now: Date()) == expected)
    }

    @Test func retryAfterReadsAnIMFFixdateRelativeToNow() {
        // Sun, 06 Nov 1994 08:49:37 GMT is 784111777 seconds after 1970.
        let now = Date(timeIntervalSince1970: 784_111_777 - 90)
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .seconds(90))
    }

    @Test func retryAfterReadsTheObsoleteDateForms() {
        let now = Date(timeIntervalSince1970: 784_111_777 - 30)
        #expect(RetryPolicy.retryAfter("Sunday, 06-Nov-94 08:49:37 GMT", now: now) == .seconds(30))
        #expect(RetryPolicy.retryAfter("Sun Nov  6 08:49:37 1994", now: now) == .seconds(30))
    }

    @Test func retryAfterInThePastIsZero() {
        let now = Date(timeIntervalSince1970: 784_111_777 + 3600)
        #expect(RetryPolicy.retryAfter("Sun, 06 Nov 1994 08:49:37 GMT", now: now) == .zero)
    }

    @Test(arguments: ["", "soon", "-5", "1.5", "12 seconds", "Sun, 06 Nov 1994 08:49:37 PST", "Sun, 32 Nov 1994 08:49:37 GMT"])
    func retryAfterRejectsAnythingElse(value: String) {
        #expect(RetryPolicy.retryAfter(value, now: Date()) == nil)
    }

    @Test func retryAfterWithTooManyDigitsIsVeryLongNotGarbage() {
        let delay = RetryPolicy.retryAfter("99999999999999999999999", now: Date())
        #expect(delay.map { $0 > .seconds(1_000_000_000) } == true)
    }
}
