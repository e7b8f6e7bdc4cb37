import Foundation
import HeraldEnrichment
import HeraldTestSupport
import Testing

extension URLSessionSuites {
    /// `URLSessionFetcher` against a real loopback server (FoundationNetworking's URLSession on
    /// Linux): the fetcher contract, then what is URLSession's own. Its idle timeout is 300 s,
    /// past the contract's bound on every wait, so a fetcher bug fails a case instead of hanging
    /// the suite and a loaded machine's scheduling delays never decide one.
    @Suite("URLSessionFetcher against a loopback server", .timeLimit(.minutes(5)))
    struct URLSessionFetcherTests {
        @Test(arguments: FetcherContract.allCases)
        func keepsTheFetcherContract(_ contract: FetcherContract) async throws {
            try await contract.check { allowHTTP, use in
                try await use(URLSessionFetcher(allowHTTP: allowHTTP, idleTimeout: 300))
            }
        }

        /// A `file:` URL without a host never reads a local file. FoundationNetworking resolves
        /// it against the redirecting server before the delegate sees it, so the fetcher asks
        /// that server for the path; Apple's URLSession hands it over as is, and
        /// ``RedirectPolicy`` refuses it.
        @Test func aRedirectToAFileURLNeverReadsALocalFile() async throws {
            let server = try LoopbackServer(routes: ["/start": .redirect(to: "file:///etc/passwd")])
            defer { server.stop() }

            let fetcher = URLSessionFetcher(allowHTTP: true, idleTimeout: 300)
            #if canImport(FoundationNetworking)
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/start")))
            #expect(response.statusCode == 404)
            #expect(await drain(response.body).bytes == Data("not found".utf8))
            #expect(server.requests.map(\.path) == ["/start", "/etc/passwd"])
            #else
            // UNVERIFIED: no Mac runs Herald's tests.
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/start")))
            }
            #expect(error?.code == .unsupportedURL)
            #endif
        }
    }
}
