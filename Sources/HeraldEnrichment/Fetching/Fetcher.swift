import Foundation

/// Downloads over HTTP, streaming the body: the one network seam of the pipeline.
///
/// ``URLSessionFetcher`` is the real one; tests use fakes and a loopback server. A fetcher
/// returns as soon as the response headers arrive; the body then streams in chunks, so a
/// caller can stop reading at a byte cap without the whole body ever being in memory.
/// Cancelling the task that reads the body cancels the transfer.
public protocol Fetcher: Sendable {
    /// Sends a request (a GET, unless it says otherwise) and waits for the response headers.
    ///
    /// - Parameter request: the URL, method, extra headers, body and the redirect limit.
    /// - Returns: status, headers and the body stream.
    /// - Throws: ``FetchError`` for transport failures (no connection, TLS, too many redirects)
    ///   and `CancellationError` when the task is cancelled.
    func fetch(_ request: FetchRequest) async throws -> FetchResponse
}

/// One request: a GET for media and fetched content, a POST for an acknowledgement.
public struct FetchRequest: Hashable, Sendable {
    /// What to get: an http(s) URL for ``URLSessionFetcher``.
    public var url: URL
    /// The HTTP method: `GET` or `POST`.
    public var method: String
    /// Extra request headers, such as `If-None-Match` for a conditional GET.
    public var headers: [String: String]
    /// What a POST sends; `nil` for none.
    public var body: Data?
    /// How many redirects to follow before failing with ``FetchError/Code/tooManyRedirects``.
    public var maximumRedirects: Int

    /// - Parameters:
    ///   - url: what to get.
    ///   - method: `GET` (the default) or `POST`.
    ///   - headers: extra headers; default none.
    ///   - body: what a POST sends; default none.
    ///   - maximumRedirects: redirect limit; default 3.
    public init(url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil, maximumRedirects: Int = 3) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.maximumRedirects = maximumRedirects
    }
}

/// A response whose body has not been read yet.
public struct FetchResponse: Sendable {
    /// The HTTP status, such as 200 or 304. A fetcher returns every status; the caller decides which
    /// count as success.
    public var statusCode: Int
    /// Header fields with lowercased names.
    public var headers: [String: String]
    /// The body, in chunks as they arrive. Reading stops the moment the caller stops.
    ///
    /// A reader whose task is cancelled before it asks for the next chunk may see the stream
    /// simply end (that is how `AsyncThrowingStream` behaves): check `Task.isCancelled` after
    /// the loop before taking the body as complete.
    public var body: AsyncThrowingStream<Data, any Error>

    /// - Parameters:
    ///   - statusCode: HTTP status.
    ///   - headers: header fields; names are lowercased here.
    ///   - body: the body stream.
    public init(statusCode: Int, headers: [String: String], body: AsyncThrowingStream<Data, any Error>) {
        self.statusCode = statusCode
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    /// A response with a body already in memory (fakes and local files).
    public init(statusCode: Int, headers: [String: String] = [:], data: Data) {
        self.init(statusCode: statusCode, headers: headers, body: AsyncThrowingStream { continuation in
            continuation.yield(data)
            continuation.finish()
        })
    }

    /// The declared `Content-Length`, when it is a number. Never trusted as a limit: caps are
    /// applied to the bytes actually received.
    public var declaredLength: Int? {
        headers["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
}

/// A download that failed before or while its body arrived.
public struct FetchError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure, for code that reacts to it; an open set of names.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The connection or the read failed (no network, DNS, TLS, reset, or a reader that fell too
        /// far behind the body).
        public static let transport = Code(rawValue: "transport")
        /// More redirects than ``FetchRequest/maximumRedirects``.
        public static let tooManyRedirects = Code(rawValue: "too-many-redirects")
        /// A redirect to plain http while http is not allowed.
        public static let insecureRedirect = Code(rawValue: "insecure-redirect")
        /// A redirect's target that is neither http nor https (``RedirectPolicy``), or such a URL
        /// given to the desk's fetcher.
        public static let unsupportedURL = Code(rawValue: "unsupported-url")
        /// A local file (or the payload's folder) that does not exist or cannot be read.
        public static let fileNotFound = Code(rawValue: "file-not-found")
        /// A local path that leads, once links resolve, outside the folder reads are kept in.
        public static let outsideFolder = Code(rawValue: "outside-folder")
        /// A local path naming a folder, FIFO, device or system file instead of a regular file.
        public static let notARegularFile = Code(rawValue: "not-a-regular-file")
    }

    /// What kind of failure.
    public let code: Code
    /// One line for a person.
    public let message: String

    /// - Parameters:
    ///   - code: what kind of failure.
    ///   - message: one line for a person, naming what failed.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
