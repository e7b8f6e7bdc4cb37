import Foundation
import HeraldAPNs
@testable import HeraldAPNsEmulator
import NIOCore
import NIOEmbedded
import NIOHPACK
import NIOHTTP2
import Testing

/// The emulator's connection handler closes only after what it wrote is flushed, on every path
/// that closes. Driven on an embedded event loop whose end-of-tick tasks the test runs only when
/// it says so: a loop too busy to have run its flush yet. A close that went out ahead of the
/// flush lost the GOAWAY and the last answers (NIOSSL's close_notify overtook them), and the
/// client rightly sent those notifications again.
@Suite struct HTTP2ServerConnectionHandlerTests {
    /// Records what reaches the transport, in order.
    final class Transport: ChannelOutboundHandler {
        typealias OutboundIn = HTTP2Frame

        enum Event: Equatable {
            case write(String)
            case flush
            case close
        }

        var events: [Event] = []

        func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
            let frame = unwrapOutboundIn(data)
            events.append(.write("\(Self.name(frame.payload)) \(Int(frame.streamID))"))
            context.write(data, promise: promise)
        }

        func flush(context: ChannelHandlerContext) {
            events.append(.flush)
            context.flush()
        }

        func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
            events.append(.close)
            context.close(mode: mode, promise: promise)
        }

        static func name(_ payload: HTTP2Frame.FramePayload) -> String {
            switch payload {
            case .headers: "HEADERS"
            case .data: "DATA"
            case .goAway: "GOAWAY"
            case .rstStream: "RST_STREAM"
            default: "other"
            }
        }

        /// Whether every write before the close was flushed before it.
        var closedAfterFlushingEverything: Bool {
            guard let close = events.firstIndex(of: .close) else { return false }
            guard let lastWrite = events[..<close].lastIndex(where: { if case .write = $0 { true } else { false } }) else { return true }
            return events[lastWrite..<close].contains(.flush)
        }
    }

    /// A connection handler behind a recording transport, connected, with `answer` for every request.
    static func connection(_ answer: @escaping @Sendable (APNSWireRequest) -> HTTP2Server.Answer) throws -> (EmbeddedChannel, Transport) {
        let transport = Transport()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(transport)
        let shared = HTTP2Server.Shared(APNSEmulator.Configuration(keys: [], maximumConcurrentStreams: 100)) { request, _, eventLoop in eventLoop.makeSucceededFuture(answer(request)) }
        try channel.pipeline.syncOperations.addHandler(HTTP2ServerConnectionHandler(shared: shared))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, transport)
    }

    static func request(on stream: Int, _ channel: EmbeddedChannel) throws {
        let headers = HPACKHeaders([(":method", "POST"), (":path", "/3/device/00"), (":scheme", "https"), (":authority", "localhost")])
        try channel.writeInbound(HTTP2Frame(streamID: HTTP2StreamID(stream), payload: .headers(.init(headers: headers, endStream: true))))
    }

    static let accepted = APNSWireResponse(status: 200, headers: [APNSHeader("apns-id", "6e3f3f0c-2a2b-4c55-9d2e-3b4f0b9a1c11")], body: Data())

    @Test func aGoAwayFaultThatDrainsTheConnectionFlushesBeforeItCloses() throws {
        let (channel, transport) = try Self.connection { request in
            HTTP2Server.Answer(response: Self.accepted, fault: request.path.isEmpty ? nil : .goAway(reason: "Shutdown"))
        }
        try Self.request(on: 1, channel)
        // Nothing else was taken: the GOAWAY and the refusal drain the connection at once.
        #expect(transport.events.contains(.close))
        #expect(transport.events.prefix(2) == [.write("GOAWAY 0"), .write("RST_STREAM 1")])
        #expect(transport.closedAfterFlushingEverything, "\(transport.events)")
        _ = try? channel.finish()  // closed already
    }

    @Test func aClosedConnectionFaultFlushesTheAnswersWrittenBeforeIt() throws {
        let (channel, transport) = try Self.connection { request in
            HTTP2Server.Answer(response: Self.accepted, fault: request.headers.first(named: "x-close") == nil ? nil : .closeConnection)
        }
        try Self.request(on: 1, channel)
        let closing = HPACKHeaders([(":method", "POST"), (":path", "/3/device/00"), ("x-close", "1")])
        try channel.writeInbound(HTTP2Frame(streamID: 3, payload: .headers(.init(headers: closing, endStream: true))))
        // Stream 1's answer was written in this tick, and the end-of-tick flush has not run.
        #expect(transport.events.first == .write("HEADERS 1"))
        #expect(transport.events.contains(.close))
        #expect(transport.closedAfterFlushingEverything, "\(transport.events)")
        _ = try? channel.finish()
    }

    @Test func shuttingDownWithNothingOwedFlushesTheGoAwayBeforeClosing() throws {
        let (channel, transport) = try Self.connection { _ in HTTP2Server.Answer(response: Self.accepted) }
        try Self.request(on: 1, channel)
        channel.pipeline.fireUserInboundEventTriggered(HTTP2Server.ShutdownEvent())
        #expect(transport.events.contains(.write("GOAWAY 0")))
        #expect(transport.events.contains(.close))
        #expect(transport.closedAfterFlushingEverything, "\(transport.events)")
        _ = try? channel.finish()
    }

    @Test func shuttingDownAtTheEndOfItsGraceFlushesBeforeClosing() throws {
        // Stream 1's answer is due just as the grace ends, stream 3's in 30 s: the grace's close
        // comes in the same tick as stream 1's answer, before that tick's own flush.
        let (channel, transport) = try Self.connection { request in
            HTTP2Server.Answer(response: Self.accepted, delay: request.headers.first(named: "x-late") == nil ? .seconds(2) : .seconds(30))
        }
        try Self.request(on: 1, channel)
        let late = HPACKHeaders([(":method", "POST"), (":path", "/3/device/00"), ("x-late", "1")])
        try channel.writeInbound(HTTP2Frame(streamID: 3, payload: .headers(.init(headers: late, endStream: true))))
        #expect(HTTP2ServerConnectionHandler.shutdownGrace == .seconds(2))
        channel.pipeline.fireUserInboundEventTriggered(HTTP2Server.ShutdownEvent())
        #expect(!transport.events.contains(.close))
        channel.embeddedEventLoop.advanceTime(by: HTTP2ServerConnectionHandler.shutdownGrace)
        #expect(transport.events.contains(.write("HEADERS 1")))
        #expect(!transport.events.contains(.write("HEADERS 3")))
        #expect(transport.events.contains(.close))
        #expect(transport.closedAfterFlushingEverything, "\(transport.events)")
        _ = try? channel.finish()
    }
}
