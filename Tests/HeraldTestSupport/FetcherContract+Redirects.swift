import Foundation
import HeraldEnrichment
import Testing

/// The contract's redirects: each hop judged by ``RedirectPolicy``, whoever follows it.
extension FetcherContract {
    /// `/a` → `/b` → `c` → 200: two hops, the second location relative to the hop that sent it.
    private static let twoHops: [String: LoopbackServer.Behavior] = [
        "/a": .redirect(to: "/b"),
        "/b": .redirect(to: "c", status: 307),
        "/c": .respond(status: 200, body: Data("arrived".utf8)),
    ]

    static func checkRedirectsWithinTheLimitAreFollowed(_ withFetcher: WithFetcher) async throws {
        for limit in [3, 2] {
            let server = try LoopbackServer(routes: twoHops)
            defer { server.stop() }

            try await withFetcher(true) { fetcher in
                let request = FetchRequest(url: server.url("/a"), headers: ["X-Herald-Request": "7"], maximumRedirects: limit)
                let response = try await fetcher.fetch(request)
                #expect(response.statusCode == 200, "limit \(limit)")
                #expect(await drain(response.body).bytes == Data("arrived".utf8), "limit \(limit)")
            }
            #expect(server.requests.map(\.path) == ["/a", "/b", "/c"], "limit \(limit)")
            #expect(server.requests.allSatisfy { $0.headers["x-herald-request"] == "7" }, "limit \(limit)")
        }
    }

    static func checkRedirectsBeyondTheLimitFail(_ withFetcher: WithFetcher) async throws {
        for limit in [1, 0] {
            let server = try LoopbackServer(routes: twoHops)
            defer { server.stop() }

            try await withFetcher(true) { fetcher in
                let error = await #expect(throws: FetchError.self, "limit \(limit)") {
                    _ = try await fetcher.fetch(FetchRequest(url: server.url("/a"), maximumRedirects: limit))
                }
                #expect(error?.code == .tooManyRedirects, "limit \(limit): \(String(describing: error))")
            }
            // The first request and the redirects it was allowed to follow; the next hop is refused unrequested.
            #expect(server.requests.count == limit + 1, "limit \(limit)")
            #expect(server.requestCount("/c") == 0, "limit \(limit)")
        }
    }

    static func checkRedirectLoop(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/loop": .redirect(to: "/loop")])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: server.url("/loop"), maximumRedirects: 3))
            }
            #expect(error?.code == .tooManyRedirects, "\(String(describing: error))")
        }
        // The first request and the three redirects it was allowed to follow; the fourth is refused.
        #expect(server.requestCount("/loop") == 4)
    }

    /// The loopback servers speak plain http, so the first request is http too: what is refused
    /// is the hop to http, as an https → http hop would be.
    static func checkRedirectToPlainHTTP(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: [:])
        defer { server.stop() }
        let target = server.url("/plain").absoluteString
        let redirecting = try LoopbackServer(routes: ["/start": .redirect(to: target)])
        defer { redirecting.stop() }

        try await withFetcher(false) { fetcher in
            let error = await #expect(throws: FetchError.self) {
                _ = try await fetcher.fetch(FetchRequest(url: redirecting.url("/start")))
            }
            #expect(error?.code == .insecureRedirect, "\(String(describing: error))")
            #expect(error?.message.contains(target) == true, "\(String(describing: error))")
        }
        #expect(server.requests.isEmpty)

        try await withFetcher(true) { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: redirecting.url("/start")))
            #expect(response.statusCode == 404)
            _ = await drain(response.body)
        }
        #expect(server.requestCount("/plain") == 1)
    }

    /// `http+unix` would reach a local socket, `ftp` and `gopher` other services: only http and
    /// https are ever followed. (A host-less `file:` URL is each fetcher's own test:
    /// FoundationNetworking resolves it against the redirecting server before anyone judges it.)
    static func checkRedirectToAnotherScheme(_ withFetcher: WithFetcher) async throws {
        for location in ["http+unix://%2Ftmp%2Fherald.sock/x", "ftp://127.0.0.1/x", "gopher://127.0.0.1/x"] {
            let server = try LoopbackServer(routes: ["/start": .redirect(to: location)])
            defer { server.stop() }

            try await withFetcher(true) { fetcher in
                let error = await #expect(throws: FetchError.self, "\(location)") {
                    _ = try await fetcher.fetch(FetchRequest(url: server.url("/start")))
                }
                #expect(error?.code == .unsupportedURL, "\(location): \(String(describing: error))")
            }
            #expect(server.requests.map(\.path) == ["/start"], "\(location)")
        }
    }
}
