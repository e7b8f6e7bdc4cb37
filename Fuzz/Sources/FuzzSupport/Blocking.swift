import Dispatch
import Synchronization

/// Runs an async operation to completion from the synchronous fuzz callback.
///
/// libFuzzer calls a target on its own thread and needs the answer before the call returns;
/// the operation runs as a task and this thread waits for it. Only for calls that cannot
/// suspend forever (Herald's decryptor with an in-memory key provider).
///
/// - Parameter operation: the work.
/// - Returns: what it returned.
public func runBlocking<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
    let outcome = Outcome<Value>()
    let done = DispatchSemaphore(value: 0)
    Task {
        let value = await operation()
        outcome.value.withLock { $0 = value }
        done.signal()
    }
    done.wait()
    return outcome.value.withLock { $0! }
}

/// Where the task leaves its result for the waiting thread.
private final class Outcome<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
