import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network: GET over `URLSession`, streaming the body through a delegate.
///
/// Each fetch gets an ephemeral session (no shared cookies, no URL cache: the avatar cache is
/// Herald's own). Each redirect is judged by ``RedirectPolicy`` before it is followed: counted
/// against ``FetchRequest/maximumRedirects``, refused to plain http unless http is allowed and
/// to any scheme but http and https. Cancelling the task (or dropping the body stream) cancels
/// the transfer.
public struct URLSessionFetcher: Fetcher {
    /// Whether a redirect may go from https to plain http.
    public var allowHTTP: Bool
    /// Seconds without any data before URLSession itself gives up; Herald's own deadlines are
    /// usually shorter.
    public var idleTimeout: TimeInterval

    /// - Parameters:
    ///   - allowHTTP: allow https → http redirects; default false.
    ///   - idleTimeout: URLSession's own idle timeout; default 30 s.
    public init(allowHTTP: Bool = false, idleTimeout: TimeInterval = 30) {
        self.allowHTTP = allowHTTP
        self.idleTimeout = idleTimeout
    }

    public func fetch(_ request: FetchRequest) async throws -> FetchResponse {
        let bridge = SessionBridge(redirectPolicy: RedirectPolicy(maximumRedirects: request.maximumRedirects, allowHTTP: allowHTTP))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: bridge, delegateQueue: nil)
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        let task = session.dataTask(with: urlRequest)
        // The session keeps its delegate until the task ends, then lets both go.
        session.finishTasksAndInvalidate()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                bridge.start(task, continuation: continuation)
            }
        } onCancel: {
            bridge.cancel()
            task.cancel()
        }
    }
}

/// Turns URLSession's delegate callbacks into one response and a body stream.
private final class SessionBridge: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the mutable state below is only touched while `lock` is held.
    private let lock = NSLock()
    private let redirectPolicy: RedirectPolicy
    private var redirects = 0
    private var failure: FetchError?
    private var responseContinuation: CheckedContinuation<FetchResponse, any Error>?
    private var body: BodyBuffer?
    private var cancelled = false

    init(redirectPolicy: RedirectPolicy) {
        self.redirectPolicy = redirectPolicy
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<FetchResponse, any Error>) {
        let alreadyCancelled = lock.withLock {
            if !cancelled { responseContinuation = continuation }
            return cancelled
        }
        if alreadyCancelled {
            // Never started: URLSession would report nothing for a task it never ran.
            continuation.resume(throwing: CancellationError())
            return
        }
        task.resume()
    }

    /// The caller was cancelled: answer it now rather than waiting for URLSession to report a
    /// completion it does not always send for a task cancelled as it starts.
    func cancel() {
        let waiting: CheckedContinuation<FetchResponse, any Error>? = lock.withLock {
            cancelled = true
            defer { responseContinuation = nil }
            return responseContinuation
        }
        waiting?.resume(throwing: CancellationError())
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let refusal: FetchError? = lock.withLock {
            redirects += 1
            // A redirect URLSession could not turn into a URL leads nowhere a fetch may go.
            failure = request.url.map { redirectPolicy.refusal(ofHop: redirects, to: $0) }
                ?? FetchError(.unsupportedURL, "redirected to no URL")
            return failure
        }
        if refusal != nil {
            completionHandler(nil)
            task.cancel()
        } else {
            completionHandler(request)
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let http = response as? HTTPURLResponse
        var headers: [String: String] = [:]
        for (name, value) in http?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        let buffer = BodyBuffer(task: dataTask)
        let (waiting, refusal): (CheckedContinuation<FetchResponse, any Error>?, FetchError?) = lock.withLock {
            defer { responseContinuation = nil }
            if failure == nil { body = buffer }
            return (responseContinuation, failure)
        }
        if let refusal {
            // A refused redirect still arrives as its 3xx response: report the refusal instead.
            waiting?.resume(throwing: refusal)
            completionHandler(.cancel)
            return
        }
        waiting?.resume(returning: FetchResponse(statusCode: http?.statusCode ?? 0, headers: headers, body: buffer.stream()))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let body = lock.withLock { self.body }
        body?.append(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (waiting, body, failure) = lock.withLock {
            defer {
                responseContinuation = nil
                self.body = nil
            }
            return (responseContinuation, self.body, self.failure)
        }
        let reported: (any Error)? = failure ?? error.map(SessionBridge.translate)
        if let waiting {
            waiting.resume(throwing: reported ?? FetchError(.transport, "the connection ended before a response"))
        } else {
            body?.finish(throwing: reported)
        }
    }

    private static func translate(_ error: any Error) -> any Error {
        let nsError = error as NSError
        if nsError.domain == NSURLErrorDomain, nsError.code == NSURLErrorCancelled {
            return CancellationError()
        }
        return FetchError(.transport, nsError.localizedDescription)
    }
}

/// The body between URLSession and its reader.
///
/// Where URLSession can pause a transfer (``Platform/urlSessionPausesTransfers``), the transfer
/// is suspended past a high-water mark until the reader catches up, so a fast server cannot
/// fill memory faster than the reader writes to disk. Elsewhere the buffer has a hard limit
/// instead, above Apple's largest attachment cap: a reader that falls that far behind gets an
/// error and the transfer is cancelled.
private final class BodyBuffer: @unchecked Sendable {
    // @unchecked: the mutable state below is only touched while `lock` is held.
    static let highWater = 256 * 1024
    static let lowWater = 64 * 1024
    static let hardLimit = 64 * 1024 * 1024

    private let lock = NSLock()
    private let task: URLSessionDataTask
    private var chunks: [Data] = []
    private var buffered = 0
    private var suspended = false
    private var finished = false
    private var failure: (any Error)?
    private var reader: CheckedContinuation<Data?, any Error>?

    init(task: URLSessionDataTask) {
        self.task = task
    }

    /// The reader's side. Dropping the stream, or cancelling its reader, cancels the transfer.
    func stream() -> AsyncThrowingStream<Data, any Error> {
        let canceller = TransferCanceller(task: task)
        return AsyncThrowingStream(unfolding: { [self] in
            withExtendedLifetime(canceller) {}
            return try await withTaskCancellationHandler {
                try await next()
            } onCancel: {
                task.cancel()
            }
        })
    }

    func append(_ data: Data) {
        enum Action { case deliver(CheckedContinuation<Data?, any Error>), suspend, overflow, none }
        let action: Action = lock.withLock {
            guard !finished else { return .none }
            if let reader {
                self.reader = nil
                return .deliver(reader)
            }
            chunks.append(data)
            buffered += data.count
            if Platform.urlSessionPausesTransfers {
                guard buffered > BodyBuffer.highWater, !suspended else { return .none }
                suspended = true
                return .suspend
            }
            guard buffered > BodyBuffer.hardLimit else { return .none }
            chunks = []
            buffered = 0
            finished = true
            failure = FetchError(.transport, "the reader fell more than \(BodyBuffer.hardLimit) bytes behind; the transfer was stopped")
            return .overflow
        }
        switch action {
        case .deliver(let reader): reader.resume(returning: data)
        case .suspend: task.suspend()
        case .overflow: task.cancel()
        case .none: break
        }
    }

    func finish(throwing error: (any Error)?) {
        let waiting: CheckedContinuation<Data?, any Error>? = lock.withLock {
            guard !finished else { return nil }  // an overflow already ended it
            finished = true
            failure = error
            defer { reader = nil }
            return reader
        }
        if let error {
            waiting?.resume(throwing: error)
        } else {
            waiting?.resume(returning: nil)
        }
    }

    private func next() async throws -> Data? {
        try Task.checkCancellation()
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Data?, any Error>) in
            enum Step { case chunk(Data, resume: Bool), end((any Error)?), wait }
            let step: Step = lock.withLock {
                if !chunks.isEmpty {
                    let chunk = chunks.removeFirst()
                    buffered -= chunk.count
                    let resume = suspended && buffered < BodyBuffer.lowWater
                    if resume { suspended = false }
                    return .chunk(chunk, resume: resume)
                }
                if finished { return .end(failure) }
                reader = continuation
                if suspended {
                    suspended = false
                    return .chunk(Data(), resume: true)
                }
                return .wait
            }
            switch step {
            case .chunk(let chunk, let resume):
                if resume { task.resume() }
                if !chunk.isEmpty { continuation.resume(returning: chunk) }
            case .end(let error?):
                continuation.resume(throwing: error)
            case .end(nil):
                continuation.resume(returning: nil)
            case .wait:
                break
            }
        }
    }
}

/// Cancels a transfer when the body stream that owns it goes away unread.
private final class TransferCanceller: Sendable {
    let task: URLSessionDataTask

    init(task: URLSessionDataTask) {
        self.task = task
    }

    deinit {
        task.cancel()
    }
}
