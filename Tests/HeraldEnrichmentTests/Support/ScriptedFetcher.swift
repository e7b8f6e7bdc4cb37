import Foundation

@testable import HeraldEnrichment

/// A fake network that answers each URL as scripted and records every request.
///
/// Honest by construction: it returns what the test scripted, never the value the test then
/// asserts on, and it can fail (status codes, transport errors, hangs, held-back answers).
final class ScriptedFetcher: Fetcher, @unchecked Sendable {
    // @unchecked: every mutable property is only touched while `lock` is held.
    enum Script: Sendable {
        case respond(status: Int, headers: [String: String], body: Data)
        /// The body in chunks; the stream never ends by itself after them when `thenHang`.
        case chunks(status: Int, headers: [String: String], chunks: [Data], thenHang: Bool)
        case fail(FetchError)
        /// Never answers until cancelled.
        case hang
        /// Waits until the test calls ``release(_:with:)``.
        case held
    }

    private let lock = NSLock()
    private var scripts: [URL: Script]
    private var requests: [FetchRequest] = []
    private var cancellations = 0
    private var waiting: [URL: [CheckedContinuation<Script, Never>]] = [:]
    private var released: [URL: Script] = [:]

    init(_ scripts: [URL: Script] = [:]) {
        self.scripts = scripts
    }

    var recordedRequests: [FetchRequest] { lock.withLock { requests } }
    var cancelledCount: Int { lock.withLock { cancellations } }
    var heldCount: Int { lock.withLock { waiting.values.reduce(0) { $0 + $1.count } } }

    func set(_ url: URL, _ script: Script) {
        lock.withLock { scripts[url] = script }
    }

    /// Answers requests held for `url` (and later ones) with `script`.
    func release(_ url: URL, with script: Script) {
        let continuations = lock.withLock {
            released[url] = script
            return waiting.removeValue(forKey: url) ?? []
        }
        for continuation in continuations { continuation.resume(returning: script) }
    }

    func fetch(_ request: FetchRequest) async throws -> FetchResponse {
        let script: Script = lock.withLock {
            requests.append(request)
            return scripts[request.url] ?? .respond(status: 404, headers: [:], body: Data("not found".utf8))
        }
        return try await perform(script, url: request.url)
    }

    private func perform(_ script: Script, url: URL) async throws -> FetchResponse {
        switch script {
        case .respond(let status, let headers, let body):
            return FetchResponse(statusCode: status, headers: headers, data: body)
        case .chunks(let status, let headers, let chunks, let thenHang):
            let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
            for chunk in chunks { continuation.yield(chunk) }
            if !thenHang { continuation.finish() }
            continuation.onTermination = { [weak self] termination in
                if case .cancelled = termination { self?.noteCancellation() }
            }
            return FetchResponse(statusCode: status, headers: headers, body: stream)
        case .fail(let error):
            throw error
        case .hang:
            try await hangUntilCancelled()
            throw CancellationError()
        case .held:
            let answer = await withTaskCancellationHandler {
                await withCheckedContinuation { (continuation: CheckedContinuation<Script, Never>) in
                    let ready: Script? = lock.withLock {
                        if let script = released[url] { return script }
                        if Task.isCancelled { return .hang }
                        waiting[url, default: []].append(continuation)
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            } onCancel: {
                let continuations = lock.withLock { waiting.removeValue(forKey: url) ?? [] }
                for continuation in continuations { continuation.resume(returning: .hang) }
            }
            try Task.checkCancellation()
            return try await perform(answer, url: url)
        }
    }

    private func noteCancellation() {
        lock.withLock { cancellations += 1 }
    }

    private func hangUntilCancelled() async throws {
        let gate = Gate()
        await withTaskCancellationHandler {
            await gate.wait()
        } onCancel: {
            gate.open()
        }
        noteCancellation()
    }
}

/// A one-shot latch: `wait` suspends until `open` (which may come first).
final class Gate: @unchecked Sendable {
    // @unchecked: state only touched while `lock` is held.
    private let lock = NSLock()
    private var isOpen = false
    private var continuation: CheckedContinuation<Void, Never>?

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resume = lock.withLock {
                if isOpen { return true }
                self.continuation = continuation
                return false
            }
            if resume { continuation.resume() }
        }
    }

    func open() {
        let waiting = lock.withLock {
            isOpen = true
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume()
    }
}
