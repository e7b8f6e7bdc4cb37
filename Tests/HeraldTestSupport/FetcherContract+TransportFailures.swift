import Foundation
import HeraldEnrichment
import Testing

/// The contract's transport failures: a server that lies or goes away is a
/// ``FetchError/Code/transport`` error, and a short body is never taken as complete.
extension FetcherContract {
    static func checkShortBody(_ withFetcher: WithFetcher) async throws {
        let sent = Data(repeating: 0x41, count: 40)
        let server = try LoopbackServer(routes: ["/short": .lieAboutLength(declared: 100, actual: sent)])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/short")))
            #expect(response.declaredLength == 100)
            let body = await drain(response.body)
            #expect(body.bytes == sent)
            #expect((body.error as? FetchError)?.code == .transport, "\(String(describing: body.error))")
        }
    }

    /// The excess bytes are dropped: what the server declared is what the body is.
    static func checkLongBody(_ withFetcher: WithFetcher) async throws {
        let sent = Data((0..<40).map { UInt8($0) })
        let server = try LoopbackServer(routes: ["/long": .lieAboutLength(declared: 10, actual: sent)])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/long")))
            #expect(response.declaredLength == 10)
            let body = await drain(response.body)
            #expect(body.bytes == sent.prefix(10))
            #expect(body.error == nil)
        }
    }

    static func checkConnectionClosedBeforeAnyResponse(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/hang": .hang])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let url = server.url("/hang")
            let task = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            #expect(await server.wait { $0.requestCount("/hang") == 1 })
            server.stop()  // shuts the hanging connection down; `defer` stops it again, harmlessly
            #expect(await server.wait { $0.finishedConnectionCount == $0.connectionCount })

            let outcome = try #require(await task.result(within: bound), "the fetch did not return after the server hung up")
            #expect((outcome.failure as? FetchError)?.code == .transport, "\(String(describing: outcome.failure))")
        }
        // The server hung up, not the fetcher.
        #expect(server.peerDisconnectCount == 0)
    }

    static func checkRefusedConnection(_ withFetcher: WithFetcher) async throws {
        // A port that was just listening and no longer is.
        let server = try LoopbackServer(routes: [:])
        server.stop()

        try await withFetcher(true) { fetcher in
            let url = server.url("/anything")
            let task = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            let outcome = try #require(await task.result(within: bound), "a refused connection did not end the fetch")
            #expect((outcome.failure as? FetchError)?.code == .transport, "\(String(describing: outcome.failure))")
        }
    }
}
