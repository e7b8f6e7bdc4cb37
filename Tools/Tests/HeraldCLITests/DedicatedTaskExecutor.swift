import Dispatch

/// Runs the jobs of tasks that prefer it on a Dispatch queue of its own, never on Swift's
/// cooperative pool.
///
/// A server that a test runs inside the test process (the playground's ``PlaygroundServer``)
/// answers on tasks; `swift test` runs hundreds of tests in parallel on the same pool, which
/// on a 2-core machine is 2 threads. With the pool that busy, each of the server's steps
/// waited behind seconds of other tests' work, and a client gave up after 30 s waiting for
/// an answer that was merely queued (seen: `recv: errno 11` under the full suite, and
/// reproduced by keeping 1,600 CPU-bound jobs queued beside the test). Serving from this
/// executor makes the answer's time depend on the server alone.
///
/// `TaskExecutor` is new in macOS 15 and iOS 18; on older systems the tests serve from the pool.
@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
final class DedicatedTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// - Parameter label: names the queue, for a debugger.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
