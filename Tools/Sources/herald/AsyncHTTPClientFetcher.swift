import AsyncHTTPClient
import Foundation
import HeraldEnrichment
import HeraldOneSignal
import NIOCore
import NIOHTTP1
import NIOPosix

/// The desk's network: GET over AsyncHTTPClient, with back-pressure from the reader to the socket.
///
/// `herald preview` uses this instead of ``URLSessionFetcher``, which stays the phone's fetcher:
/// on Linux, swift-corelibs-foundation's URLSession queues every received byte onto its delegate
/// queue whatever `suspend()` says, so a 10 MB attachment sat in memory before the pipeline could
/// write it out. Here AsyncHTTPClient stops reading the socket as soon as one chunk waits unread
/// (its body sequence has a high watermark of 1), and a chunk becomes `Data` only when the reader
/// asks for it, so a body costs a socket read or two of memory whatever its size.
///
/// Behaves as ``URLSessionFetcher`` does: redirects are followed here, not by AsyncHTTPClient,
/// and each hop is judged by the same ``RedirectPolicy`` before it is followed (counted against
/// ``FetchRequest/maximumRedirects``, refused to plain http unless http is allowed and to any
/// scheme but http and https); `fetch` throws its refusal.
/// Cancelling the task that awaits `fetch` or reads the body cancels the transfer and closes its
/// connection; so does dropping the body stream unread.
///
/// One `HTTPClient` serves every fetch, reusing connections to a host. Call ``shutdown()`` once,
/// after the last fetch and before the process exits.
struct AsyncHTTPClientFetcher: Fetcher {
    /// How long a connection attempt may take.
    static let connectTimeout: TimeAmount = .seconds(10)
    /// Sent when the request names no `User-Agent`: some media hosts refuse requests without one,
    /// and URLSession always sends one.
    static let userAgent = "herald"

    /// Whether a redirect may lead to plain http.
    let allowHTTP: Bool
    /// How long a request may wait for its final response head, all redirects included. A
    /// backstop: the pipeline's own, shorter deadlines cancel the fetching task first.
    /// AsyncHTTPClient applies it up to the head only; a body is bounded by the idle timeout.
    let responseDeadline: TimeAmount
    private let client: HTTPClient

    /// - Parameters:
    ///   - allowHTTP: allow redirects to plain http; default false.
    ///   - idleTimeout: how long a request may go without a byte arriving, for its head or its
    ///     body (also while the reader pauses); default 30 s, as ``URLSessionFetcher``'s.
    ///   - responseDeadline: how long a request may wait for its final response head; default
    ///     60 s. Tests set it past their own bounds, so that only the event they wait for (a
    ///     cancel, a hang-up) can end a fetch in time.
    init(allowHTTP: Bool = false, idleTimeout: Duration = .seconds(30), responseDeadline: Duration = .seconds(60)) {
        self.allowHTTP = allowHTTP
        self.responseDeadline = TimeAmount(responseDeadline)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: Self.connectTimeout, read: TimeAmount(idleTimeout)),
            decompression: .disabled
        )
        // A refused connection fails the fetch now, as URLSession's does, instead of being retried
        // until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    /// Sends a request (a GET unless it says otherwise), following redirects, and returns at the
    /// final response's headers.
    ///
    /// - Parameter request: the URL, extra headers and the redirect limit.
    /// - Returns: status, headers as received, and the body stream.
    /// - Throws: ``FetchError`` (`tooManyRedirects`, `insecureRedirect`, `unsupportedURL` for a
    ///   hop to neither http nor https, `transport` for everything the connection does wrong)
    ///   and `CancellationError` when the task is cancelled.
    func fetch(_ request: FetchRequest) async throws -> FetchResponse {
        let deadline = NIODeadline.now() + responseDeadline
        let policy = RedirectPolicy(maximumRedirects: request.maximumRedirects, allowHTTP: allowHTTP)
        var url = request.url
        var redirects = 0
        while true {
            guard RedirectPolicy.isWeb(url) else {
                throw FetchError(.unsupportedURL, "\(url.absoluteString) is neither http nor https")
            }
            try Task.checkCancellation()
            let response = try await send(url, request: request, deadline: deadline)
            guard let target = Self.redirectTarget(of: response, from: url) else {
                return FetchResponse(
                    statusCode: Int(response.status.code),
                    headers: Self.fields(of: response.headers),
                    body: BodyReader(response.body, url: url).stream())
            }
            // `response` is dropped here unread, which cancels the rest of the 3xx's body.
            redirects += 1
            if let refusal = policy.refusal(ofHop: redirects, to: target) {
                throw refusal
            }
            url = target
        }
    }

    /// Closes every connection and releases the client. Call once, after the last fetch; a fetch
    /// still under way fails.
    func shutdown() async {
        do {
            try await client.shutdown()
        } catch {
            // The only failure without a clean-close requirement is `alreadyShutdown`: a second
            // call has nothing left to release.
        }
    }

    /// One hop: no redirect is followed here.
    private func send(_ url: URL, request: FetchRequest, deadline: NIODeadline) async throws -> HTTPClientResponse {
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method)
        if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
        for (name, value) in request.headers {
            outgoing.headers.add(name: name, value: value)
        }
        if !outgoing.headers.contains(name: "User-Agent") {
            outgoing.headers.add(name: "User-Agent", value: Self.userAgent)
        }
        do {
            return try await client.execute(outgoing, deadline: deadline)
        } catch {
            throw Self.translate(error, url: url)
        }
    }

    /// The absolute URL a response redirects to, or `nil` when it is not a redirect one can follow
    /// (a 304, a 3xx without a usable `Location`).
    static func redirectTarget(of response: HTTPClientResponse, from url: URL) -> URL? {
        guard [301, 302, 303, 307, 308].contains(response.status.code),
            let location = response.headers.first(name: "Location"),
            let target = URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: url)
        else { return nil }
        return target.absoluteURL
    }

    /// Header fields by name as received; a repeated field's values joined with ", ".
    static func fields(of headers: HTTPHeaders) -> [String: String] {
        var fields: [String: String] = [:]
        for (name, value) in headers {
            if let earlier = fields[name] {
                fields[name] = "\(earlier), \(value)"
            } else {
                fields[name] = value
            }
        }
        return fields
    }

    /// `CancellationError` as is (also for whatever a cancelled transfer fails with); every other
    /// failure as ``FetchError/Code/transport``.
    static func translate(_ error: any Error, url: URL) -> any Error {
        if error is CancellationError || Task.isCancelled {
            return CancellationError()
        }
        if let error = error as? FetchError {
            return error
        }
        let detail: String
        switch error {
        case let error as HTTPClientError:
            detail = error.shortDescription.lowercased()  // "remote connection closed", "read timeout"
        case is IOError, is NIOConnectionError:
            detail = TransportFailureReason.words(for: error)  // "connection refused", "the name does not resolve …"
        default:
            detail = String(describing: error)
        }
        let host = url.host.map { host in url.port.map { "\(host):\($0)" } ?? host } ?? url.absoluteString
        return FetchError(.transport, "\(host): \(detail)")
    }
}

extension TimeAmount {
    fileprivate init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}

/// Hands a response body to its one reader a chunk at a time, converting each `ByteBuffer` to
/// `Data` only when the reader asks: AsyncHTTPClient reads the socket no further ahead than that.
///
/// The iterator is held here, not the body: when the stream that owns this reader is dropped,
/// the iterator goes with it and AsyncHTTPClient cancels the transfer and closes its connection.
/// Cancelling the reading task during `next()` does the same at once (`CancellationError`).
private final class BodyReader: @unchecked Sendable {
    // @unchecked: `state` is only touched while `lock` is held. The iterator is taken out for the
    // length of one `next()` and put back, so it is never used by two tasks at once.
    private enum State {
        case ready(HTTPClientResponse.Body.AsyncIterator)
        case reading
        case finished
    }

    private let lock = NSLock()
    private var state: State
    /// Where the body comes from, for error messages.
    private let url: URL

    init(_ body: HTTPClientResponse.Body, url: URL) {
        self.state = .ready(body.makeAsyncIterator())
        self.url = url
    }

    func stream() -> AsyncThrowingStream<Data, any Error> {
        AsyncThrowingStream(unfolding: { [self] in try await next() })
    }

    private func next() async throws -> Data? {
        guard var iterator = take() else { return nil }
        do {
            guard let buffer = try await iterator.next() else {
                put(nil)
                return nil
            }
            put(iterator)
            return Data(buffer.readableBytesView)
        } catch {
            put(nil)
            throw AsyncHTTPClientFetcher.translate(error, url: url)
        }
    }

    /// The iterator, or `nil` once the body has ended.
    private func take() -> HTTPClientResponse.Body.AsyncIterator? {
        lock.withLock {
            switch state {
            case .ready(let iterator):
                state = .reading
                return iterator
            case .reading:
                preconditionFailure("a fetched body was read by two tasks at once")
            case .finished:
                return nil
            }
        }
    }

    /// Puts the iterator back after one chunk, or records the end (`nil`), which lets the
    /// iterator go.
    private func put(_ iterator: HTTPClientResponse.Body.AsyncIterator?) {
        lock.withLock {
            state = iterator.map(State.ready) ?? .finished
        }
    }
}
