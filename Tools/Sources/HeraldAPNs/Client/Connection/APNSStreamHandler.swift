import Foundation
import Logging
import NIOCore
import NIOHPACK
import NIOHTTP2
import NIOSSL
import NIOTLS
import HeraldSending

/// Carries APNs requests as HTTP/2 streams on one connection: the I/O of an
/// ``APNSConnectionStateMachine``, which decides how each exchange goes and ends.
///
/// It works on frames, under `NIOHTTP2Handler` and without a channel per stream: a request is
/// one HEADERS and one DATA frame with END_STREAM, and every request written in one event-loop
/// tick goes out with one flush, so many notifications share a TLS record and a `write`.
/// `NIOHTTP2Handler` keeps the stream states and the outbound flow control, and holds new
/// streams beyond the server's `SETTINGS_MAX_CONCURRENT_STREAMS` until earlier ones close.
///
/// The handler turns NIO's events into the state machine's and performs the actions they
/// return: it writes frames, resumes continuations, sets the one deadline timer, completes
/// ``ready``, and closes.
///
/// Bound to the channel's event loop: every method runs there.
final class APNSStreamHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias Continuation = CheckedContinuation<APNSWireResponse, any Error>
    private typealias StateMachine = APNSConnectionStateMachine<Continuation>

    /// Succeeds once TLS is up, the server agreed to HTTP/2 and sent its SETTINGS; fails if the
    /// connection ends first.
    let ready: EventLoopPromise<Void>
    private let authority: String
    private let logger: Logger
    /// Told when the connection stops taking new requests (perhaps more than once).
    private let becameUnavailable: @Sendable () -> Void

    private var stateMachine: StateMachine
    private var context: ChannelHandlerContext?
    private var writer: HTTP2FrameWriter?
    private var deadlineTimer: Scheduled<Void>?

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
        self.logger = logger
        self.becameUnavailable = becameUnavailable
        self.stateMachine = StateMachine(authority: authority, maximumBodyByteCount: maximumBodyByteCount, now: .now())
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
        guard let context, let writer,
            case .write(let streamID, let timer, let stopTakingRequests) = stateMachine.send(
                continuation, timeout: timeout, streamWaitDeadline: streamWaitDeadline, now: .now())
        else {
            continuation.resume(throwing: APNSTransportError.connectionUnavailable)
            return
        }
        if let timer { setDeadlineTimer(timer) }
        if stopTakingRequests { becameUnavailable() }

        var headers = HPACKHeaders()
        headers.reserveCapacity(request.headers.count + 5)
        headers.add(name: ":method", value: request.method)
        headers.add(name: ":scheme", value: "https")
        headers.add(name: ":authority", value: authority)
        // The path, apns-id and apns-collapse-id (the apns-id again, unless the caller chose one)
        // differ per notification: kept out of the HPACK table, so the provider token and the
        // other repeated headers stay in it and go as one byte each. Indexed, each collapse id
        // pushed the provider token out of the 4 KB table every few dozen requests.
        headers.add(name: ":path", value: request.path, indexing: .nonIndexable)
        for header in request.headers {
            let differs = header.name == APNSHeaderName.id || header.name == APNSHeaderName.collapseID
            headers.add(name: header.name, value: header.value, indexing: differs ? .nonIndexable : .indexable)
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
            case .success: stateMachine.requestWritten(on: streamID)
            case .failure(let error): perform(stateMachine.requestNotWritten(on: streamID, why: "\(error)"))
            }
        }
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
            perform(stateMachine.receivedHeaders(block.headers, endStream: block.endStream, on: frame.streamID))
        case .data(let block):
            let chunk: ByteBuffer? = if case .byteBuffer(let bytes) = block.data { bytes } else { nil }
            perform(stateMachine.receivedData(chunk, endStream: block.endStream, on: frame.streamID))
        case .goAway(let lastStreamID, let code, let debugData):
            let reason = "GOAWAY \(code)" + (debugData.map { " \(String(buffer: $0))" } ?? "")
            logger.debug("GOAWAY", metadata: ["apns.goaway": "\(reason)", "apns.goaway.last-stream": "\(Int(lastStreamID))"])
            settle(stateMachine.receivedGoAway(lastStreamID: lastStreamID, reason: reason))
        case .settings(.settings(_)):
            perform(stateMachine.settingsReceived())
        default:
            break  // PING, WINDOW_UPDATE, SETTINGS acks are NIOHTTP2Handler's; resets arrive as StreamClosedEvent
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Any read counts as the server talking, even one whose frames NIOHTTP2 dropped (late
        // answers for streams reset meanwhile).
        stateMachine.readCompleted(at: .now())
        writer?.readComplete()
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let closed = event as? StreamClosedEvent {
            perform(stateMachine.streamClosed(closed.streamID, reason: closed.reason))
        } else if let windowChanged = event as? NIOHTTP2WindowUpdatedEvent {
            writer?.observe(windowChanged)
        } else if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent {
            perform(stateMachine.handshakeCompleted(negotiatedProtocol: negotiated))
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        perform(stateMachine.errorCaught(error))
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        logger.debug(
            "connection closed",
            metadata: ["apns.connection.why": "\(stateMachine.closeReason ?? "closed")", "apns.connection.unanswered": "\(stateMachine.unanswered)"])
        settle(stateMachine.channelInactive())
        context.fireChannelInactive()
    }

    // MARK: Performing

    private func perform(_ action: StateMachine.Action) {
        switch action {
        case .none:
            break
        case .setDeadlineTimer(let deadline):
            setDeadlineTimer(deadline)
        case .end(let ending, let closeConnection):
            end(ending)
            if closeConnection { context?.close(promise: nil) }
        case .succeedReady:
            ready.succeed()
        case .failReady(let error, let closeConnection):
            ready.fail(error)
            if closeConnection { context?.close(promise: nil) }
        }
    }

    private func settle(_ settlement: StateMachine.Settlement) {
        switch settlement.deadlineTimer {
        case .set(let deadline)?: setDeadlineTimer(deadline)
        case .cancel?: cancelDeadlineTimer()
        case nil: break
        }
        if let readyFailure = settlement.readyFailure { ready.fail(readyFailure) }
        if let reason = settlement.abandonReason { logger.info("abandoning connection", metadata: ["apns.connection.why": "\(reason)"]) }
        if settlement.stopTakingRequests { becameUnavailable() }
        for ending in settlement.endings { end(ending) }
        if settlement.closeConnection { context?.close(promise: nil) }
    }

    private func end(_ ending: StateMachine.Ending) {
        ending.waiter.resume(with: ending.result)
        if let streamID = ending.resetStream, let context, context.channel.isActive {
            writer?.write(HTTP2Frame(streamID: streamID, payload: .rstStream(.cancel)))
        }
    }

    private func setDeadlineTimer(_ deadline: NIODeadline) {
        cancelDeadlineTimer()
        deadlineTimer = context?.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            deadlineTimer = nil
            settle(stateMachine.deadlineTimerFired(now: .now()))
        }
    }

    private func cancelDeadlineTimer() {
        deadlineTimer?.cancel()
        deadlineTimer = nil
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
            perform(stateMachine.headersSent(on: frame.streamID, now: .now()))
        case .goAway(_, let code, _):
            context?.eventLoop.assumeIsolated().execute { [self] in
                settle(stateMachine.connectionErrorSent(code))
            }
        default:
            break
        }
    }
}
