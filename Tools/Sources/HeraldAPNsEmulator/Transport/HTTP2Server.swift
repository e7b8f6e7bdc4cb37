import Foundation
import HeraldAPNs
@_spi(HeraldTools) import HeraldCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A TLS HTTP/2 server on loopback that hands each request to a handler and can misbehave as
/// a real server does: GOAWAY, a stream reset, a connection cut mid-stream, a stalled answer.
///
/// Like APNs with token authentication, a connection allows one stream until a request with
/// a valid provider token was seen on it, then the configured limit (a SETTINGS update).
/// A client that does not offer ALPN `h2` is refused: the connection closes after TLS.
/// NIOHTTP2's limits against abusive peers (reset floods, stream errors, control frames) stay
/// at its defaults. No connection is held for nothing: the TLS handshake has a deadline
/// (``TLSHandshakeGuard``), a connection that sends nothing while owed nothing is closed
/// (GOAWAY `IdleTimeout`), and connections without a valid provider token yet are capped, the
/// oldest closed for a newcomer (``UnprovenConnections``).
///
/// Each connection is served frame by frame by ``HTTP2ServerConnectionHandler``.
final class HTTP2Server: Sendable {
    /// What the handler answers: a response, after a delay, or a fault instead.
    struct Answer: Sendable {
        var response: APNSWireResponse
        var delay: Duration?
        var fault: Fault?

        /// Whether the request was processed and accepted (200), so that an answer that does
        /// not reach the client leaves it unaware of a delivery.
        var isAcceptance: Bool { response.status == 200 }
    }

    /// A way for a stream or its connection to fail.
    enum Fault: Sendable, Hashable, CustomStringConvertible {
        /// RST_STREAM with INTERNAL_ERROR; nothing else on the stream.
        case resetStream
        /// Close the connection under every stream, without GOAWAY: what was written before goes
        /// out first, the streams still unanswered get nothing.
        case closeConnection
        /// GOAWAY `{"reason": ...}`: every stream already taken on the connection is still
        /// answered, this one is refused (RST_STREAM REFUSED_STREAM: never processed, safe to
        /// send again), and so is every later one.
        case goAway(reason: String)
        /// The answer's HEADERS without END_STREAM, then nothing until the client resets the
        /// stream or the connection ends.
        case stallAfterHeaders

        /// For the log, as in "GOAWAY Shutdown".
        var description: String {
            switch self {
            case .resetStream: "reset the stream"
            case .closeConnection: "close the connection"
            case .goAway(let reason): "GOAWAY \(reason)"
            case .stallAfterHeaders: "stall after the headers"
            }
        }
    }

    /// What a connection remembers between its requests, for APNs's rules that hold per
    /// connection. The handler reads and changes it.
    struct ConnectionState: Sendable {
        /// The provider token in use on the connection, since when, and its own issue time
        /// (`iat`, for its age): `nil` until a request with a valid one came.
        var providerToken: (value: String, since: Date, issuedAt: Date)?
        /// Where the ids the emulator makes come from: drawn in bulk, per connection.
        var random = BufferedSecureRandom()
    }

    /// Answers a request on the connection's event loop: changes to `connection` are made
    /// before it returns; the answer may come later (after the notification is written down),
    /// and the future never fails.
    typealias Handler = @Sendable (
        _ request: APNSWireRequest, _ connection: inout ConnectionState, _ eventLoop: any EventLoop
    ) -> EventLoopFuture<Answer>

    /// What every connection of the server shares: the handler and the registry of connections.
    final class Shared: Sendable {
        private struct Connections {
            var nextID = 1
            var open: [Int: any Channel] = [:]
            /// The most streams any one connection had in the handler at once.
            var peakActiveStreams = 0
            var answersLost = 0
            /// Set by ``HTTP2Server/close()``: connections that arrive now are closed at once.
            var closing = false
        }

        let handler: Handler
        /// SETTINGS_MAX_CONCURRENT_STREAMS once a valid provider token was seen (1 before).
        let maximumConcurrentStreams: Int
        /// Connections opened and closed, and GOAWAYs, at debug level.
        let logger: Logger
        /// Connections that have not yet sent a valid provider token.
        let unproven: UnprovenConnections
        private let connections = NIOLockedValueBox(Connections())

        /// - Parameters:
        ///   - configuration: the stream limit, the cap on connections without a valid
        ///     provider token, and the logger.
        ///   - handler: answers each request.
        init(_ configuration: APNSEmulator.Configuration, handler: @escaping Handler) {
            maximumConcurrentStreams = configuration.maximumConcurrentStreams
            logger = configuration.logger
            unproven = UnprovenConnections(limit: configuration.maximumUnprovenConnections)
            self.handler = handler
        }

        /// Adds a new connection; `nil` when the server is closing.
        func register(_ channel: any Channel) -> Int? {
            connections.withLockedValue { state in
                guard !state.closing else { return nil }
                defer { state.nextID += 1 }
                state.open[state.nextID] = channel
                return state.nextID
            }
        }

        func unregister(_ id: Int) {
            _ = connections.withLockedValue { $0.open.removeValue(forKey: id) }
        }

        func recordActiveStreams(_ count: Int) {
            connections.withLockedValue { $0.peakActiveStreams = max($0.peakActiveStreams, count) }
        }

        var peakActiveStreams: Int { connections.withLockedValue { $0.peakActiveStreams } }

        /// Counts accepted requests whose answer did not go out whole.
        func recordLostAnswers(_ count: Int) {
            guard count > 0 else { return }
            connections.withLockedValue { $0.answersLost += count }
        }

        var answersLost: Int { connections.withLockedValue { $0.answersLost } }

        /// How many connections were registered since the start.
        var connectionsAccepted: Int { connections.withLockedValue { $0.nextID - 1 } }

        /// Marks the server closing and returns the connections open now.
        func closeAll() -> [any Channel] {
            connections.withLockedValue { state in
                state.closing = true
                return Array(state.open.values)
            }
        }
    }

    private let shared: Shared
    private let serverChannel: any Channel

    /// The port bound.
    let port: Int

    /// The most streams any one connection had in the handler at once (see
    /// ``EmulatorStatistics/peakConcurrentStreams``).
    var peakActiveStreams: Int { shared.peakActiveStreams }

    /// Connections accepted since the start.
    var connectionsAccepted: Int { shared.connectionsAccepted }

    /// Accepted requests whose answer did not go out whole (see ``EmulatorStatistics/answersLost``).
    var answersLost: Int { shared.answersLost }

    /// The server's TLS context: HTTP/2 only, TLS 1.2 or later.
    ///
    /// - Throws: ``APNSEmulatorStartError`` naming which half of the identity is unusable.
    static func tlsContext(_ identity: EmulatorIdentity) throws(APNSEmulatorStartError) -> NIOSSLContext {
        let chain: [NIOSSLCertificate]
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(Array(identity.certificateChainPEM.utf8))
        } catch {
            throw APNSEmulatorStartError("the TLS certificate is not a PEM certificate (-----BEGIN CERTIFICATE-----)")
        }
        guard !chain.isEmpty else { throw APNSEmulatorStartError("the TLS certificate file holds no PEM certificate (-----BEGIN CERTIFICATE-----)") }
        let key: NIOSSLPrivateKey
        do {
            key = try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)
        } catch {
            throw APNSEmulatorStartError("the TLS key is not a PEM private key (-----BEGIN PRIVATE KEY-----)")
        }
        var tls = TLSConfiguration.makeServerConfiguration(certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        tls.applicationProtocols = ["h2"]  // APNs speaks HTTP/2 only
        tls.minimumTLSVersion = .tlsv12
        do {
            return try NIOSSLContext(configuration: tls)
        } catch {
            throw APNSEmulatorStartError("the TLS key is not the certificate's (the first certificate must be the server's, signed for this key)")
        }
    }

    /// Binds and starts accepting connections.
    ///
    /// - Parameters:
    ///   - configuration: the address and port; the stream limit once a valid provider token
    ///     was seen on a connection (1 before); the handshake and idle timeouts; the cap on
    ///     connections without a valid provider token; the logger for connections opened and
    ///     closed, and GOAWAYs.
    ///   - identity: the TLS certificate and key.
    ///   - handler: answers each request, on the connection's event loop.
    static func bind(_ configuration: APNSEmulator.Configuration, identity: EmulatorIdentity, handler: @escaping Handler) async throws -> HTTP2Server {
        let context = try tlsContext(identity)
        var http2 = NIOHTTP2Handler.Configuration()
        http2.connection.initialSettings = [
            HTTP2Setting(parameter: .maxConcurrentStreams, value: 1),
            HTTP2Setting(parameter: .maxHeaderListSize, value: 16 * 1024),
        ]
        let settings = http2  // a constant, for the connections' initializer
        let handshakeTimeout = configuration.handshakeTimeout
        let idleTimeout = TimeAmount(configuration.idleTimeout.clampedToLongestWait)
        let shared = Shared(configuration, handler: handler)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(NIOSSLServerHandler(context: context))
                    try pipeline.addHandler(TLSHandshakeGuard(timeout: handshakeTimeout))
                    try pipeline.addHandler(TLSRecordCoalescer())
                    let connection = HTTP2ServerConnectionHandler(shared: shared)
                    try pipeline.addHandler(
                        NIOHTTP2Handler(mode: .server, frameDelegate: connection, connectionConfiguration: settings.connection, streamConfiguration: settings.stream))
                    // Every frame counts as activity, PING included, as it does for APNs.
                    try pipeline.addHandler(IdleStateHandler(readTimeout: idleTimeout))
                    try pipeline.addHandler(connection)
                }
            }
            .bind(host: configuration.host, port: configuration.port).get()
        guard let bound = channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
        return HTTP2Server(shared: shared, serverChannel: channel, port: bound)
    }

    private init(shared: Shared, serverChannel: any Channel, port: Int) {
        self.shared = shared
        self.serverChannel = serverChannel
        self.port = port
    }

    /// Asks a connection's handler to send GOAWAY `Shutdown` and close.
    struct ShutdownEvent {}

    /// Stops accepting, then tells each connection with GOAWAY `{"reason": "Shutdown"}` naming
    /// the last request taken, so clients know no later request was processed; returns once
    /// every connection has closed (each after answering what it owes, within its grace).
    func close() async {
        // The listener first, so no connection arrives after the snapshot below.
        try? await serverChannel.close()  // a closed listener is what is wanted here
        let open = shared.closeAll()
        // All at once: each connection may take its grace to drain.
        for channel in open { channel.pipeline.fireUserInboundEventTriggered(ShutdownEvent()) }
        for channel in open { try? await channel.closeFuture.get() }  // how it closed does not matter here
    }

    /// GOAWAY with APNs's JSON reason as its debug data.
    static func goAwayFrame(lastStreamID: HTTP2StreamID, reason: String) -> HTTP2Frame {
        let debugData = ByteBuffer(string: #"{"reason":"\#(reason)"}"#)
        return HTTP2Frame(streamID: .rootStream, payload: .goAway(lastStreamID: lastStreamID, errorCode: .noError, opaqueData: debugData))
    }
}
