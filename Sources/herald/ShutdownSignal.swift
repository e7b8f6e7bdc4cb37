import Dispatch
import Foundation

/// Waits for SIGINT or SIGTERM, so a server command can stop gracefully.
enum ShutdownSignal {
    /// Returns when the process receives SIGINT or SIGTERM (which no longer end it at once).
    static func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let queue = DispatchQueue(label: "herald.shutdown-signal")
            let once = Once(continuation)
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
                source.setEventHandler { once.resume() }
                // `once` keeps the source and the source's handler keeps `once`: both live as
                // long as the process, which is what a signal handler should.
                once.keep(source)
                source.resume()
            }
        }
    }

    /// Resumes a continuation the first time only.
    private final class Once: @unchecked Sendable {
        // @unchecked: `continuation` and `sources` are only touched while `lock` is held.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Void, Never>?
        private var sources: [any DispatchSourceSignal] = []
        init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
        func keep(_ source: any DispatchSourceSignal) { lock.withLock { sources.append(source) } }
        func resume() {
            lock.withLock {
                continuation?.resume()
                continuation = nil
            }
        }
    }
}
