import Foundation
import HeraldAPNsEmulator
import NIOCore
import NIOHTTP1
import NIOPosix
import HeraldSending

/// The playground's HTTP/1.1 server, on SwiftNIO's HTTP/1 pipeline (the parser and encoder
/// Hummingbird and Vapor build on): each request is read whole, its body up to a cap, and
/// handed to a responder; the answer goes back on the same connection, which stays open for
/// the next request unless the answer closes it.
///
/// No connection is held for nothing (``Limits``): a request must arrive whole within the read
/// timeout of its first byte, a connection waiting for one closes after the idle timeout, and
/// connections that have not yet sent a request with the token are capped, the oldest closed
/// for a newcomer.
///
/// Not Hummingbird itself: Hummingbird 2 needs Swift tools 6.2 and macOS 14, and every app
/// that adds Herald's extension library would resolve it and the packages it brings, for a
/// page only the command line serves.
struct PlaygroundServer: Sendable {
    typealias Connection = NIOAsyncChannel<HTTPServerRequestPart, HTTPServerResponsePart>

    /// How long a connection may take, and how many may wait.
    struct Limits: Sendable {
        /// From a request's first byte to its last: its head and body must arrive within it,
        /// or the connection closes. The page's requests take milliseconds.
        var readTimeout: Duration = .seconds(10)
        /// How long a connection may wait for its next request; a browser opens a new one.
        var idleTimeout: Duration = .seconds(60)
        /// How many connections may be open that have not yet sent a request with the token;
        /// one more closes the oldest of them. A browser opens at most 6 to one address.
        var maximumUnprovenConnections = 64
    }

    private let channel: NIOAsyncChannel<Connection, Never>
    private let unproven: UnprovenConnections
    /// The port bound.
    let port: Int

    /// Binds and starts accepting connections, which wait for ``serve(maximumBodyBytes:proves:responder:)``.
    ///
    /// - Parameters:
    ///   - host: the address to listen on.
    ///   - port: the port, 0 for any free one.
    ///   - limits: the timeouts and the cap on connections.
    /// - Throws: ``CLIError`` (status 2) when the address cannot be bound, saying why.
    static func bind(host: String, port: Int, limits: Limits = Limits()) async throws(CLIError) -> PlaygroundServer {
        let unproven = UnprovenConnections(limit: limits.maximumUnprovenConnections)
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port) { child in
                    child.eventLoop.makeCompletedFuture {
                        unproven.admit(child)
                        try child.pipeline.syncOperations.addHandler(RequestDeadlines(readTimeout: limits.readTimeout, idleTimeout: limits.idleTimeout))
                        // Malformed requests get 400 and the connection closes (NIO's error handler).
                        try child.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                        return try Connection(wrappingChannelSynchronously: child)
                    }
                }
            guard let bound = channel.channel.localAddress?.port else { throw ChannelError.unknownLocalAddress }
            return PlaygroundServer(channel: channel, unproven: unproven, port: bound)
        } catch {
            throw .cannotListen(on: host, port: port, error)
        }
    }

    /// Serves connections until the task is cancelled, then closes the listening socket and
    /// every connection.
    ///
    /// - Parameters:
    ///   - maximumBodyBytes: a larger request body is read to its end, not kept, and answered
    ///     413; the connection then closes.
    ///   - proves: whether a request shows the connection is the page's (it carries the
    ///     token), so that it no longer counts against the cap.
    ///   - responder: makes the answer to each request.
    func serve(
        maximumBodyBytes: Int, proves: @escaping @Sendable (PlaygroundRequest) -> Bool,
        responder: @escaping @Sendable (PlaygroundRequest) async -> PlaygroundResponse
    ) async {
        // Not a discarding task group: that needs macOS 14, and Herald's floor is 13. A finished
        // connection leaves only its empty result behind until the server stops.
        await withTaskGroup(of: Void.self) { group in
            do {
                try await channel.executeThenClose { connections in
                    for try await connection in connections {
                        group.addTask { [unproven] in
                            await Self.serve(connection, maximumBodyBytes: maximumBodyBytes, unproven: unproven, proves: proves, responder: responder)
                        }
                    }
                }
            } catch {
                // Cancelled (the command is stopping) or the listening socket failed: either way
                // the connections are cancelled with the group, and close.
            }
            group.cancelAll()
        }
    }

    /// One connection's requests, in order.
    private static func serve(
        _ connection: Connection, maximumBodyBytes: Int, unproven: UnprovenConnections, proves: (PlaygroundRequest) -> Bool,
        responder: @Sendable (PlaygroundRequest) async -> PlaygroundResponse
    ) async {
        // A connection's failure (the client reset it, the server is stopping) ends that
        // connection only; a malformed request was already answered 400 by NIO's handler.
        try? await connection.executeThenClose { inbound, outbound in
            var head: HTTPRequestHead?
            var body = ByteBuffer()
            var tooLarge = false
            for try await part in inbound {
                switch part {
                case .head(let requestHead):
                    head = requestHead
                    body.clear()
                    let declared = requestHead.headers.first(name: "content-length").flatMap(Int.init) ?? 0
                    tooLarge = declared > maximumBodyBytes
                case .body(var chunk):
                    if !tooLarge, body.readableBytes + chunk.readableBytes <= maximumBodyBytes {
                        body.writeBuffer(&chunk)
                    } else {
                        tooLarge = true
                        body.clear()
                    }
                case .end:
                    guard let requestHead = head else { continue }
                    connection.channel.triggerUserOutboundEvent(RequestDeadlines.RequestRead(), promise: nil)
                    let request = PlaygroundRequest(head: requestHead, body: Data(body.readableBytesView))
                    if proves(request) { unproven.prove(connection.channel) }
                    let response = tooLarge
                        ? .text(.payloadTooLarge, "A request body may have at most \(maximumBodyBytes) bytes (an alert payload APNs accepts has at most \(APNSPushType.alert.maximumPayloadByteCount)).\n")
                        : await responder(request)
                    let closing = tooLarge || !requestHead.isKeepAlive
                    try await write(response, closing: closing, withBody: requestHead.method != .HEAD, to: outbound)
                    if closing { return }
                    connection.channel.triggerUserOutboundEvent(RequestDeadlines.Answered(), promise: nil)
                    head = nil
                }
            }
        }
    }

    /// Writes an answer; for HEAD (`withBody` false) its head only, with the body's length.
    private static func write(
        _ response: PlaygroundResponse, closing: Bool, withBody: Bool, to outbound: NIOAsyncChannelOutboundWriter<HTTPServerResponsePart>
    ) async throws {
        var headers = HTTPHeaders(response.headers)
        headers.replaceOrAdd(name: "Content-Length", value: String(response.body.count))
        if closing { headers.replaceOrAdd(name: "Connection", value: "close") }
        try await outbound.write(.head(HTTPResponseHead(version: .http1_1, status: response.status, headers: headers)))
        if withBody { try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: response.body)))) }
        try await outbound.write(.end(nil))
    }
}
