/// Runs work against a deadline on an injected clock.
enum Deadline {
    /// The outcome of work raced against a deadline.
    enum Outcome<Value: Sendable>: Sendable {
        case finished(Value)
        case timedOut
    }

    /// Runs `operation` until `deadline`; whichever ends first wins, and the loser is cancelled.
    ///
    /// The operation must honour cancellation (every fetcher does), so a hung host costs the
    /// deadline and nothing more. Cancellation of the calling task reaches the operation too.
    static func run<C: Clock<Duration>, Value: Sendable>(
        until deadline: C.Instant, on clock: C, _ operation: @escaping @Sendable () async -> Value
    ) async -> Outcome<Value> {
        await withTaskGroup(of: Outcome<Value>?.self) { group in
            group.addTask { .finished(await operation()) }
            group.addTask {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    return .timedOut
                } catch {
                    return nil  // cancelled: the operation finished first
                }
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let outcome = next { return outcome }
            }
            return .timedOut
        }
    }
}
