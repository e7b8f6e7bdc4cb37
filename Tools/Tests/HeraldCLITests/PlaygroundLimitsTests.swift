import Foundation
import Testing

@testable import herald

/// The playground holds no connection for nothing: a request that does not arrive whole in
/// time, or a connection left idle, is closed, and crowds of connections without the token
/// close the oldest. The server runs in the test, with short timeouts; the test waits for the
/// close with a generous bound (30 s), never measuring how long it took.
@Suite("herald playground's connection limits")
struct PlaygroundLimitsTests {
    /// Runs `body` against a playground server with `limits`, answering `ok` to every request;
    /// a request whose path starts with `/token` carries the token. The server's tasks run on
    /// an executor of their own, so that the other tests of a parallel run cannot hold its
    /// answers back (``DedicatedTaskExecutor``).
    static func withServer(_ limits: PlaygroundServer.Limits, _ body: (Int) async throws -> Void) async throws {
        let server = try await PlaygroundServer.bind(host: "127.0.0.1", port: 0, limits: limits)
        let serve: @Sendable () async -> Void = {
            await server.serve(maximumBodyBytes: 1 << 20, proves: { $0.path.hasPrefix("/token") }) { _ in .text(.ok, "ok\n") }
        }
        let serving = if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
            Task(executorPreference: DedicatedTaskExecutor(label: "playground-server"), operation: serve)
        } else {
            Task(operation: serve)
        }
        do {
            try await body(server.port)
        } catch {
            serving.cancel()
            await serving.value
            throw error
        }
        serving.cancel()
        await serving.value
    }

    static func get(_ path: String, port: Int) -> Data {
        RawHTTPConnection.request("GET", path, headers: [("Host", "127.0.0.1:\(port)")])
    }

    @Test func theLimitsHaveTheirDocumentedDefaults() {
        let limits = PlaygroundServer.Limits()
        #expect(limits.readTimeout == .seconds(10))
        #expect(limits.idleTimeout == .seconds(60))
        #expect(limits.maximumUnprovenConnections == 64)
    }

    @Test func anUnfinishedBodyIsClosedAfterTheReadTimeout() async throws {
        // Idle for an hour: only the read timeout can close it.
        try await Self.withServer(.init(readTimeout: .milliseconds(200), idleTimeout: .seconds(3600))) { port in
            let connection = try RawHTTPConnection(port: port)
            let head = "POST /token/preview HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\nContent-Length: 65536\r\n\r\n"
            try await connection.sendPart(Data(head.utf8) + Data(repeating: UInt8(ascii: " "), count: 1024))
            #expect(await connection.closedByServer())
            // A head never finished is closed the same way.
            let partial = try RawHTTPConnection(port: port)
            try await partial.sendPart(Data("GET /token/ HTTP/1.1\r\nHost: 127.0".utf8))
            #expect(await partial.closedByServer())
        }
    }

    @Test func aConnectionLeftIdleIsClosedAndAnAnswerResetsNothingAtAll() async throws {
        try await Self.withServer(.init(readTimeout: .seconds(3600), idleTimeout: .milliseconds(200))) { port in
            let silent = try RawHTTPConnection(port: port)
            #expect(await silent.closedByServer())
        }
        // After an answer, the connection waits for its next request, and is closed the same
        // way. A longer limit here: the request must be read before it runs out, and under a
        // loaded machine the server's first read came later than 200 ms (the connection was
        // closed unread, and reset).
        try await Self.withServer(.init(readTimeout: .seconds(3600), idleTimeout: .seconds(3))) { port in
            let used = try RawHTTPConnection(port: port, sending: Self.get("/token/", port: port))
            #expect(try await used.response().status == 200)
            #expect(await used.closedByServer())
        }
    }

    @Test func connectionsWithoutTheTokenBeyondTheCapCloseTheOldestAndAClientIsAnswered() async throws {
        try await Self.withServer(.init(readTimeout: .seconds(3600), idleTimeout: .seconds(3600), maximumUnprovenConnections: 4)) { port in
            // The page's connection has shown the token: it is not counted.
            let page = try RawHTTPConnection(port: port)
            #expect(try await page.exchange(Self.get("/token/", port: port)).status == 200)
            var idle: [RawHTTPConnection] = []
            for _ in 0..<10 { idle.append(try RawHTTPConnection(port: port)) }
            // Six closed, about the oldest (each is counted on its own event loop, so two that
            // arrive together may be taken in either order).
            var closed = 0
            for _ in 0..<500 where closed < 6 {
                closed = 0
                for connection in idle {
                    if await connection.isClosedByServer() { closed += 1 }
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(closed == 6)
            #expect(try await RawHTTPConnection(port: port).exchange(Self.get("/token/", port: port)).status == 200)
            #expect(try await page.exchange(Self.get("/token/", port: port)).status == 200)
        }
    }
}
