// Only where AppleFrameworksStandIn exists (Linux), with the tests that use it.
#if canImport(AppleFrameworksStandIn)
import Foundation
import HeraldEnrichment

/// A network that answers nothing until the test says how.
///
/// ``answer(_:with:)`` settles every request for a URL, those already waiting and those still to
/// come, so a test decides the order in which downloads end and how each ends. A waiting request
/// whose task is cancelled ends with `CancellationError`, as a real transport's does.
final class HeldFetcher: Fetcher, @unchecked Sendable {
    // @unchecked: `answers`, `waiting` and `abandoned` are only touched while `lock` is held.
    enum Answer: CaseIterable, Sendable {
        /// 200 with a small PNG.
        case image
        /// 500, no body.
        case serverError
        /// The connection drops.
        case transportFailure
    }

    private struct Waiter {
        let url: URL
        let continuation: CheckedContinuation<Answer, any Error>
    }

    private let lock = NSLock()
    private var answers: [URL: Answer] = [:]
    private var waiting: [UUID: Waiter] = [:]
    private var abandoned: Set<URL> = []

    /// The URLs with a request waiting for its answer.
    var waitingURLs: Set<URL> { lock.withLock { Set(waiting.values.map(\.url)) } }
    /// The URLs with a request cancelled before its answer (its deadline passed).
    var abandonedURLs: Set<URL> { lock.withLock { abandoned } }

    /// Answers `url`'s requests, now and from now on.
    func answer(_ url: URL, with answer: Answer) {
        let woken: [Waiter] = lock.withLock {
            answers[url] = answer
            let settled = waiting.filter { $0.value.url == url }
            for id in settled.keys { waiting[id] = nil }
            return Array(settled.values)
        }
        for waiter in woken { waiter.continuation.resume(returning: answer) }
    }

    func fetch(_ request: FetchRequest) async throws -> FetchResponse {
        let id = UUID()
        let answer = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer, any Error>) in
                let now: Result<Answer, any Error>? = lock.withLock {
                    if let answer = answers[request.url] { return .success(answer) }
                    if Task.isCancelled {
                        abandoned.insert(request.url)
                        return .failure(CancellationError())
                    }
                    waiting[id] = Waiter(url: request.url, continuation: continuation)
                    return nil
                }
                if let now { continuation.resume(with: now) }
            }
        } onCancel: {
            let waiter = lock.withLock {
                abandoned.insert(request.url)
                return waiting.removeValue(forKey: id)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
        switch answer {
        case .image: return FetchResponse(statusCode: 200, data: ImageFetcher.png)
        case .serverError: return FetchResponse(statusCode: 500, data: Data())
        case .transportFailure: throw FetchError(.transport, "connection reset")
        }
    }
}
#endif
