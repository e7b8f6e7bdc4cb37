import Foundation

/// A clock on which every sleep ends at once, having moved the time on by its length: back-off
/// tests run instantly, and still read how long the client chose to wait.
final class RecordingClock: Clock, @unchecked Sendable {
    // @unchecked: `current` and `sleeps` are only touched while `lock` is held.
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var recorded: [Duration] = []

    var now: Instant { lock.withLock { current } }
    var minimumResolution: Duration { .zero }

    /// Every sleep's length, in order.
    var sleeps: [Duration] { lock.withLock { recorded } }

    func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        lock.withLock {
            recorded.append(current.duration(to: deadline))
            if current < deadline { current = deadline }
        }
    }
}
