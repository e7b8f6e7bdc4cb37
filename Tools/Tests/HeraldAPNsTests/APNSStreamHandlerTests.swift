import Foundation
@testable import HeraldAPNs
import Logging
import NIOCore
import NIOEmbedded
import NIOHTTP2
import NIOTLS
import Testing

/// The handler on an embedded channel: what it writes when the state machine ends exchanges.
@Suite struct APNSStreamHandlerTests {
    /// A request waiting for a stream when its connection is abandoned ends as not written, so
    /// it is sent again at once elsewhere: it must then never go out on this connection, as the
    /// reset of an expired stream frees a slot. (Found in review: it did go out.)
    @Test func aRequestEndedAsNotWrittenWhenTheConnectionIsAbandonedIsNeverWritten() async throws {
        let channel = EmbeddedChannel()
        let loop = channel.embeddedEventLoop
        let ready = loop.makePromise(of: Void.self)
        let handler = APNSStreamHandler(ready: ready, authority: "api.example", maximumBodyByteCount: 8192, logger: Logger(label: "test")) {}
        try channel.pipeline.syncOperations.addHandler(handler)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 443)).wait()
        channel.pipeline.fireUserInboundEventTriggered(TLSUserEvent.handshakeCompleted(negotiatedProtocol: "h2"))
        var settings = ByteBuffer(bytes: [0, 0, 6, 0x4, 0, 0, 0, 0, 0])
        settings.writeInteger(UInt16(0x3))
        settings.writeInteger(UInt32(1))  // SETTINGS_MAX_CONCURRENT_STREAMS 1
        try channel.writeInbound(settings)
        loop.run()
        try ready.futureResult.wait()

        let mailbox = APNSBatchMailbox()
        for index in 0..<2 {
            handler.send(
                HTTP2ClientConnectionTests.request(), timeout: .milliseconds(1), streamWaitDeadline: .now() + .seconds(60),
                waiter: .mailbox(mailbox, index: index))
        }
        loop.run()
        var before = ByteBuffer()
        while var part = try channel.readOutbound(as: ByteBuffer.self) { before.writeBuffer(&part) }
        before.moveReaderIndex(forwardBy: 24)  // the preface's magic
        #expect(HTTP2ClientConnectionTests.kinds(&before) == ["4:0", "8:0", "4:0", "1:1", "0:1"])  // SETTINGS, WINDOW_UPDATE, ACK, request 1

        // The server stays silent past request 1's 1 ms deadline (the handler reads the real clock).
        try await Task.sleep(for: .milliseconds(20))
        loop.advanceTime(to: .now() + .seconds(1))  // the timer was set on the real clock
        loop.run()
        var after = ByteBuffer()
        while var part = try channel.readOutbound(as: ByteBuffer.self) { after.writeBuffer(&part) }
        #expect(HTTP2ClientConnectionTests.kinds(&after) == ["3:1"])  // request 1 reset; nothing on stream 3

        let outcomes = try await APNSClientEmulatorTests.withWatchdog(seconds: 10) {
            var outcomes: [Int: Result<APNSWireResponse, APNSTransportError>] = [:]
            while outcomes.count < 2 {
                for case .answered(let index, let outcome) in await mailbox.take() { outcomes[index] = outcome }
            }
            return outcomes
        }
        guard case .failure(.deadlineExceeded)? = outcomes?[0], case .failure(.notWritten)? = outcomes?[1] else {
            Issue.record("request 1 should miss its deadline and request 2 end unsent: \(String(describing: outcomes))")
            return
        }
    }
}
