import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment
@testable import herald


/// Runs `body` with a fresh fetcher and shuts it down afterwards, whatever `body` does (a client
/// that is not shut down traps in debug builds).
private func withFetcher<T>(
    allowHTTP: Bool = true, _ body: (AsyncHTTPClientFetcher) async throws -> T
) async throws -> T {
    let fetcher = AsyncHTTPClientFetcher(allowHTTP: allowHTTP, idleTimeout: .seconds(300))
    do {
        let result = try await body(fetcher)
        await fetcher.shutdown()
        return result
    } catch {
        await fetcher.shutdown()
        throw error
    }
}

/// `body` framed with chunked transfer encoding, one HTTP chunk per part, then the last chunk.
private func chunkedFrames(_ parts: [Data]) -> [Data] {
    parts.map { Data("\(String($0.count, radix: 16))\r\n".utf8) + $0 + Data("\r\n".utf8) } + [Data("0\r\n\r\n".utf8)]
}

private func bytes(_ text: String) -> Data { Data(text.utf8) }

/// The desk's fetcher (the `herald` executable's, not the phone's) against the same loopback
/// server as ``URLSessionFetcherTests``. Its idle timeout is 300 s and the response deadline
/// 60 s; the bounds on a cancel (30 s) tell the event from either, and the suite's time limit
/// ends a fetcher bug instead of hanging the suite, whatever a loaded machine's scheduler does.
@Suite("AsyncHTTPClientFetcher against a loopback server", .timeLimit(.minutes(5)))
struct AsyncHTTPClientFetcherTests {
    @Test func statusHeadersAndBodyComeThroughAndRequestHeadersAreSent() async throws {
        let server = try LoopbackServer(routes: [
            "/hello": .respond(status: 200, headers: ["Content-Type": "text/plain", "X-Herald-Probe": "Yes"], body: bytes("hello")),
        ])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/hello"), headers: ["X-Herald-Request": "42"]))
            #expect(response.statusCode == 200)
            #expect(response.headers["content-type"] == "text/plain")
            #expect(response.headers["x-herald-probe"] == "Yes")
            #expect(response.declaredLength == 5)
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == bytes("hello"))
        }
        let requests = server.requests
        try #require(requests.count == 1)
        #expect(requests[0].method == "GET")
        #expect(requests[0].headers["x-herald-request"] == "42")
        #expect(requests[0].headers["user-agent"] == AsyncHTTPClientFetcher.userAgent)
    }

    @Test func aChunkedBodyArrivesWholeAndInSeveralChunks() async throws {
        let parts = [Data(repeating: 0x61, count: 300), Data(repeating: 0x62, count: 300), Data(repeating: 0x63, count: 300)]
        let server = try LoopbackServer(routes: [
            "/chunked": .chunks(status: 200, headers: ["Transfer-Encoding": "chunked"], chunkedFrames(parts), interval: .milliseconds(100)),
        ])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/chunked")))
            #expect(response.statusCode == 200)
            #expect(response.declaredLength == nil)
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == parts.reduce(Data(), +))
            #expect(body.chunks.count > 1)
        }
    }

    @Test func aBodyEndedByTheServerClosingArrivesWhole() async throws {
        let parts = [Data(repeating: 0x61, count: 200), Data(repeating: 0x62, count: 200)]
        let server = try LoopbackServer(routes: ["/paced": .chunks(status: 200, parts, interval: .milliseconds(50))])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/paced")))
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == parts.reduce(Data(), +))
        }
    }

    @Test(arguments: [("/missing", 404), ("/broken", 500)])
    func errorStatusesAreResponsesNotErrors(path: String, status: Int) async throws {
        let server = try LoopbackServer(routes: ["/broken": .respond(status: 500, body: bytes("boom"))])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url(path)))
            #expect(response.statusCode == status)
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == bytes(status == 404 ? "not found" : "boom"))
        }
    }

    @Test func a304ComesBackAsIsWithAnEmptyBody() async throws {
        let server = try LoopbackServer(routes: ["/avatar": .conditional(etag: "\"v1\"", body: bytes("picture"), maxAge: 60)])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let fresh = try await fetcher.fetch(FetchRequest(url: server.url("/avatar")))
            #expect(fresh.statusCode == 200)
            #expect(fresh.headers["etag"] == "\"v1\"")
            #expect(fresh.headers["cache-control"] == "max-age=60")
            #expect(await drain(fresh.body).bytes == bytes("picture"))

            let revalidated = try await fetcher.fetch(FetchRequest(url: server.url("/avatar"), headers: ["If-None-Match": "\"v1\""]))
            #expect(revalidated.statusCode == 304)
            let body = await drain(revalidated.body)
            #expect(body.error == nil)
            #expect(body.bytes.isEmpty)
        }
        #expect(server.requests.map { $0.headers["if-none-match"] } == [nil, "\"v1\""])
    }

    // MARK: - Redirects

    static let twoHops: [String: LoopbackServer.Behavior] = [
        "/a": .redirect(to: "/b"),
        "/b": .redirect(to: "c", status: 307),
        "/c": .respond(status: 200, body: Data("arrived".utf8)),
    ]

    /// Relative locations (`/b`, then `c`) resolve against the URL of the hop that sent them.
    @Test(arguments: [3, 2])
    func redirectsWithinTheLimitAreFollowed(limit: Int) async throws {
        let server = try LoopbackServer(routes: Self.twoHops)
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/a"), headers: ["X-Herald-Request": "7"], maximumRedirects: limit))
            #expect(response.statusCode == 200)
            #expect(await drain(response.body).bytes == bytes("arrived"))
        }
        #expect(server.requests.map(\.path) == ["/a", "/b", "/c"])
        #expect(server.requests.allSatisfy { $0.headers["x-herald-request"] == "7" })
    }

    @Test(arguments: [1, 0])
    func redirectsBeyondTheLimitFail(limit: Int) async throws {
        let server = try LoopbackServer(routes: Self.twoHops)
        defer { server.stop() }

        try await withFetcher { fetcher in
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/a"), maximumRedirects: limit))
            }
            #expect(error?.code == .tooManyRedirects)
        }
        #expect(server.requestCount("/c") == 0)
        #expect(server.requests.count == limit + 1)
    }

    @Test func aRedirectLoopFailsWithTooManyRedirects() async throws {
        let server = try LoopbackServer(routes: ["/loop": .redirect(to: "/loop")])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/loop"), maximumRedirects: 3))
            }
            #expect(error?.code == .tooManyRedirects)
        }
        // The first request and the three redirects it was allowed to follow; the fourth is refused.
        #expect(server.requestCount("/loop") == 4)
    }

    @Test func aRedirectToPlainHTTPIsRefusedUnlessAllowed() async throws {
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        let target = server.url("/plain").absoluteString
        let redirecting = try LoopbackServer(routes: ["/start": .redirect(to: target)])
        defer { redirecting.stop() }

        try await withFetcher(allowHTTP: false) { fetcher in
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: redirecting.url("/start")))
            }
            #expect(error?.code == .insecureRedirect)
            #expect(error?.message.contains(target) == true)
        }
        #expect(server.requests.isEmpty)

        try await withFetcher(allowHTTP: true) { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: redirecting.url("/start")))
            #expect(response.statusCode == 404)
            _ = await drain(response.body)
        }
        #expect(server.requestCount("/plain") == 1)
    }

    /// `http+unix` would reach a local socket: only http and https are ever followed.
    @Test(arguments: ["file:///etc/passwd", "http+unix://%2Ftmp%2Fherald.sock/x", "ftp://127.0.0.1/x"])
    func aRedirectToAnotherSchemeIsRefused(location: String) async throws {
        let server = try LoopbackServer(routes: ["/start": .redirect(to: location)])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/start")))
            }
            #expect(error?.code == .unsupportedURL)
        }
    }

    @Test func aNameThatDoesNotResolveAndAClosedPortAreSaidInWords() async throws {
        try await withFetcher(allowHTTP: true) { fetcher in
            let unknown = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: URL(string: "https://nonexistent.invalid/avatar.png")!))
            }
            #expect(unknown?.code == .transport)
            #expect(unknown?.message == "nonexistent.invalid: the name does not resolve (no address; offline?)", "\(String(describing: unknown))")
            // Port 1 needs root to listen on; nothing does in a test.
            let closed = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: URL(string: "http://127.0.0.1:1/avatar.png")!))
            }
            #expect(closed?.message == "127.0.0.1:1: connection refused", "\(String(describing: closed))")
        }
    }

    // MARK: - Cancellation and dropped bodies

    @Test func cancellingWhileTheServerHangsEndsTheFetchPromptly() async throws {
        let server = try LoopbackServer(routes: ["/hang": .hang])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let url = server.url("/hang")
            let task = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            #expect(await server.wait { $0.requestCount("/hang") == 1 })

            let clock = ContinuousClock()
            let start = clock.now
            task.cancel()
            let result = await task.result
            // A bound, not a speed test: the 60 s response deadline is what a missed cancel would hit.
            #expect(clock.now - start < .seconds(30))
            #expect(throws: CancellationError.self) { try result.get() }
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
    }

    @Test func fetchInAnAlreadyCancelledTaskThrowsCancellation() async throws {
        let server = try LoopbackServer(routes: ["/hang": .hang])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let url = server.url("/hang")
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await fetcher.fetch(FetchRequest(url: url))
            }
            let result = await task.result
            #expect(throws: CancellationError.self) { try result.get() }
        }
        #expect(server.requests.isEmpty)
    }

    @Test func fetchReturnsAtTheHeadersAndCancellingTheReaderEndsTheTransfer() async throws {
        let server = try LoopbackServer(routes: ["/slow": .hangAfterHeaders(status: 200, headers: ["X-Herald-Probe": "early"])])
        defer { server.stop() }

        try await withFetcher { fetcher in
            // Returns although no body byte ever comes.
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/slow")))
            #expect(response.headers["x-herald-probe"] == "early")

            let body = response.body
            let reader = Task { await drain(body) }
            try await Task.sleep(for: .milliseconds(100))
            let clock = ContinuousClock()
            let start = clock.now
            reader.cancel()
            let drained = await reader.value
            #expect(clock.now - start < .seconds(30))
            #expect(drained.chunks.isEmpty)
            // Whatever the stream reports (an AsyncThrowingStream may end a cancelled loop with
            // `nil`), it is never a transport error.
            #expect(drained.error == nil || drained.error is CancellationError)
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
    }

    @Test func cancellingAReaderMidBodyStopsTheDownload() async throws {
        let server = try LoopbackServer(routes: ["/endless": .endless(status: 200, chunk: Data(repeating: 0x7A, count: 1024))])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/endless")))
            let body = response.body
            let reader = Task {
                var received = 0
                for try await chunk in body { received += chunk.count }
                return received
            }
            try await Task.sleep(for: .milliseconds(100))
            reader.cancel()
            _ = await reader.result
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
    }

    @Test func droppingTheBodyStreamAfterOneChunkClosesTheConnection() async throws {
        let server = try LoopbackServer(routes: ["/endless": .endless(status: 200, chunk: Data(repeating: 0x7A, count: 1024))])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let first = try await Self.firstChunkThenDrop(fetcher, server.url("/endless"))
            #expect(first > 0)
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
        #expect(server.connectionCount == 1)
    }

    @Test func droppingTheResponseUnreadClosesTheConnection() async throws {
        let server = try LoopbackServer(routes: ["/endless": .endless(status: 200, chunk: Data(repeating: 0x7A, count: 1024))])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let status = try await fetcher.fetch(FetchRequest(url: server.url("/endless"))).statusCode
            #expect(status == 200)
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
    }

    /// Back-pressure, the reason this fetcher exists: a reader that stops reading stops the
    /// server's writes once the socket buffers are full, and reading again resumes them.
    @Test func aStalledReaderHoldsTheTransferBack() async throws {
        let server = try LoopbackServer(routes: [
            "/firehose": .endless(status: 200, chunk: Data(repeating: 0x66, count: 64 * 1024), interval: .zero),
        ])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/firehose")))
            var iterator = response.body.makeAsyncIterator()
            var received = try await iterator.next()?.count ?? 0
            try await Task.sleep(for: .milliseconds(700))  // stalled: nothing read
            let settled = server.bytesSent("/firehose")
            try await Task.sleep(for: .milliseconds(300))
            let later = server.bytesSent("/firehose")
            while received < 8 * 1024 * 1024, let chunk = try await iterator.next() {
                received += chunk.count
            }
            // Unchecked, a loopback server writes hundreds of megabytes a second; what it can
            // write here is what the kernel's socket buffers hold.
            #expect(settled < 16 * 1024 * 1024, "\(settled) bytes sent to a reader that stopped")
            #expect(later - settled < 256 * 1024, "still sending: \(settled) → \(later)")
            #expect(received >= 8 * 1024 * 1024)
        }
    }

    /// Fetches, reads the first chunk and returns its size; the response, its stream and the
    /// stream's iterator all die when this returns.
    private static func firstChunkThenDrop(_ fetcher: AsyncHTTPClientFetcher, _ url: URL) async throws -> Int {
        let response = try await fetcher.fetch(FetchRequest(url: url))
        var iterator = response.body.makeAsyncIterator()
        return try await iterator.next()?.count ?? 0
    }

    // MARK: - Transport failures

    @Test func aBodyShorterThanItsContentLengthEndsWithATransportError() async throws {
        let sent = Data(repeating: 0x41, count: 40)
        let server = try LoopbackServer(routes: ["/short": .lieAboutLength(declared: 100, actual: sent)])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/short")))
            #expect(response.declaredLength == 100)
            let body = await drain(response.body)
            #expect(body.bytes == sent)
            #expect((body.error as? FetchError)?.code == .transport)
        }
    }

    @Test func aBodyLongerThanItsContentLengthIsCutAtTheDeclaredLength() async throws {
        let sent = Data((0..<40).map { UInt8($0) })
        let server = try LoopbackServer(routes: ["/long": .lieAboutLength(declared: 10, actual: sent)])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/long")))
            let body = await drain(response.body)
            #expect(body.bytes == sent.prefix(10))
            #expect(body.error == nil)
        }
    }

    @Test func aConnectionClosedBeforeAnyResponseIsATransportError() async throws {
        let server = try LoopbackServer(routes: ["/hang": .hang])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let url = server.url("/hang")
            let task = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            #expect(await server.wait { $0.requestCount("/hang") == 1 })
            server.stop()  // shuts the hanging connection down; `defer` stops it again, harmlessly

            let error = await #expect(throws: FetchError.self) { _ = try await task.value }
            #expect(error?.code == .transport)
            #expect(error?.message.hasPrefix("127.0.0.1:\(server.port): ") == true)
        }
    }

    @Test func aRefusedConnectionIsATransportErrorAtOnce() async throws {
        // A port that was just listening and no longer is.
        let server = try LoopbackServer(routes: [:])
        server.stop()

        try await withFetcher { fetcher in
            let clock = ContinuousClock()
            let start = clock.now
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/anything")))
            }
            #expect(error?.code == .transport)
            // Not retried until the 10 s connect timeout.
            #expect(clock.now - start < .seconds(30))
        }
    }

    @Test func aURLThatIsNeitherHTTPNorHTTPSIsRefusedBeforeAnyConnection() async throws {
        try await withFetcher { fetcher in
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: URL(fileURLWithPath: "/etc/hosts")))
            }
            #expect(error?.code == .unsupportedURL)
        }
    }

    @Test func afterShutdownAFetchFailsWithATransportError() async throws {
        let server = try LoopbackServer(routes: ["/hello": .respond(status: 200, body: bytes("hello"))])
        defer { server.stop() }

        let fetcher = AsyncHTTPClientFetcher(allowHTTP: true)
        await fetcher.shutdown()
        let error = await #expect(throws: FetchError.self) {
            _ = try await fetcher.fetch(FetchRequest(url: server.url("/hello")))
        }
        #expect(error?.code == .transport)
        await fetcher.shutdown()  // a second call is harmless
        #expect(server.requests.isEmpty)
    }
}
