import Foundation
import HeraldEnrichment
import Testing

/// The contract's responses: what arrives, and what the server was asked.
extension FetcherContract {
    static func checkStatusHeadersAndBody(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: [
            "/hello": .respond(status: 200, headers: ["Content-Type": "text/plain", "X-Herald-Probe": "Yes"], body: Data("hello".utf8)),
        ])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/hello"), headers: ["X-Herald-Request": "42"]))
            #expect(response.statusCode == 200)
            #expect(response.headers["content-type"] == "text/plain")
            #expect(response.headers["x-herald-probe"] == "Yes")
            #expect(response.headers.keys.allSatisfy { $0 == $0.lowercased() })
            #expect(response.declaredLength == 5)
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == Data("hello".utf8))
        }
        let request = try #require(server.requests.only)
        #expect(request.method == "GET")
        #expect(request.path == "/hello")
        #expect(request.headers["x-herald-request"] == "42")
        // Some media hosts refuse a request without one.
        #expect(request.headers["user-agent"]?.isEmpty == false)
    }

    static func checkBodyEndedByTheServerClosing(_ withFetcher: WithFetcher) async throws {
        let parts = threeParts
        let server = try LoopbackServer(routes: ["/paced": .chunks(status: 200, parts, interval: .milliseconds(150))])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/paced")))
            #expect(response.statusCode == 200)
            #expect(response.declaredLength == nil)
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == parts.reduce(Data(), +))
            #expect(body.chunks.count > 1)
        }
    }

    static func checkChunkedBody(_ withFetcher: WithFetcher) async throws {
        let parts = threeParts
        // One HTTP chunk per part, then the last chunk.
        let frames = parts.map { Data("\(String($0.count, radix: 16))\r\n".utf8) + $0 + Data("\r\n".utf8) } + [Data("0\r\n\r\n".utf8)]
        let server = try LoopbackServer(routes: [
            "/chunked": .chunks(status: 200, headers: ["Transfer-Encoding": "chunked"], frames, interval: .milliseconds(150)),
        ])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/chunked")))
            #expect(response.statusCode == 200)
            #expect(response.declaredLength == nil)
            let body = await drain(response.body)
            #expect(body.error == nil)
            #expect(body.bytes == parts.reduce(Data(), +))
            #expect(body.chunks.count > 1)
        }
    }

    static func checkErrorStatusesAreResponses(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/broken": .respond(status: 500, body: Data("boom".utf8))])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            for (path, status, text) in [("/missing", 404, "not found"), ("/broken", 500, "boom")] {
                let response = try await fetcher.fetch(FetchRequest(url: server.url(path)))
                #expect(response.statusCode == status)
                let body = await drain(response.body)
                #expect(body.error == nil)
                #expect(body.bytes == Data(text.utf8))
            }
        }
    }

    /// The fetchers have no URL cache of their own, so a 304 reaches the caller that asked for it.
    static func checkConditionalRequestAnswered304(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/avatar": .conditional(etag: "\"v1\"", body: Data("picture".utf8), maxAge: 60)])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let fresh = try await fetcher.fetch(FetchRequest(url: server.url("/avatar")))
            #expect(fresh.statusCode == 200)
            #expect(fresh.headers["etag"] == "\"v1\"")
            #expect(fresh.headers["cache-control"] == "max-age=60")
            #expect(await drain(fresh.body).bytes == Data("picture".utf8))

            let revalidated = try await fetcher.fetch(FetchRequest(
                url: server.url("/avatar"), headers: ["If-None-Match": "\"v1\"", "X-Herald-Request": "42"]))
            #expect(revalidated.statusCode == 304)
            let body = await drain(revalidated.body)
            #expect(body.error == nil)
            #expect(body.bytes.isEmpty)
        }
        let requests = server.requests
        try #require(requests.count == 2)
        #expect(requests[0].headers["if-none-match"] == nil)
        #expect(requests[1].headers["if-none-match"] == "\"v1\"")
        #expect(requests[1].headers["x-herald-request"] == "42")
    }

    /// Three 300-byte parts, each of its own letter.
    private static var threeParts: [Data] {
        [Data(repeating: 0x61, count: 300), Data(repeating: 0x62, count: 300), Data(repeating: 0x63, count: 300)]
    }
}
