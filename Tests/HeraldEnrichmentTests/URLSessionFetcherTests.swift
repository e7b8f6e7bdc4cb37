import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment


/// Fetches, reads the first chunk and returns its size; the response, its stream and the
/// stream's iterator all die when this returns.
private func firstChunkThenDrop(_ fetcher: URLSessionFetcher, _ url: URL) async throws -> Int {
    let response = try await fetcher.fetch(FetchRequest(url: url))
    var iterator = response.body.makeAsyncIterator()
    return try await iterator.next()?.count ?? 0
}

/// Where a task's result lands once it has one.
private final class ResultBox<Success: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked: `result` is only touched while `lock` is held.
    private let lock = NSLock()
    private var result: Result<Success, Failure>?

    func set(_ value: Result<Success, Failure>) { lock.withLock { result = value } }
    var value: Result<Success, Failure>? { lock.withLock { result } }
}

/// The task's result, or nil when it has none within `limit`: a fetch that never returns fails
/// its test instead of hanging the suite (the task is left behind).
private func result<Success: Sendable, Failure: Error>(
    of task: Task<Success, Failure>, within limit: Duration
) async -> Result<Success, Failure>? {
    let box = ResultBox<Success, Failure>()
    Task { box.set(await task.result) }
    let deadline = ContinuousClock.now + limit
    while box.value == nil, ContinuousClock.now < deadline {
        try? await Task.sleep(for: .milliseconds(5))
    }
    return box.value
}

private func bytes(_ text: String) -> Data { Data(text.utf8) }

extension URLSessionSuites {
    /// `URLSessionFetcher` against a real loopback server (FoundationNetworking's URLSession on
    /// Linux). Every wait on a fetch is bounded, so a fetcher bug fails a test instead of hanging
    /// the suite. The bounds (60 s) only tell an event (a cancel, a hang-up) from URLSession's
    /// idle timeout (300 s here): a loaded machine's scheduling delays never decide a test.
    @Suite("URLSessionFetcher against a loopback server", .timeLimit(.minutes(5)))
    struct URLSessionFetcherTests {
        let fetcher = URLSessionFetcher(allowHTTP: true, idleTimeout: 300)

        @Test func statusAndHeadersComeThroughWithLowercasedNames() async throws {
            let server = try LoopbackServer(routes: [
                "/hello": .respond(status: 200, headers: ["Content-Type": "text/plain", "X-Herald-Probe": "Yes"], body: bytes("hello")),
            ])
            defer { server.stop() }

            let response = try await fetcher.fetch(FetchRequest(url: server.url("/hello")))
            #expect(response.statusCode == 200)
            #expect(response.headers["content-type"] == "text/plain")
            #expect(response.headers["x-herald-probe"] == "Yes")
            #expect(response.declaredLength == 5)
            #expect(response.headers.keys.allSatisfy { $0 == $0.lowercased() })
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == bytes("hello"))
            #expect(server.requests.map(\.method) == ["GET"])
            #expect(server.requestCount("/hello") == 1)
        }

        @Test func pacedChunksArriveWholeAndInSeveralChunks() async throws {
            let parts = [Data(repeating: 0x61, count: 300), Data(repeating: 0x62, count: 300), Data(repeating: 0x63, count: 300)]
            let server = try LoopbackServer(routes: [
                "/paced": .chunks(status: 200, parts, interval: .milliseconds(150)),
            ])
            defer { server.stop() }

            let response = try await fetcher.fetch(FetchRequest(url: server.url("/paced")))
            #expect(response.statusCode == 200)
            #expect(response.declaredLength == nil)
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == parts.reduce(Data(), +))
            #expect(body.chunks.count > 1)
        }

        @Test(arguments: [("/missing", 404), ("/broken", 500)])
        func errorStatusesAreResponsesNotErrors(path: String, status: Int) async throws {
            let server = try LoopbackServer(routes: [
                "/broken": .respond(status: 500, body: bytes("boom")),
            ])
            defer { server.stop() }

            let response = try await fetcher.fetch(FetchRequest(url: server.url(path)))
            #expect(response.statusCode == status)
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == bytes(status == 404 ? "not found" : "boom"))
        }

        /// URLSession on Linux hands a 304 to the caller as is when the caller set If-None-Match
        /// itself (the fetcher's sessions have no URL cache to answer from).
        @Test func extraHeadersReachTheServerAndA304ComesBackAsIs() async throws {
            let server = try LoopbackServer(routes: [
                "/avatar": .conditional(etag: "\"v1\"", body: bytes("picture"), maxAge: 60),
            ])
            defer { server.stop() }

            let fresh = try await fetcher.fetch(FetchRequest(url: server.url("/avatar")))
            #expect(fresh.statusCode == 200)
            #expect(fresh.headers["etag"] == "\"v1\"")
            #expect(fresh.headers["cache-control"] == "max-age=60")
            #expect(await drain(fresh.body).bytes == bytes("picture"))

            let revalidated = try await fetcher.fetch(FetchRequest(
                url: server.url("/avatar"), headers: ["If-None-Match": "\"v1\"", "X-Herald-Request": "42"]))
            #expect(revalidated.statusCode == 304)
            let body = await drain(revalidated.body)
            #expect(body.error == nil)
            #expect(body.bytes.isEmpty)

            let requests = server.requests
            try #require(requests.count == 2)
            #expect(requests[0].headers["if-none-match"] == nil)
            #expect(requests[1].headers["if-none-match"] == "\"v1\"")
            #expect(requests[1].headers["x-herald-request"] == "42")
        }

        @Test func aRedirectLoopFailsWithTooManyRedirects() async throws {
            let server = try LoopbackServer(routes: ["/loop": .redirect(to: "/loop")])
            defer { server.stop() }

            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/loop"), maximumRedirects: 3))
            }
            #expect(error?.code == .tooManyRedirects, "\(String(describing: error))")
            // The first request and the three redirects it was allowed to follow; the fourth is refused.
            #expect(server.requestCount("/loop") == 4)
        }

        /// Two hops, `/a` → `/b` → `/c`, against limits on both sides of two.
        @Test(arguments: [(3, true), (2, true), (1, false), (0, false)])
        func redirectsAreFollowedUpToTheLimit(limit: Int, succeeds: Bool) async throws {
            let server = try LoopbackServer(routes: [
                "/a": .redirect(to: "/b"),
                "/b": .redirect(to: "/c", status: 307),
                "/c": .respond(status: 200, body: bytes("arrived")),
            ])
            defer { server.stop() }

            let request = FetchRequest(url: server.url("/a"), maximumRedirects: limit)
            if succeeds {
                let response = try await fetcher.fetch(request)
                #expect(response.statusCode == 200)
                #expect(await drain(response.body).bytes == bytes("arrived"))
                #expect(server.requests.map(\.path) == ["/a", "/b", "/c"])
            } else {
                let error = await #expect(throws: FetchError.self) { _ = try await fetcher.fetch(request) }
                #expect(error?.code == .tooManyRedirects, "\(String(describing: error))")
                #expect(server.requestCount("/c") == 0)
            }
        }

        @Test func cancellingWhileTheServerHangsEndsFetchPromptly() async throws {
            let server = try LoopbackServer(routes: ["/hang": .hang])
            defer { server.stop() }

            let fetcher = fetcher
            let url = server.url("/hang")
            let task = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            #expect(await server.wait { $0.requestCount("/hang") == 1 })

            let clock = ContinuousClock()
            let start = clock.now
            task.cancel()
            // A bound, not a speed test: a missed cancel would wait for the 300 s idle timeout.
            let outcome = try #require(await result(of: task, within: .seconds(60)), "fetch did not return after cancel")
            #expect(clock.now - start < .seconds(60))
            #expect(throws: CancellationError.self) { try outcome.get() }
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }

        /// Cancelled before `fetch` (or just after it starts), the fetch must still end. It does not
        /// always: see the report. 200 rounds reproduce it a few times in a thousand runs under load.
        @Test
        func fetchInAnAlreadyCancelledTaskThrowsCancellation() async throws {
            let server = try LoopbackServer(routes: ["/hang": .hang])
            defer { server.stop() }

            let fetcher = fetcher
            let url = server.url("/hang")
            for _ in 0..<200 {
                let task = Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await fetcher.fetch(FetchRequest(url: url))
                }
                let outcome = try #require(await result(of: task, within: .seconds(60)), "an already-cancelled fetch never returned")
                #expect(throws: CancellationError.self) { try outcome.get() }
            }
        }

        @Test func fetchReturnsAtTheHeadersAndCancellingTheReaderEndsTheBody() async throws {
            let server = try LoopbackServer(routes: [
                "/slow": .hangAfterHeaders(status: 200, headers: ["X-Herald-Probe": "early"]),
            ])
            defer { server.stop() }

            // Returns although no body byte ever comes.
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/slow")))
            #expect(response.statusCode == 200)
            #expect(response.headers["x-herald-probe"] == "early")

            let body = response.body
            let reader = Task { await drain(body) }
            try await Task.sleep(for: .milliseconds(100))  // the reader is now waiting for a chunk
            let clock = ContinuousClock()
            let start = clock.now
            reader.cancel()
            let outcome = try #require(await result(of: reader, within: .seconds(60)), "the cancelled reader did not return")
            #expect(clock.now - start < .seconds(60))
            let drained = outcome.get()
            #expect(drained.chunks.isEmpty)
            #expect(drained.error is CancellationError)
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }

        @Test func droppingTheBodyStreamClosesTheConnection() async throws {
            let server = try LoopbackServer(routes: [
                "/endless": .endless(status: 200, chunk: Data(repeating: 0x7A, count: 1024)),
            ])
            defer { server.stop() }

            let first = try await firstChunkThenDrop(fetcher, server.url("/endless"))
            #expect(first > 0)
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
            #expect(server.connectionCount == 1)
        }

        /// URLSession on Linux hands over the 40 bytes that came, then fails the transfer (libcurl's
        /// "transfer closed with 60 bytes remaining to read"), which the fetcher reports as
        /// `FetchError.transport` at the end of the stream: a short body is never taken as complete.
        @Test func aBodyShorterThanItsContentLengthEndsWithATransportError() async throws {
            let sent = Data(repeating: 0x41, count: 40)
            let server = try LoopbackServer(routes: ["/short": .lieAboutLength(declared: 100, actual: sent)])
            defer { server.stop() }

            let response = try await fetcher.fetch(FetchRequest(url: server.url("/short")))
            #expect(response.declaredLength == 100)
            let body = await drain(response.body)
            #expect(body.bytes == sent)
            #expect((body.error as? FetchError)?.code == .transport, "\(String(describing: body.error))")
        }

        /// URLSession on Linux stops at the declared length and ends the body without an error; the
        /// excess bytes are dropped.
        @Test func aBodyLongerThanItsContentLengthIsCutAtTheDeclaredLength() async throws {
            let sent = Data((0..<40).map { UInt8($0) })
            let server = try LoopbackServer(routes: ["/long": .lieAboutLength(declared: 10, actual: sent)])
            defer { server.stop() }

            let response = try await fetcher.fetch(FetchRequest(url: server.url("/long")))
            #expect(response.declaredLength == 10)
            let body = await drain(response.body)
            #expect(body.bytes.count <= 10)
            #expect(body.bytes == sent.prefix(10))
            #expect(body.error == nil)
        }

        @Test func aConnectionClosedBeforeAnyResponseIsATransportError() async throws {
            let server = try LoopbackServer(routes: ["/hang": .hang])
            defer { server.stop() }

            let fetcher = fetcher
            let url = server.url("/hang")
            let task = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            #expect(await server.wait { $0.requestCount("/hang") == 1 })
            server.stop()  // shuts the hanging connection down; `defer` stops it again, harmlessly
            #expect(await server.wait { $0.finishedConnectionCount == $0.connectionCount })

            let outcome = try #require(await result(of: task, within: .seconds(60)), "fetch did not return after the server hung up")
            #expect((outcome.error as? FetchError)?.code == .transport, "\(String(describing: outcome.error))")
            #expect(server.peerDisconnectCount == 0)
        }

        @Test func aRefusedConnectionIsATransportError() async throws {
            // A port that was just listening and no longer is.
            let server = try LoopbackServer(routes: [:])
            server.stop()

            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/anything")))
            }
            #expect(error?.code == .transport)
        }
    }
}

private extension Result {
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
