import Foundation

extension Task {
    /// The task's result, or `nil` when it has none within `limit`: a task that never ends fails
    /// its test instead of hanging the suite (the task is left behind).
    ///
    /// The limit only guards against a hang; the task's end ends the wait.
    public func result(within limit: Duration) async -> Result<Success, Failure>? {
        let box = ResultBox<Success, Failure>()
        Task<Void, Never> { box.set(await self.result) }
        let deadline = ContinuousClock.now + limit
        while box.value == nil, ContinuousClock.now < deadline {
            try? await Task<Never, Never>.sleep(for: .milliseconds(5))
        }
        return box.value
    }
}

/// Where a task's result lands once it has one.
private final class ResultBox<Success: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked: `result` is only touched while `lock` is held.
    private let lock = NSLock()
    private var result: Result<Success, Failure>?

    func set(_ value: Result<Success, Failure>) { lock.withLock { result = value } }
    var value: Result<Success, Failure>? { lock.withLock { result } }
}
