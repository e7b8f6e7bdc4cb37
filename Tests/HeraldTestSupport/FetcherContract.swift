import Foundation
import HeraldEnrichment
import Testing

/// What every ``Fetcher`` that goes to the network guarantees, written once and run against each
/// real one (`URLSessionFetcherTests`, `AsyncHTTPClientFetcherTests`, one parameterized test
/// over ``allCases``). Each case starts its own ``LoopbackServer`` and checks one guarantee.
///
/// Where the fetchers legitimately differ, a case checks what both guarantee:
/// - header names: whatever the wire said, ``FetchResponse`` keys them lowercased;
/// - errors: the ``FetchError/Code`` is the contract, the message of a transport error is each
///   fetcher's own (a redirect's refusal says what ``RedirectPolicy`` says, for both);
/// - a reader cancelled while it waits sees the stream throw `CancellationError` or simply end,
///   as ``FetchResponse/body`` allows, and the transfer stops either way.
///
/// Every wait on a fetch is bounded by ``bound``, which guards against a hang and is no speed
/// test: a fetcher under test must be made with every timeout of its own well past it (300 s),
/// so that a fetch which ends within the bound ended on the event the case waits for (a cancel,
/// a hang-up), however slowly a loaded machine schedules it.
public enum FetcherContract: String, CaseIterable, Sendable {
    /// Status, lowercased header names, `Content-Length` and body come through; the request is a
    /// GET carrying the extra headers and a `User-Agent`.
    case statusHeadersAndBody
    /// A body without `Content-Length`, ended by the server closing, arrives whole and in
    /// several chunks.
    case bodyEndedByTheServerClosing
    /// A chunked body arrives whole, decoded, and in several chunks.
    case chunkedBody
    /// 404 and 500 are responses with their bodies, not errors.
    case errorStatusesAreResponses
    /// Extra headers reach the server, and a 304 comes back as is, with an empty body.
    case conditionalRequestAnswered304
    /// Up to the limit, redirects are followed, relative ones resolved, headers sent on each hop.
    case redirectsWithinTheLimitAreFollowed
    /// One redirect past the limit fails with `tooManyRedirects`, before that hop is requested.
    case redirectsBeyondTheLimitFail
    /// A redirect loop fails with `tooManyRedirects` after the limit.
    case redirectLoop
    /// A redirect to plain http fails with `insecureRedirect` unless http is allowed.
    case redirectToPlainHTTP
    /// A redirect to a scheme that is neither http nor https fails with `unsupportedURL`.
    case redirectToAnotherScheme
    /// Cancelling the task while the server never answers ends the fetch and its connection.
    case cancellingWhileTheServerHangs
    /// A fetch in a task cancelled before it starts throws `CancellationError` and sends nothing.
    case alreadyCancelledTask
    /// `fetch` returns at the headers; cancelling a reader that waits for a body byte ends the
    /// stream and the connection.
    case returnsAtTheHeaders
    /// Cancelling a reader in the middle of an endless body ends the connection.
    case cancellingAReaderMidBody
    /// Dropping the body stream after one chunk closes the connection.
    case droppingTheBodyStream
    /// Dropping a response whose body was never read closes the connection.
    case droppingTheResponseUnread
    /// A body shorter than its `Content-Length` ends with a `transport` error after what came.
    case shortBody
    /// A body longer than its `Content-Length` is cut at the declared length, without an error.
    case longBody
    /// A connection the server closes before any response is a `transport` error.
    case connectionClosedBeforeAnyResponse
    /// A refused connection is a `transport` error.
    case refusedConnection

    /// Runs `use` with a fresh fetcher under test and cleans up after it, whatever `use` does.
    ///
    /// `allowHTTP` says whether the fetcher may follow a redirect to plain http. Every timeout
    /// of the fetcher must be well past ``bound`` (300 s).
    public typealias WithFetcher = (_ allowHTTP: Bool, _ use: (any Fetcher) async throws -> Void) async throws -> Void

    /// How long a case waits for a fetch, a reader or the server before failing instead of
    /// hanging: far past any scheduling delay of a loaded machine, far short of 300 s.
    public static let bound = Duration.seconds(60)

    /// Checks this guarantee against fetchers made by `withFetcher`, recording failures as
    /// issues of the running test.
    ///
    /// - Parameter withFetcher: makes the fetcher under test.
    /// - Throws: what the check's `#require`s and the fetcher throw where the case does not
    ///   expect it.
    public func check(_ withFetcher: WithFetcher) async throws {
        switch self {
        case .statusHeadersAndBody: try await Self.checkStatusHeadersAndBody(withFetcher)
        case .bodyEndedByTheServerClosing: try await Self.checkBodyEndedByTheServerClosing(withFetcher)
        case .chunkedBody: try await Self.checkChunkedBody(withFetcher)
        case .errorStatusesAreResponses: try await Self.checkErrorStatusesAreResponses(withFetcher)
        case .conditionalRequestAnswered304: try await Self.checkConditionalRequestAnswered304(withFetcher)
        case .redirectsWithinTheLimitAreFollowed: try await Self.checkRedirectsWithinTheLimitAreFollowed(withFetcher)
        case .redirectsBeyondTheLimitFail: try await Self.checkRedirectsBeyondTheLimitFail(withFetcher)
        case .redirectLoop: try await Self.checkRedirectLoop(withFetcher)
        case .redirectToPlainHTTP: try await Self.checkRedirectToPlainHTTP(withFetcher)
        case .redirectToAnotherScheme: try await Self.checkRedirectToAnotherScheme(withFetcher)
        case .cancellingWhileTheServerHangs: try await Self.checkCancellingWhileTheServerHangs(withFetcher)
        case .alreadyCancelledTask: try await Self.checkAlreadyCancelledTask(withFetcher)
        case .returnsAtTheHeaders: try await Self.checkReturnsAtTheHeaders(withFetcher)
        case .cancellingAReaderMidBody: try await Self.checkCancellingAReaderMidBody(withFetcher)
        case .droppingTheBodyStream: try await Self.checkDroppingTheBodyStream(withFetcher)
        case .droppingTheResponseUnread: try await Self.checkDroppingTheResponseUnread(withFetcher)
        case .shortBody: try await Self.checkShortBody(withFetcher)
        case .longBody: try await Self.checkLongBody(withFetcher)
        case .connectionClosedBeforeAnyResponse: try await Self.checkConnectionClosedBeforeAnyResponse(withFetcher)
        case .refusedConnection: try await Self.checkRefusedConnection(withFetcher)
        }
    }
}
