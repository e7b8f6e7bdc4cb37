import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// One HTTP/2 connection to APNs over TLS, carrying many requests at once.
///
/// Opened by ``connect(to:tls:maximumBodyByteCount:on:)``; usable while ``isAvailable``. After
/// GOAWAY it stops taking requests, finishes the ones the server kept, and closes.
final class APNSConnection: Sendable {
    private let channel: any Channel
    private let handler: NIOLoopBound<APNSStreamHandler>
    private let available: NIOLockedValueBox<Bool>

    /// How long opening a connection may take, for TCP and again for TLS.
    static let connectTimeout = TimeAmount.seconds(10)

    private init(channel: any Channel, handler: NIOLoopBound<APNSStreamHandler>, available: NIOLockedValueBox<Bool>) {
        self.channel = channel
        self.handler = handler
        self.available = available
    }

    /// Connects, completes TLS with ALPN `h2`, and returns once requests can be sent.
    ///
    /// - Parameters:
    ///   - endpoint: `https://host[:port]`.
    ///   - tls: the client TLS context (trust roots, ALPN `h2`).
    ///   - maximumBodyByteCount: the largest answer body read.
    ///   - logger: where GOAWAY and the connection's end are noted (debug).
    ///   - eventLoop: the loop the connection lives on.
    /// - Throws: ``APNSTransportError/connectFailed(_:)`` with the reason, or
    ///   ``APNSTransportError/unusableServer(_:)`` for a server that can never do.
    static func connect(
        to endpoint: APNSEndpoint, tls: NIOSSLContext, maximumBodyByteCount: Int, logger: Logger, on eventLoop: any EventLoop
    ) async throws -> APNSConnection {
        let url = endpoint.url
        guard url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty else {
            throw APNSTransportError.connectFailed("\(url.absoluteString) is not an https URL with a host (APNs is HTTP/2 over TLS)")
        }
        let port = url.port ?? 443
        guard (1...65535).contains(port) else { throw APNSTransportError.unusableServer("\(url.absoluteString): port \(port) is out of range (1 to 65535)") }
        let bracketed = host.contains(":") ? "[\(host)]" : host  // an IPv6 literal
        let authority = url.port.map { "\(bracketed):\($0)" } ?? bracketed
        // SNI takes a name, not an address; with none, NIOSSL checks the certificate against the
        // peer's IP. (The parse is only a test: a host that is not an IP literal is a name.)
        let serverName = (try? SocketAddress(ipAddress: host, port: port)) == nil ? host : nil
        let available = NIOLockedValueBox(true)
        let connectTimeout = Self.connectTimeout
        let ready = eventLoop.makePromise(of: Void.self)
        let bootstrap = ClientBootstrap(group: eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(connectTimeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let pipeline = channel.pipeline.syncOperations
                    try pipeline.addHandler(NIOSSLClientHandler(context: tls, serverHostname: serverName))
                    try pipeline.addHandler(
                        APNSStreamHandler(ready: ready, authority: authority, maximumBodyByteCount: maximumBodyByteCount, logger: logger) {
                            available.withLockedValue { $0 = false }
                        })
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: host, port: port).get()
        } catch {
            ready.fail(error)  // nobody waits on it; completes the promise before it is dropped
            throw APNSTransportError.connectFailed(ConnectFailure.describe(error, host: host, port: port))
        }
        let handshakeTimeout = channel.eventLoop.scheduleTask(in: connectTimeout) {
            ready.fail(APNSTransportError.connectFailed("no TLS handshake and HTTP/2 SETTINGS within \(connectTimeout)"))
            channel.close(promise: nil)
        }
        defer { handshakeTimeout.cancel() }
        do {
            try await ready.futureResult.get()
        } catch {
            channel.close(promise: nil)
            throw ConnectFailure.handshake(error, host: host, port: port, byAddress: serverName == nil)
        }
        let handler = try await channel.eventLoop.submit {
            NIOLoopBound(try channel.pipeline.syncOperations.handler(type: APNSStreamHandler.self), eventLoop: channel.eventLoop)
        }.get()
        return APNSConnection(channel: channel, handler: handler, available: available)
    }

    /// Whether new requests can go on this connection (no GOAWAY, not closed).
    var isAvailable: Bool { available.withLockedValue { $0 } }

    /// Whether the connection has closed.
    var isClosed: Bool { !channel.isActive }

    /// Sends one request and waits for its whole answer.
    ///
    /// - Parameters:
    ///   - request: the APNs request.
    ///   - timeout: how long the answer may take once the request went out; the stream is
    ///     then reset.
    ///   - streamWaitDeadline: when to stop waiting for a free stream, if the request has not
    ///     gone out by then.
    /// - Returns: the answer, whatever its status.
    /// - Throws: ``APNSTransportError`` when no whole answer came.
    func send(_ request: APNSWireRequest, timeout: TimeAmount, streamWaitDeadline: NIODeadline) async throws -> APNSWireResponse {
        try await withCheckedThrowingContinuation { continuation in
            channel.eventLoop.execute {
                self.handler.value.send(request, timeout: timeout, streamWaitDeadline: streamWaitDeadline, waiter: .continuation(continuation))
            }
        }
    }

    /// Sends a batch's requests, each on its own stream, with one hop onto the connection's
    /// event loop; the outcome of each goes to `mailbox` under its index, exactly once.
    ///
    /// - Parameters:
    ///   - requests: the requests with the indexes their outcomes are posted under.
    ///   - timeout: how long each answer may take once its request went out.
    ///   - streamWaitDeadline: when to stop waiting for a free stream.
    ///   - mailbox: where the outcomes go.
    func send(_ requests: [(index: Int, request: APNSWireRequest)], timeout: TimeAmount, streamWaitDeadline: NIODeadline, to mailbox: APNSBatchMailbox) {
        channel.eventLoop.execute {
            let handler = self.handler.value
            for (index, request) in requests {
                handler.send(request, timeout: timeout, streamWaitDeadline: streamWaitDeadline, waiter: .mailbox(mailbox, index: index))
            }
        }
    }

    /// Closes the connection; requests still waiting fail with ``APNSTransportError/connectionClosed(_:)``.
    func close() async {
        // Closing a connection that already closed is what is wanted here.
        try? await channel.close()
    }
}
