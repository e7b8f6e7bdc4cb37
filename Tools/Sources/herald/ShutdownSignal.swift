import Dispatch
import Foundation

/// SIGINT and SIGTERM, caught so a server command can stop gracefully.
///
/// Create it before the server announces itself: from then on the first signal is kept, even
/// if it comes before ``wait()``. After the first signal the defaults come back, so a second
/// one ends a shutdown that hangs.
final class ShutdownSignal: @unchecked Sendable {
    // @unchecked: `fired`, `waiter` and `sources` are only touched while `lock` is held.
    private let lock = NSLock()
    private var fired = false
    private var waiter: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceSignal] = []
    private static let signals = [SIGINT, SIGTERM]

    /// Starts catching SIGINT and SIGTERM.
    init() {
        let queue = DispatchQueue(label: "herald.shutdown-signal")
        for number in Self.signals {
            // The default action (ending the process) off first, as dispatch sources require.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [weak self] in self?.fire() }
            source.resume()
            sources.append(source)
        }
    }

    /// Returns once SIGINT or SIGTERM has arrived (at once if one already has).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = lock.withLock { () -> Bool in
                if fired { return true }
                waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private func fire() {
        let continuation = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            guard !fired else { return nil }
            fired = true
            for source in sources { source.cancel() }
            for number in Self.signals { signal(number, SIG_DFL) }
            defer { waiter = nil }
            return waiter
        }
        continuation?.resume()
    }
}
