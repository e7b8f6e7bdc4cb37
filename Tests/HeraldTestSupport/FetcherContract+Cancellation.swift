import Foundation
import HeraldEnrichment
import Testing

/// The contract's cancellations: a cancelled task, reader or dropped stream ends the transfer
/// and its connection.
extension FetcherContract {
    static func checkCancellingWhileTheServerHangs(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/hang": .hang])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let url = server.url("/hang")
            let task = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            #expect(await server.wait { $0.requestCount("/hang") == 1 })

            task.cancel()
            let outcome = try #require(await task.result(within: bound), "the fetch did not return after its task was cancelled")
            #expect(throws: CancellationError.self) { try outcome.get() }
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
    }

    /// Cancelled before `fetch` starts, the fetch must still end, and send nothing. 200 rounds:
    /// a URLSession race once left such a fetch waiting a few times in a thousand.
    static func checkAlreadyCancelledTask(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/hang": .hang])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let url = server.url("/hang")
            for round in 0..<200 {
                let task = Task {
                    withUnsafeCurrentTask { $0?.cancel() }
                    return try await fetcher.fetch(FetchRequest(url: url))
                }
                let outcome = try #require(await task.result(within: bound), "round \(round): an already-cancelled fetch never returned")
                #expect(throws: CancellationError.self, "round \(round)") { try outcome.get() }
            }
        }
        #expect(server.requests.isEmpty)
    }

    static func checkReturnsAtTheHeaders(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/slow": .hangAfterHeaders(status: 200, headers: ["X-Herald-Probe": "early"])])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let url = server.url("/slow")
            // Returns although no body byte ever comes.
            let fetch = Task { try await fetcher.fetch(FetchRequest(url: url)) }
            let response = try #require(await fetch.result(within: bound), "the fetch did not return at the headers").get()
            #expect(response.statusCode == 200)
            #expect(response.headers["x-herald-probe"] == "early")

            let body = response.body
            let reader = Task { await drain(body) }
            try await Task.sleep(for: .milliseconds(100))  // the reader is most likely waiting for a chunk by now
            reader.cancel()
            let drained = try #require(await reader.result(within: bound), "the cancelled reader did not return").get()
            #expect(drained.chunks.isEmpty)
            // A reader cancelled before it asks for a chunk sees the stream end (FetchResponse.body);
            // one cancelled while it waits sees CancellationError. Never a transport error.
            #expect(drained.error == nil || drained.error is CancellationError, "\(String(describing: drained.error))")
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
    }

    static func checkCancellingAReaderMidBody(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/endless": .endless(status: 200, chunk: Data(repeating: 0x7A, count: 1024))])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let response = try await fetcher.fetch(FetchRequest(url: server.url("/endless")))
            let body = response.body
            let reader = Task {
                var received = 0
                for try await chunk in body { received += chunk.count }
                return received
            }
            #expect(await server.wait { $0.bytesSent("/endless") > 16 * 1024 })  // the body is flowing
            reader.cancel()
            _ = try #require(await reader.result(within: bound), "the cancelled reader did not return")
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
    }

    static func checkDroppingTheBodyStream(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/endless": .endless(status: 200, chunk: Data(repeating: 0x7A, count: 1024))])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let first = try await firstChunkThenDrop(fetcher, server.url("/endless"))
            #expect(first > 0)
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
        #expect(server.connectionCount == 1)
    }

    static func checkDroppingTheResponseUnread(_ withFetcher: WithFetcher) async throws {
        let server = try LoopbackServer(routes: ["/endless": .endless(status: 200, chunk: Data(repeating: 0x7A, count: 1024))])
        defer { server.stop() }

        try await withFetcher(true) { fetcher in
            let status = try await fetcher.fetch(FetchRequest(url: server.url("/endless"))).statusCode
            #expect(status == 200)
            #expect(await server.wait { $0.peerDisconnectCount == 1 })
        }
    }

    /// Fetches, reads the first chunk and returns its size; the response, its stream and the
    /// stream's iterator all die when this returns.
    private static func firstChunkThenDrop(_ fetcher: any Fetcher, _ url: URL) async throws -> Int {
        let response = try await fetcher.fetch(FetchRequest(url: url))
        var iterator = response.body.makeAsyncIterator()
        return try await iterator.next()?.count ?? 0
    }
}
