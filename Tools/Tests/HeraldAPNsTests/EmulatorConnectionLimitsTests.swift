import Foundation
import HeraldAPNs
@testable import HeraldAPNsEmulator
import HeraldTestSupport
import HeraldToolsTestSupport
import NIOCore
import NIOEmbedded
import NIOPosix
import NIOSSL
import Testing

/// No connection is held for nothing: a handshake that does not finish, a connection that
/// sends nothing, and crowds of connections without a provider token are closed, and a real
/// client is answered all the same. Deadlines are driven on an embedded loop where they can
/// be; against a live emulator the timeouts are short and the test waits for the close with a
/// generous bound, never measuring how long it took.
@Suite struct EmulatorConnectionLimitsTests {
    /// Plain TCP connections to the emulator that send nothing.
    static func idleConnections(_ count: Int, to port: Int) async throws -> [any Channel] {
        var channels: [any Channel] = []
        for _ in 0..<count {
            channels.append(try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get())
        }
        return channels
    }

    /// Waits (up to `seconds`) until `condition` holds; whether it did.
    static func eventually(within seconds: Int = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(seconds))
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))  // cancelled only with the test
        }
        return true
    }

    @Test func theConfigurationKeepsItsLimits() {
        let configuration = APNSEmulator.Configuration(keys: [], handshakeTimeout: .seconds(3), idleTimeout: .seconds(4), maximumUnprovenConnections: 5)
        #expect(configuration.handshakeTimeout == .seconds(3))
        #expect(configuration.idleTimeout == .seconds(4))
        #expect(configuration.maximumUnprovenConnections == 5)
        let defaults = APNSEmulator.Configuration(keys: [])
        #expect(defaults.handshakeTimeout == .seconds(10))
        #expect(defaults.idleTimeout == .seconds(300))
        #expect(defaults.maximumUnprovenConnections == 100)
    }

    @Test func aHandshakeThatDoesNotFinishInTimeIsClosed() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(TLSHandshakeGuard(timeout: .seconds(10)))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        channel.embeddedEventLoop.advanceTime(by: .seconds(9))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(1))
        #expect(!channel.isActive)
    }

    @Test func aPeerThatNeverStartsTLSIsClosedByTheLiveEmulator() async throws {
        let emulator = try await APNSEmulator.start(APNSEmulator.Configuration(keys: EmulatorStartTests.keys, handshakeTimeout: .milliseconds(200)))
        let silent = try #require(try await Self.idleConnections(1, to: emulator.port).first)
        // Within a generous bound: the emulator closed it, not the test.
        let closed = try await APNSClientEmulatorTests.withWatchdog(seconds: 10) { () async throws -> Bool in
            try await silent.closeFuture.get()
            return true
        }
        await emulator.shutdown()
        #expect(closed == true)
    }

    @Test func anIdleConnectionOwedNothingGetsGoAwayIdleTimeoutAndCloses() throws {
        let (channel, transport) = try HTTP2ServerConnectionHandlerTests.connection { _ in HTTP2Server.Answer(response: HTTP2ServerConnectionHandlerTests.accepted) }
        try HTTP2ServerConnectionHandlerTests.request(on: 1, channel)
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
        #expect(transport.events.contains(.write("GOAWAY 0")))
        #expect(transport.events.contains(.close))
        #expect(transport.closedAfterFlushingEverything, "\(transport.events)")
        _ = try? channel.finish()  // closed already
    }

    @Test func anIdleConnectionStillOwedAnAnswerStaysOpen() throws {
        let (channel, transport) = try HTTP2ServerConnectionHandlerTests.connection { _ in
            HTTP2Server.Answer(response: HTTP2ServerConnectionHandlerTests.accepted, delay: .seconds(30))
        }
        try HTTP2ServerConnectionHandlerTests.request(on: 1, channel)
        channel.pipeline.fireUserInboundEventTriggered(IdleStateHandler.IdleStateEvent.read)
        #expect(!transport.events.contains(.close))
        #expect(!transport.events.contains(.write("GOAWAY 0")))
        _ = try? channel.finish()
    }

    @Test func aClientIdleLongerThanTheTimeoutIsToldAndReconnects() async throws {
        let log = LogRecorder()
        try await APNSClientEmulatorTests.withEmulator({
            // Long enough for a TLS handshake and a first request on a busy machine.
            $0.idleTimeout = .seconds(1)
            $0.logger = log.logger
        }, connections: 1) { client, emulator, _ in
            let first = await client.send(try APNSClientEmulatorTests.notification())
            #expect(first.isDelivered, "\(first)")
            let toldIdle = await Self.eventually {
                log.entries.contains { $0.message == "GOAWAY sent" && $0.metadata["apns.reason"] == "IdleTimeout" }
                    && log.entries.contains { $0.message == "connection closed" }
            }
            #expect(toldIdle, "\(log.text)")
            let afterIdle = await client.send(try APNSClientEmulatorTests.notification())
            #expect(afterIdle.isDelivered, "\(afterIdle)")
            // The client came back on a new connection, and opened none that an idle close did
            // not call for. On a busy machine the new connection can itself sit idle for the
            // second before its request arrives, and is then told so and replaced too.
            let idleCloses = log.entries.filter { $0.message == "GOAWAY sent" && $0.metadata["apns.reason"] == "IdleTimeout" }.count
            #expect(emulator.statistics.connections >= 2)
            #expect(emulator.statistics.connections <= 1 + idleCloses, "\(log.text)")
        }
    }

    @Test func aThousandIdleConnectionsDoNotKeepAClientOutAndMostAreClosed() async throws {
        // The handshake's deadline is out of the way, so only the cap closes connections here.
        try await APNSClientEmulatorTests.withEmulator({ $0.handshakeTimeout = .seconds(3600) }, connections: 1) { client, emulator, _ in
            let idle = try await Self.idleConnections(1000, to: emulator.port)
            let delivery = await client.send(try APNSClientEmulatorTests.notification())
            #expect(delivery.isDelivered, "\(delivery)")
            // At most 100 without a provider token stay: the oldest were closed as newer came.
            let closedEnough = await Self.eventually { idle.filter { !$0.isActive }.count >= 900 }
            #expect(closedEnough, "\(idle.filter { !$0.isActive }.count) closed")
            #expect(idle.suffix(50).allSatisfy { $0.isActive })
            for channel in idle { channel.close(promise: nil) }
        }
    }

    @Test func unprovenConnectionsBeyondTheLimitCloseTheOldestAndProvenOnesAreNotCounted() throws {
        let connections = UnprovenConnections(limit: 2)
        let channels = (0..<4).map { _ in EmbeddedChannel() }
        for channel in channels { try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait() }
        connections.admit(channels[0])
        connections.prove(channels[0])
        connections.admit(channels[1])
        connections.admit(channels[2])
        connections.admit(channels[3])
        #expect(channels.map(\.isActive) == [true, false, true, true])
        #expect(connections.count == 2)
        _ = try channels[2].finish()
        #expect(connections.count == 1)
    }
}
