import Foundation
import HeraldEnrichment
import HeraldTestSupport
import Testing

@testable import herald

/// Runs `body` with a fresh fetcher and shuts it down afterwards, whatever `body` does (a client
/// that is not shut down traps in debug builds). Its idle timeout and response deadline are
/// 300 s, past the contract's bound on every wait.
private func withFetcher<T>(
    allowHTTP: Bool = true, _ body: (AsyncHTTPClientFetcher) async throws -> T
) async throws -> T {
    let fetcher = AsyncHTTPClientFetcher(allowHTTP: allowHTTP, idleTimeout: .seconds(300), responseDeadline: .seconds(300))
    do {
        let result = try await body(fetcher)
        await fetcher.shutdown()
        return result
    } catch {
        await fetcher.shutdown()
        throw error
    }
}

/// The desk's fetcher (the `herald` executable's, not the phone's) against the same loopback
/// server and the same contract as `URLSessionFetcherTests`, then what is its own: its
/// `User-Agent`, its words for transport failures, back-pressure, URLs it refuses before any
/// connection, and shutdown. The suite's time limit ends a fetcher bug instead of hanging the
/// suite, whatever a loaded machine's scheduler does.
@Suite("AsyncHTTPClientFetcher against a loopback server", .timeLimit(.minutes(5)))
struct AsyncHTTPClientFetcherTests {
    @Test(arguments: FetcherContract.allCases)
    func keepsTheFetcherContract(_ contract: FetcherContract) async throws {
        try await contract.check { allowHTTP, use in
            try await withFetcher(allowHTTP: allowHTTP) { try await use($0) }
        }
    }

    /// Some media hosts refuse a request without one; one the request names is sent instead.
    @Test func theUserAgentIsHeraldUnlessTheRequestNamesOne() async throws {
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }

        try await withFetcher { fetcher in
            for request in [FetchRequest(url: server.url("/default")), FetchRequest(url: server.url("/named"), headers: ["User-Agent": "probe/1"])] {
                let response = try await fetcher.fetch(request)
                _ = await drain(response.body)
            }
        }
        #expect(server.requests.map { $0.headers["user-agent"] } == [AsyncHTTPClientFetcher.userAgent, "probe/1"])
    }

    /// The contract's redirect to another scheme, with the one `file:` URL FoundationNetworking
    /// cannot be asked about: this fetcher resolves every location itself.
    @Test func aRedirectToAFileURLIsRefused() async throws {
        let server = try LoopbackServer(routes: ["/start": .redirect(to: "file:///etc/passwd")])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/start")))
            }
            #expect(error?.code == .unsupportedURL)
            #expect(error?.message == "redirected to file:///etc/passwd, which is neither http nor https")
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

    // MARK: - Transport failures in words

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

    /// The contract's connection closed before any response, for its message: it names the host
    /// and port.
    @Test func aConnectionClosedBeforeAnyResponseNamesTheHostAndPort() async throws {
        let server = try LoopbackServer(routes: ["/hang": .hang])
        defer { server.stop() }

        try await withFetcher { fetcher in
            let url = server.url("/hang")
            let task = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            #expect(await server.wait { $0.requestCount("/hang") == 1 })
            server.stop()  // shuts the hanging connection down; `defer` stops it again, harmlessly

            let outcome = try #require(await task.result(within: FetcherContract.bound), "the fetch did not return after the server hung up")
            let error = #expect(throws: FetchError.self) { try outcome.get() }
            #expect(error?.message.hasPrefix("127.0.0.1:\(server.port): ") == true, "\(String(describing: error))")
        }
    }

    // MARK: - Back-pressure and shutdown

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

    @Test func afterShutdownAFetchFailsWithATransportError() async throws {
        let server = try LoopbackServer(routes: ["/hello": .respond(status: 200, body: Data("hello".utf8))])
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
