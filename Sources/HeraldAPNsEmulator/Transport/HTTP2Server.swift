import Foundation
import HeraldAPNs
import NIOConcurrencyHelpers
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A TLS HTTP/2 server on loopback that hands each request to an async handler and can
/// misbehave as a real server does: GOAWAY, a stream reset, a connection cut mid-stream.
///
/// Each request's HEADERS are read exactly as they arrived (duplicates kept), so the handler
/// can apply APNs's rules to them.
final class HTTP2Server: Sendable {
    /// What the handler answers: a response, after a delay, or a fault instead.
    struct Answer: Sendable {
        var response: APNSWireResponse
        var delay: Duration?
        var fault: Fault?
    }

    /// A way for a stream or its connection to fail.
    enum Fault: Sendable, Hashable {
        /// RST_STREAM with INTERNAL_ERROR; nothing else on the stream.
        case resetStream
        /// Drop the TCP connection under every stream, without GOAWAY or TLS close.
        case closeConnection
        /// GOAWAY `{"reason": ...}`: every stream already taken on the connection is still
        /// answered, this one is refused (RST_STREAM REFUSED_STREAM: never processed, safe to
        /// send again), and so is every later one.
        case goAway(reason: String)
        /// The answer's HEADERS without END_STREAM, then nothing until the client resets the
        /// stream or the connection ends.
        case stallAfterHeaders
    }

    typealias Handler = @Sendable (_ connection: Int, _ request: APNSWireRequest) async -> Answer
    typealias StreamChannel = NIOAsyncChannel<HTTP2Frame.FramePayload, HTTP2Frame.FramePayload>
    typealias Multiplexer = NIOHTTP2Handler.AsyncStreamMultiplexer<(HTTP2StreamID, StreamChannel)>

    private let handler: Handler
    private let serverChannel: NIOAsyncChannel<(Channel, Multiplexer), Never>
    private let connections = NIOLockedValueBox(Connections())

    private struct Connections {
        var nextID = 1
        var open: [Int: Channel] = [:]
        /// Streams still being answered, per connection.
        var activeStreams: [Int: Int] = [:]
        /// Connections that sent GOAWAY: closed once their last stream is answered, as APNs
        /// does (a client may otherwise keep an idle connection that will never be used).
        var draining: Set<Int> = []
        /// The most streams any one connection had open at once.
        var peakActiveStreams = 0
        /// Per connection, the highest stream whose request went to the handler.
        var highestTaken: [Int: Int] = [:]
        /// Per connection, the last stream ID its GOAWAY promised to answer.
        var goAwayLastStreamID: [Int: Int] = [:]
        /// Set by ``close(goAway:)``: connections that arrive now are closed at once.
        var closing = false
    }

    /// The port bound.
    let port: Int

    /// The most streams any one connection had in a handler at once (see
    /// ``EmulatorStatistics/peakConcurrentStreams``).
    var peakActiveStreams: Int { connections.withLockedValue { $0.peakActiveStreams } }

    /// Binds and configures the server; ``run()`` then accepts connections.
    ///
    /// - Parameters:
    ///   - host: the address to listen on.
    ///   - port: the port, 0 for any free one.
    ///   - identity: the TLS certificate and key.
    ///   - maximumConcurrentStreams: SETTINGS_MAX_CONCURRENT_STREAMS.
    ///   - handler: answers each request.
    static func bind(
        host: String, port: Int, identity: SelfSignedIdentity, maximumConcurrentStreams: Int, handler: @escaping Handler
    ) async throws -> HTTP2Server {
        var tls = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(identity.certificatePEM.utf8)).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)))
        tls.applicationProtocols = ["h2"]  // APNs speaks HTTP/2 only
        tls.minimumTLSVersion = .tlsv12
        let context = try NIOSSLContext(configuration: tls)
        var http2 = NIOHTTP2Handler.Configuration()
        http2.connection.initialSettings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: maximumConcurrentStreams),
            HTTP2Setting(parameter: .maxHeaderListSize, value: 16 * 1024),
        ]
        let settings = http2
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .bind(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(NIOSSLServerHandler(context: context))
                    let multiplexer = try pipeline.configureAsyncHTTP2Pipeline(mode: .server, configuration: settings) { stream in
                        stream.getOption(HTTP2StreamChannelOptions.streamID).flatMapThrowing { id in
                            (id, try StreamChannel(wrappingChannelSynchronously: stream))
                        }
                    }
                    return (channel, multiplexer)
                }
            }
        guard let bound = channel.channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
        return HTTP2Server(handler: handler, serverChannel: channel, port: bound)
    }

    private init(handler: @escaping Handler, serverChannel: NIOAsyncChannel<(Channel, Multiplexer), Never>, port: Int) {
        self.handler = handler
        self.serverChannel = serverChannel
        self.port = port
    }

    /// Accepts connections until ``close()``.
    func run() async throws {
        try await withThrowingDiscardingTaskGroup { group in
            try await serverChannel.executeThenClose { inbound in
                for try await (channel, multiplexer) in inbound {
                    group.addTask { await self.serve(channel, multiplexer) }
                }
            }
        }
    }

    /// Stops accepting and closes every connection; ``run()`` then returns.
    ///
    /// - Parameter goAway: first tell each connection with GOAWAY `{"reason": "Shutdown"}`,
    ///   so clients know no request after the last one answered was processed.
    func close(goAway: Bool) async {
        // The listener first, so no connection arrives after the snapshot below.
        try? await serverChannel.channel.close()  // a closed listener is what is wanted here
        let open = connections.withLockedValue { state in
            state.closing = true
            return Array(state.open.values)
        }
        for channel in open {
            if goAway {
                // A connection that is already gone needs no GOAWAY.
                try? await Self.sendGoAway(on: channel, lastStreamID: .maxID, reason: "Shutdown")
            }
            try? await channel.close()  // closing a closed connection is not a failure here
        }
    }

    private func serve(_ channel: Channel, _ multiplexer: Multiplexer) async {
        let id = connections.withLockedValue { state -> Int? in
            guard !state.closing else { return nil }
            defer { state.nextID += 1 }
            state.open[state.nextID] = channel
            return state.nextID
        }
        guard let id else {
            try? await channel.close()  // arrived while shutting down; it may already be gone
            return
        }
        defer {
            connections.withLockedValue { state in
                state.open.removeValue(forKey: id)
                state.activeStreams.removeValue(forKey: id)
                state.draining.remove(id)
                state.highestTaken.removeValue(forKey: id)
                state.goAwayLastStreamID.removeValue(forKey: id)
            }
        }
        do {
            try await withThrowingDiscardingTaskGroup { group in
                for try await (streamID, stream) in multiplexer.inbound {
                    group.addTask { await self.serve(stream, streamID: streamID, connection: id, channel: channel) }
                }
            }
        } catch {
            // The connection ended (the client left, TLS failed, or a fault cut it): nothing to answer.
        }
    }

    private func serve(_ stream: StreamChannel, streamID: HTTP2StreamID, connection: Int, channel: Channel) async {
        connections.withLockedValue { state in
            state.activeStreams[connection, default: 0] += 1
            state.peakActiveStreams = max(state.peakActiveStreams, state.activeStreams[connection, default: 0])
        }
        defer { streamEnded(on: connection, channel: channel) }
        do {
            try await stream.executeThenClose { inbound, outbound in
                var fields: [APNSHeader] = []
                var body = ByteBuffer()
                receive: for try await payload in inbound {
                    switch payload {
                    case .headers(let frame):
                        fields += frame.headers.map { APNSHeader($0.name, $0.value) }
                        if frame.endStream { break receive }
                    case .data(let frame):
                        if case .byteBuffer(var chunk) = frame.data { body.writeBuffer(&chunk) }
                        if frame.endStream { break receive }
                    default:
                        continue
                    }
                }
                let request = APNSWireRequest(
                    method: fields.first(named: ":method") ?? "", path: fields.first(named: ":path") ?? "",
                    headers: fields.filter { !$0.name.hasPrefix(":") }, body: Data(body.readableBytesView))
                // A stream beyond this connection's GOAWAY is never processed: HTTP/2 refuses it.
                guard take(Int(streamID), on: connection) else { return }
                let answer = await handler(connection, request)
                if let delay = answer.delay {
                    // Cut short when the stream closes (a reset, the connection gone, shutdown).
                    let sleeper = Task { try await Task.sleep(for: delay) }
                    stream.channel.closeFuture.whenComplete { _ in sleeper.cancel() }
                    try await sleeper.value
                }
                switch answer.fault {
                case nil:
                    try await Self.write(answer.response, to: outbound)
                case .resetStream:
                    try await outbound.write(.rstStream(.internalError))
                case .stallAfterHeaders:
                    try await outbound.write(.headers(.init(headers: Self.headerBlock(answer.response), endStream: false)))
                    try await stream.channel.closeFuture.get()
                case .closeConnection:
                    try await channel.close()
                case .goAway(let reason):
                    // Every stream already taken is answered; this one is refused.
                    let lastStreamID = connections.withLockedValue { state -> Int in
                        state.draining.insert(connection)
                        let last = state.highestTaken[connection, default: 0]
                        state.goAwayLastStreamID[connection] = last
                        return last
                    }
                    try await Self.sendGoAway(on: channel, lastStreamID: HTTP2StreamID(lastStreamID), reason: reason)
                    try await outbound.write(.rstStream(.refusedStream))
                }
            }
        } catch {
            // The stream was reset or its connection is gone: the client sees that as it is.
        }
    }

    /// Records that a stream's request goes to the handler, unless the connection's GOAWAY
    /// already refused it.
    private func take(_ streamID: Int, on connection: Int) -> Bool {
        connections.withLockedValue { state in
            if let last = state.goAwayLastStreamID[connection], streamID > last { return false }
            state.highestTaken[connection] = max(state.highestTaken[connection, default: 0], streamID)
            return true
        }
    }

    /// After a stream: closes a draining connection once nothing is left to answer on it.
    private func streamEnded(on connection: Int, channel: Channel) {
        let close = connections.withLockedValue { state -> Bool in
            state.activeStreams[connection, default: 1] -= 1
            return state.draining.contains(connection) && state.activeStreams[connection] == 0
        }
        guard close else { return }
        // A moment later, so the last answer's frames are flushed before the close.
        channel.eventLoop.scheduleTask(in: .milliseconds(20)) { channel.close(promise: nil) }
    }

    private static func sendGoAway(on channel: Channel, lastStreamID: HTTP2StreamID, reason: String) async throws {
        let debugData = ByteBuffer(string: #"{"reason":"\#(reason)"}"#)
        try await channel.writeAndFlush(
            HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: debugData)))
    }

    private static func headerBlock(_ response: APNSWireResponse) -> HPACKHeaders {
        var headers = HPACKHeaders()
        headers.add(name: ":status", value: String(response.status))
        for header in response.headers { headers.add(name: header.name, value: header.value) }
        return headers
    }

    private static func write(_ response: APNSWireResponse, to outbound: NIOAsyncChannelOutboundWriter<HTTP2Frame.FramePayload>) async throws {
        let headers = headerBlock(response)
        if response.body.isEmpty {
            try await outbound.write(.headers(.init(headers: headers, endStream: true)))
        } else {
            try await outbound.write(contentsOf: [
                .headers(.init(headers: headers, endStream: false)),
                .data(.init(data: .byteBuffer(ByteBuffer(bytes: response.body)), endStream: true)),
            ])
        }
    }
}
