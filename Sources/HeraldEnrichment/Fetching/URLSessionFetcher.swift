import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real network: GET over `URLSession`, streaming the body through a delegate.
///
/// Each fetch gets an ephemeral session (no shared cookies, no URL cache: the avatar cache is
/// Herald's own). Redirects are counted and limited, an https → http redirect is refused unless
/// http is allowed, and cancelling the task (or dropping the body stream) cancels the transfer.
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
        let bridge = SessionBridge(maximumRedirects: request.maximumRedirects, allowHTTP: allowHTTP)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let session = URLSession(configuration: configuration, delegate: bridge, delegateQueue: nil)
        var urlRequest = URLRequest(url: request.url)
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
            task.cancel()
        }
    }
}

/// Turns URLSession's delegate callbacks into one response and a body stream.
private final class SessionBridge: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: the mutable state below is only touched while `lock` is held.
    private let lock = NSLock()
    private let maximumRedirects: Int
    private let allowHTTP: Bool
    private var redirects = 0
    private var failure: FetchError?
    private var responseContinuation: CheckedContinuation<FetchResponse, any Error>?
    private var bodyContinuation: AsyncThrowingStream<Data, any Error>.Continuation?

    init(maximumRedirects: Int, allowHTTP: Bool) {
        self.maximumRedirects = maximumRedirects
        self.allowHTTP = allowHTTP
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<FetchResponse, any Error>) {
        lock.withLock { responseContinuation = continuation }
        if Task.isCancelled {
            task.cancel()
        }
        task.resume()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let refusal: FetchError? = lock.withLock {
            redirects += 1
            if redirects > maximumRedirects {
                failure = FetchError(.tooManyRedirects, "more than \(maximumRedirects) redirects")
            } else if request.url?.scheme?.lowercased() == "http", !allowHTTP {
                failure = FetchError(.insecureRedirect, "redirected to plain http (\(request.url?.absoluteString ?? "?"))")
            }
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
        let (stream, continuation) = AsyncThrowingStream<Data, any Error>.makeStream()
        continuation.onTermination = { termination in
            if case .cancelled = termination { dataTask.cancel() }
        }
        let waiting: CheckedContinuation<FetchResponse, any Error>? = lock.withLock {
            bodyContinuation = continuation
            defer { responseContinuation = nil }
            return responseContinuation
        }
        waiting?.resume(returning: FetchResponse(statusCode: http?.statusCode ?? 0, headers: headers, body: stream))
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let body = lock.withLock { bodyContinuation }
        body?.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (waiting, body, failure) = lock.withLock {
            defer {
                responseContinuation = nil
                bodyContinuation = nil
            }
            return (responseContinuation, bodyContinuation, self.failure)
        }
        let reported: (any Error)? = failure ?? error.map(SessionBridge.translate)
        if let waiting {
            waiting.resume(throwing: reported ?? FetchError(.transport, "the connection ended before a response"))
        } else if let reported {
            body?.finish(throwing: reported)
        } else {
            body?.finish()
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
