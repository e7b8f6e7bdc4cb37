import Foundation
@_spi(HeraldTools) import HeraldCore

/// Runs work against a deadline on an injected clock.
public enum Deadline {
    /// The outcome of work raced against a deadline.
    public enum Outcome<Value: Sendable>: Sendable {
        /// The operation returned first, with this value.
        case finished(Value)
        /// The deadline came first; the operation was cancelled and its value is lost.
        case timedOut
    }

    /// Runs `operation` until `deadline`; whichever ends first wins, and the loser is cancelled.
    ///
    /// On the deadline this returns at once: it does not wait for the cancelled operation to
    /// wind down (a transport may take a moment to notice), so a hung host costs the deadline
    /// and nothing more. The operation still receives the cancellation and cleans up after
    /// itself. Cancellation of the calling task reaches the operation too.
    ///
    /// A deadline more than a day away counts as a day away (`Duration.longestWait`): a clock's
    /// `sleep(until:)` traps on one it cannot represent, such as `.now + .seconds(1e20)`.
    public static func run<C: Clock<Duration>, Value: Sendable>(
        until deadline: C.Instant, on clock: C, _ operation: @escaping @Sendable () async -> Value
    ) async -> Outcome<Value> {
        let deadline = min(deadline, clock.now.advanced(by: .longestWait))
        let race = Race<Value>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome<Value>, Never>) in
                race.start(
                    continuation: continuation,
                    operation: Task { race.finish(.finished(await operation())) },
                    timer: Task {
                        do {
                            try await clock.sleep(until: deadline, tolerance: nil)
                            race.finish(.timedOut)
                        } catch {
                            // Cancelled: the operation finished first, or the caller gave up.
                        }
                    })
            }
        } onCancel: {
            race.cancel()
        }
    }

    /// The one-shot meeting point of an operation and its timer.
    private final class Race<Value: Sendable>: @unchecked Sendable {
        // @unchecked: every stored property is only touched while `lock` is held.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Outcome<Value>, Never>?
        private var pending: Outcome<Value>?
        private var operation: Task<Void, Never>?
        private var timer: Task<Void, Never>?
        private var cancelled = false

        func start(continuation: CheckedContinuation<Outcome<Value>, Never>, operation: Task<Void, Never>, timer: Task<Void, Never>) {
            let (early, cancelNow): (Outcome<Value>?, Bool) = lock.withLock {
                self.operation = operation
                self.timer = timer
                if let pending {
                    self.pending = nil
                    return (pending, false)
                }
                self.continuation = continuation
                return (nil, cancelled)
            }
            if let early {
                operation.cancel()
                timer.cancel()
                continuation.resume(returning: early)
            } else if cancelNow {
                operation.cancel()
                timer.cancel()
            }
        }

        /// The first outcome wins; the other task is cancelled.
        func finish(_ outcome: Outcome<Value>) {
            let (waiting, operation, timer): (CheckedContinuation<Outcome<Value>, Never>?, Task<Void, Never>?, Task<Void, Never>?) = lock.withLock {
                guard let continuation else {
                    // Before start() stored the continuation: keep the first outcome for it.
                    if pending == nil, self.operation == nil { pending = outcome }
                    return (nil, nil, nil)
                }
                self.continuation = nil
                return (continuation, self.operation, self.timer)
            }
            guard let waiting else { return }
            operation?.cancel()
            timer?.cancel()
            waiting.resume(returning: outcome)
        }

        /// The caller was cancelled: cancel the operation, whose (prompt) result is still awaited.
        func cancel() {
            let operation: Task<Void, Never>? = lock.withLock {
                cancelled = true
                return self.operation
            }
            operation?.cancel()
        }
    }
}
