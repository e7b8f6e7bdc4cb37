import Foundation
import Logging
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOSSL
import NIOTLS
import HeraldSending

/// Carries APNs requests as HTTP/2 streams on one connection and matches each answer to its
/// request.
///
/// It works on frames, under `NIOHTTP2Handler` and without a channel per stream: a request is
/// one HEADERS and one DATA frame with END_STREAM, and every request written in one event-loop
/// tick goes out with one flush, so many notifications share a TLS record and a `write`.
/// `NIOHTTP2Handler` keeps the stream states and the outbound flow control, and holds new
/// streams beyond the server's `SETTINGS_MAX_CONCURRENT_STREAMS` until earlier ones close.
///
/// Every exchange ends exactly once: with the answer, or with an ``APNSTransportError`` when
/// the stream is reset, GOAWAY refuses it, the deadline passes or the connection closes.
///
/// A request's deadline starts when its HEADERS go out (NIOHTTP2 tells the frame delegate),
/// not when it is handed over: until then it waits for a free stream under a limit of its
/// own. An exchange whose last byte was not yet written when it ended fails as
/// ``APNSTransportError/notWritten(_:)``: APNs cannot have taken it, so it may go again freely.
///
/// Bound to the channel's event loop: every method runs there.
final class APNSStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias Continuation = CheckedContinuation<APNSWireResponse, any Error>

    private struct Exchange {
        let continuation: Continuation
        /// How long the answer may take once the HEADERS went out.
        let timeout: TimeAmount
        /// When the request was handed to the connection.
        let queuedAt: NIODeadline
        /// Until the HEADERS go out, the end of the wait for a stream; then the answer's deadline.
        var deadline: NIODeadline
        /// When the HEADERS went out; `nil` while NIOHTTP2 holds the stream for a free slot.
        var sentAt: NIODeadline?
        /// Whether the request's last byte was written to the socket.
        var isWritten = false
        var status: Int?
        var headers: [APNSHeader] = []
        var body: ByteBuffer?
    }

    private enum State {
        /// Waiting for TLS to finish with ALPN `h2` and for the server's SETTINGS, so that its
        /// stream limit is known before the first request.
        case connecting(handshakeDone: Bool, settingsReceived: Bool)
        case open
        /// GOAWAY came (or stream ids ran out): no new streams; closes once the last answer is in.
        case draining
        case closed
    }

    /// Succeeds once TLS is up, the server agreed to HTTP/2 and sent its SETTINGS; fails if the
    /// connection ends first.
    let ready: EventLoopPromise<Void>
    private let authority: String
    private let maximumBodyByteCount: Int
    private let logger: Logger
    /// Told when the connection stops taking new requests (perhaps more than once).
    private let becameUnavailable: @Sendable () -> Void

    private var state = State.connecting(handshakeDone: false, settingsReceived: false)
    private var context: ChannelHandlerContext?
    private var writer: HTTP2FrameWriter?
    private var exchanges: [HTTP2StreamID: Exchange] = [:]
    private var nextStreamID = HTTP2StreamID(1)
    /// What ended the connection, for the message of the requests it fails.
    private var closeReason: String?
    /// When the server last sent anything: a connection silent for a whole request's timeout
    /// is presumed dead (a peer or middlebox gone without a word) and replaced.
    private var lastFrameAt = NIODeadline.now()
    /// The one timer for every exchange's deadline, set for the earliest: a timer per request
    /// costs a heap insertion and a linear search to cancel it.
    private var sweep: (at: NIODeadline, timer: Scheduled<Void>)?

    /// The largest client stream id; past it the connection must be replaced.
    private static let lastStreamID = HTTP2StreamID.maxID

    /// - Parameters:
    ///   - ready: completed when the connection can carry requests.
    ///   - authority: `host[:port]` for the `:authority` pseudo-header.
    ///   - maximumBodyByteCount: the largest answer body read.
    ///   - logger: where GOAWAY and the connection's end are noted (debug).
    ///   - becameUnavailable: called when the connection stops taking requests.
    init(
        ready: EventLoopPromise<Void>, authority: String, maximumBodyByteCount: Int, logger: Logger,
        becameUnavailable: @escaping @Sendable () -> Void
    ) {
        self.ready = ready
        self.authority = authority
        self.maximumBodyByteCount = maximumBodyByteCount
        self.logger = logger
        self.becameUnavailable = becameUnavailable
    }

    // MARK: Sending

    /// Writes the request on a new stream; `continuation` gets the answer or the failure.
    ///
    /// - Parameters:
    ///   - request: the APNs request.
    ///   - timeout: how long the answer may take once the HEADERS went out; the stream is then
    ///     reset with CANCEL.
    ///   - streamWaitDeadline: when to give up if the HEADERS have not gone out yet (the
    ///     server's stream limit is reached): the request then fails unsent.
    ///   - continuation: resumed exactly once.
    func send(_ request: APNSWireRequest, timeout: TimeAmount, streamWaitDeadline: NIODeadline, continuation: Continuation) {
        guard let context, let writer, case .open = state else {
            continuation.resume(throwing: APNSTransportError.connectionUnavailable)
            return
        }
        let streamID = nextStreamID
        if streamID >= Self.lastStreamID.advanced(by: -1) {
            drain(context)  // a connection carries 2^30 requests; the pool opens another
        } else {
            nextStreamID = streamID.advanced(by: 2)
        }
        exchanges[streamID] = Exchange(continuation: continuation, timeout: timeout, queuedAt: .now(), deadline: streamWaitDeadline)
        scheduleSweep(by: streamWaitDeadline, context)

        var headers = HPACKHeaders()
        headers.reserveCapacity(request.headers.count + 5)
        headers.add(name: ":method", value: request.method)
        headers.add(name: ":scheme", value: "https")
        headers.add(name: ":authority", value: authority)
        // The path and apns-id differ per notification: kept out of the HPACK table, so the
        // provider token and the other repeated headers stay in it and go as one byte each.
        headers.add(name: ":path", value: request.path, indexing: .nonIndexable)
        for header in request.headers {
            headers.add(name: header.name, value: header.value, indexing: header.name == APNSHeaderName.id ? .nonIndexable : .indexable)
        }
        headers.add(name: "content-length", value: String(request.body.count))
        var body = context.channel.allocator.buffer(capacity: request.body.count)
        body.writeBytes(request.body)

        writer.write(HTTP2Frame(streamID: streamID, payload: .headers(.init(headers: headers))))
        // Only the last write's promise: if the stream could not be opened, this one fails too.
        let written = context.eventLoop.makePromise(of: Void.self)
        writer.write(HTTP2Frame(streamID: streamID, payload: .data(.init(data: .byteBuffer(body), endStream: true))), promise: written)
        written.futureResult.assumeIsolated().whenComplete { [self] result in
            switch result {
            case .success: exchanges[streamID]?.isWritten = true
            case .failure(let error): fail(streamID, APNSTransportError.notWritten("\(error)"), reset: false)
            }
        }
    }

    /// The request's HEADERS went out (NIOHTTP2 held them until the server's stream limit
    /// allowed): its deadline starts now.
    private func sentHeaders(on streamID: HTTP2StreamID) {
        guard let context, var exchange = exchanges[streamID], exchange.sentAt == nil else { return }
        let now = NIODeadline.now()
        exchange.sentAt = now
        exchange.deadline = now + exchange.timeout
        exchanges[streamID] = exchange
        scheduleSweep(by: exchange.deadline, context)
    }

    // MARK: Receiving

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        writer = HTTP2FrameWriter(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // Both hold the context, which holds this handler.
        self.context = nil
        writer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.payload {
        case .headers(let block):
            receivedHeaders(block.headers, endStream: block.endStream, on: frame.streamID)
        case .data(let block):
            receivedData(block, on: frame.streamID)
        case .goAway(let lastStreamID, let code, let debugData):
            closeReason = "GOAWAY \(code)" + (debugData.map { " \(String(buffer: $0))" } ?? "")
            logger.debug("GOAWAY", metadata: ["apns.goaway": "\(closeReason ?? "")", "apns.goaway.last-stream": "\(Int(lastStreamID))"])
            drain(context)
            // Streams still queued in NIOHTTP2 for a free slot fail there when their turn comes
            // (their write, not the connection); their exchanges end here.
            for streamID in exchanges.keys where streamID > lastStreamID {
                fail(streamID, APNSTransportError.refusedByGoAway, reset: false)
            }
            closeIfDrained(context)
        case .settings(.settings(_)):
            if case .connecting(let handshakeDone, _) = state { becomeReady(handshakeDone: handshakeDone, settingsReceived: true, context: context) }
        default:
            break  // PING, WINDOW_UPDATE, SETTINGS acks are NIOHTTP2Handler's; resets arrive as StreamClosedEvent
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Any read counts as the server talking, even one whose frames NIOHTTP2 dropped (late
        // answers for streams reset meanwhile).
        lastFrameAt = .now()
        writer?.readComplete()
        context.fireChannelReadComplete()
    }

    private func receivedHeaders(_ headers: HPACKHeaders, endStream: Bool, on streamID: HTTP2StreamID) {
        guard var exchange = exchanges[streamID] else { return }
        if exchange.status == nil {
            guard let status = headers.first(name: ":status").flatMap(Int.init) else {
                fail(streamID, APNSTransportError.streamClosed(.protocolError), reset: true)
                return
            }
            if (100..<200).contains(status) { return }  // informational; the real answer follows
            exchange.status = status
        }
        for (name, value, _) in headers where !name.hasPrefix(":") {
            exchange.headers.append(APNSHeader(name, value))
        }
        exchanges[streamID] = exchange
        if endStream { complete(streamID) }
    }

    private func receivedData(_ block: HTTP2Frame.FramePayload.Data, on streamID: HTTP2StreamID) {
        guard var exchange = exchanges[streamID], exchange.status != nil else {
            if exchanges[streamID] != nil { fail(streamID, APNSTransportError.streamClosed(.protocolError), reset: true) }
            return
        }
        if case .byteBuffer(var chunk) = block.data, chunk.readableBytes > 0 {
            guard (exchange.body?.readableBytes ?? 0) + chunk.readableBytes <= maximumBodyByteCount else {
                fail(streamID, APNSTransportError.responseTooLarge(limit: maximumBodyByteCount), reset: true)
                return
            }
            if exchange.body == nil {
                exchange.body = chunk
            } else {
                exchange.body!.writeBuffer(&chunk)
            }
            exchanges[streamID] = exchange
        }
        if block.endStream { complete(streamID) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let closed = event as? StreamClosedEvent {
            // After the stream's last frame: an exchange still here got no whole answer.
            fail(closed.streamID, APNSTransportError.streamClosed(closed.reason), reset: false)
            closeIfDrained(context)
        } else if let windowChanged = event as? NIOHTTP2WindowUpdatedEvent {
            writer?.observe(windowChanged)
        } else if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent, case .connecting(_, let settingsReceived) = state {
            if negotiated == "h2" {
                becomeReady(handshakeDone: true, settingsReceived: settingsReceived, context: context)
            } else {
                let chose = negotiated.map { "chose \($0)" } ?? "chose no protocol"
                ready.fail(APNSTransportError.unusableServer("\(authority) does not speak HTTP/2: its TLS handshake \(chose) when asked for h2 (ALPN)"))
                context.close(promise: nil)
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func becomeReady(handshakeDone: Bool, settingsReceived: Bool, context: ChannelHandlerContext) {
        guard handshakeDone, settingsReceived else {
            state = .connecting(handshakeDone: handshakeDone, settingsReceived: settingsReceived)
            return
        }
        state = .open
        ready.succeed()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Nothing is closed here. A stream error ends only its stream (NIOHTTP2 resets it, and
        // StreamClosedEvent follows); NIOSSL closes on a TLS error, and a connection error is
        // seen in wroteFrame(_:) below. The error explains what fails next.
        if case .connecting = state {
            ready.fail(error)  // APNSConnection.connect says what it means
        }
        closeReason = closeReason ?? "\(error)"  // the first error is the one that explains the rest
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        let reason = closeReason
        logger.debug("connection closed", metadata: ["apns.connection.why": "\(reason ?? "closed")", "apns.connection.unanswered": "\(exchanges.count)"])
        ready.fail(APNSTransportError.connectFailed(reason ?? "the connection closed during the handshake"))
        if case .closed = state {} else {
            state = .closed
            becameUnavailable()
        }
        for streamID in Array(exchanges.keys) {
            fail(streamID, APNSTransportError.connectionClosed(reason), reset: false)
        }
        sweep?.timer.cancel()
        sweep = nil
        context.fireChannelInactive()
    }

    // MARK: Ending exchanges

    private func complete(_ streamID: HTTP2StreamID) {
        guard let status = exchanges[streamID]?.status else {
            fail(streamID, APNSTransportError.streamClosed(.protocolError), reset: true)  // an end before any HEADERS
            return
        }
        guard let exchange = exchanges.removeValue(forKey: streamID) else { return }
        let body = exchange.body.map { Data($0.readableBytesView) } ?? Data()
        exchange.continuation.resume(returning: APNSWireResponse(status: status, headers: exchange.headers, body: body))
        if let context { closeIfDrained(context) }
    }

    /// Ends an exchange that has not ended yet with `error`, or with
    /// ``APNSTransportError/notWritten(_:)`` when its request never went out whole; `reset` also
    /// tells the server.
    private func fail(_ streamID: HTTP2StreamID, _ error: APNSTransportError, reset: Bool) {
        guard let exchange = exchanges.removeValue(forKey: streamID) else { return }
        let written = exchange.isWritten || !error.mayHaveBeenProcessed
        exchange.continuation.resume(throwing: written ? error : APNSTransportError.notWritten(error.description))
        if reset, let context, context.channel.isActive {
            // Tells the server (or NIOHTTP2's queue of streams waiting for a slot) it is dropped.
            writer?.write(HTTP2Frame(streamID: streamID, payload: .rstStream(.cancel)))
        }
    }

    private func scheduleSweep(by deadline: NIODeadline, _ context: ChannelHandlerContext) {
        if let sweep, sweep.at <= deadline { return }
        sweep?.timer.cancel()
        let timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in failExpired() }
        sweep = (deadline, timer)
    }

    /// Fails every exchange past its deadline, and sets the timer for the next one. When the
    /// server sent nothing at all since an expired request went out, the connection is closed,
    /// so the pool opens another instead of sending more into silence.
    private func failExpired() {
        sweep = nil
        let now = NIODeadline.now()
        var earliest: NIODeadline?
        var silentSince: NIODeadline?
        // By id, each read afresh: a reset frees a stream, and NIOHTTP2 may send a waiting
        // request's HEADERS (and so move its deadline) during the loop.
        for streamID in Array(exchanges.keys) {
            guard let exchange = exchanges[streamID] else { continue }
            if exchange.deadline > now {
                earliest = min(earliest ?? exchange.deadline, exchange.deadline)
            } else if let sentAt = exchange.sentAt {
                if lastFrameAt < sentAt { silentSince = min(silentSince ?? sentAt, sentAt) }
                fail(streamID, APNSTransportError.deadlineExceeded, reset: true)
            } else {
                fail(streamID, APNSTransportError.noFreeStream(waited: Duration(now - exchange.queuedAt)), reset: true)
            }
        }
        guard let context else { return }
        if let silentSince {
            let milliseconds = (now - silentSince).nanoseconds / 1_000_000
            abandon("the server sent nothing for \(milliseconds) ms; the connection is presumed dead", context)
        } else if let earliest {
            scheduleSweep(by: earliest, context)
        }
    }

    /// Ends the connection now: every exchange still waiting fails at once (a TLS close may take
    /// a while to reach `channelInactive`), and the pool opens another connection.
    private func abandon(_ reason: String, _ context: ChannelHandlerContext) {
        closeReason = reason
        logger.info("abandoning connection", metadata: ["apns.connection.why": "\(reason)"])
        drain(context)
        for streamID in Array(exchanges.keys) {
            fail(streamID, APNSTransportError.connectionClosed(reason), reset: false)
        }
        context.close(promise: nil)
    }

    /// Takes no new streams from now on.
    private func drain(_ context: ChannelHandlerContext) {
        guard case .open = state else { return }
        state = .draining
        becameUnavailable()
    }

    private func closeIfDrained(_ context: ChannelHandlerContext) {
        guard case .draining = state, exchanges.isEmpty else { return }
        context.close(promise: nil)
    }
}

extension APNSStreamHandler: NIOHTTP2FrameDelegate {
    /// Sees every frame NIOHTTP2 writes, once it passed the stream limit and flow control:
    /// - HEADERS start their request's deadline.
    /// - GOAWAY: this client never sends one itself; one going out means NIOHTTP2 found a
    ///   connection error, after which it leaves the connection open, so the handler ends it
    ///   (on the next tick, outside NIOHTTP2's write).
    func wroteFrame(_ frame: HTTP2Frame) {
        switch frame.payload {
        case .headers:
            sentHeaders(on: frame.streamID)
        case .goAway(_, let code, _):
            guard let context else { return }
            context.eventLoop.assumeIsolated().execute { [self] in
                abandon("HTTP/2 connection error (\(code)) in what the server sent", context)
            }
        default:
            break
        }
    }
}
