import Foundation
import Logging
import NIOCore
import NIOHTTP2
import NIOTLS
import HeraldSending

/// Carries APNs requests as HTTP/2 streams on one connection: the I/O of an
/// ``APNSConnectionStateMachine``, which decides how each exchange goes and ends.
///
/// It speaks the APNs subset of HTTP/2 itself, on the bytes NIOSSL decrypts:
/// `HTTP2FrameReader` reads the server's frames, `HPACKResponseDecoder` its header blocks, and
/// `HTTP2ClientConnection` keeps the settings, stream slots and windows and writes the frames.
/// A request is one HEADERS and one DATA frame with END_STREAM, and everything written in one
/// event-loop tick goes out with one flush, so many notifications share a TLS record and a
/// `write`. (swift-nio-http2's `NIOHTTP2Handler`, which it used before, kept a general
/// stream state per stream and Huffman-coded every header, and cost over half the client's CPU
/// per notification: docs/benchmarks.md.)
///
/// The handler turns those events into the state machine's and performs the actions they
/// return: it writes frames, resumes continuations, sets the one deadline timer, completes
/// ``ready``, and closes.
///
/// Bound to the channel's event loop: every method runs there.
final class APNSStreamHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer
    private typealias StateMachine = APNSConnectionStateMachine<APNSWaiter>

    /// The largest header list read from the server, decoded.
    private static let maximumHeaderListSize = 16_384

    /// Succeeds once TLS is up, the server agreed to HTTP/2 and sent its SETTINGS; fails if the
    /// connection ends first.
    let ready: EventLoopPromise<Void>
    private let logger: Logger
    /// Told when the connection stops taking new requests (perhaps more than once).
    private let becameUnavailable: @Sendable () -> Void

    private var stateMachine: StateMachine
    private var connection: HTTP2ClientConnection
    private var reader = HTTP2FrameReader()
    private var decoder = HPACKResponseDecoder(maximumHeaderListSize: maximumHeaderListSize)
    private var receivedSettings = false
    /// Whether the connection is closing (or the server broke HTTP/2): nothing it sends is
    /// read any more.
    private var isClosing = false
    private var context: ChannelHandlerContext?
    /// What is written until the flush at the end of this event-loop tick.
    private var output = ByteBuffer()
    private var flushScheduled = false
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
        self.logger = logger
        self.becameUnavailable = becameUnavailable
        self.stateMachine = StateMachine(authority: authority, maximumBodyByteCount: maximumBodyByteCount, now: .now())
        self.connection = HTTP2ClientConnection(authority: authority)
    }

    // MARK: Sending

    /// Writes the request on a new stream; `waiter` gets the answer or the failure.
    ///
    /// - Parameters:
    ///   - request: the APNs request.
    ///   - timeout: how long the answer may take once the HEADERS went out; the stream is then
    ///     reset with CANCEL.
    ///   - streamWaitDeadline: when to give up if the HEADERS have not gone out yet (the
    ///     server's stream limit is reached): the request then fails unsent.
    ///   - waiter: told exactly once.
    func send(_ request: APNSWireRequest, timeout: TimeAmount, streamWaitDeadline: NIODeadline, waiter: APNSWaiter) {
        guard context != nil,
            case .write(let streamID, let timer, let stopTakingRequests) = stateMachine.send(
                waiter, timeout: timeout, streamWaitDeadline: streamWaitDeadline, now: .now())
        else {
            waiter.resume(with: .failure(.connectionUnavailable))
            return
        }
        if let timer { setDeadlineTimer(timer) }
        if stopTakingRequests { becameUnavailable() }
        connection.send(request, on: streamID, into: &output, headersSent: headersSent)
        flushSoon()
    }

    /// A request's HEADERS are written now: its answer's deadline starts.
    private func headersSent(_ streamID: HTTP2StreamID) {
        perform(stateMachine.headersSent(on: streamID, now: .now()))
    }

    // MARK: Receiving

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        output = context.channel.allocator.buffer(capacity: 0)
        if context.channel.isActive { start() }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil  // it holds this handler
    }

    func channelActive(context: ChannelHandlerContext) {
        start()
        context.fireChannelActive()
    }

    /// Writes the connection preface; NIOSSL holds it until the handshake is done.
    private func start() {
        connection.writePreface(into: &output)
        flushSoon()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isClosing else { return }
        var bytes = unwrapInboundIn(data)
        reader.append(&bytes)
        do {
            while let frame = try reader.next() {
                try handle(frame)
            }
        } catch {
            connectionError(error)
        }
    }

    private func handle(_ frame: HTTP2FrameReader.Frame) throws(HTTP2ConnectionError) {
        if !receivedSettings {
            guard case .settings = frame else { throw HTTP2ConnectionError(.protocolError, "the server's first frame was not SETTINGS") }
            receivedSettings = true
        }
        switch frame {
        case .headers(let streamID, let block, let endStream):
            let headers: HPACKResponseDecoder.Block
            do {
                headers = try decoder.decode(block)  // every block, even a dropped stream's: it changes the table
            } catch {
                throw HTTP2ConnectionError(.compressionError, "a header block on stream \(streamID) that does not decode: \(error)")
            }
            guard try isOpen(streamID) else { return }
            if endStream { connection.streamEnded(streamID, byReset: false, into: &output, headersSent: headersSent) }
            perform(stateMachine.receivedHeaders(headers, endStream: endStream, on: streamID))
        case .data(let streamID, let payload, let endStream, let length):
            try connection.received(flowControlledLength: length)
            guard try isOpen(streamID) else { return }
            if endStream { connection.streamEnded(streamID, byReset: false, into: &output, headersSent: headersSent) }
            perform(stateMachine.receivedData(payload, endStream: endStream, on: streamID))
        case .resetStream(let streamID, let code):
            guard try isOpen(streamID) else { return }
            connection.streamEnded(streamID, byReset: true, into: &output, headersSent: headersSent)
            perform(stateMachine.streamClosed(streamID, reason: code))
        case .settings(let settings):
            try connection.apply(settings, into: &output, headersSent: headersSent)
            perform(stateMachine.settingsReceived())
        case .ping(let opaqueData):
            connection.writePingAcknowledgement(opaqueData, into: &output)
        case .goAway(let lastStreamID, let code, let debugData):
            let reason = "GOAWAY \(code)" + (debugData.readableBytes > 0 ? " \(String(buffer: debugData))" : "")
            logger.debug("GOAWAY", metadata: ["apns.goaway": "\(reason)", "apns.goaway.last-stream": "\(Int(lastStreamID))"])
            let unsent = connection.goAway(lastStreamID: lastStreamID)
            settle(stateMachine.receivedGoAway(lastStreamID: lastStreamID, reason: reason))
            for streamID in unsent { perform(stateMachine.requestNotWritten(on: streamID, why: "\(reason) came before it went out")) }
        case .windowUpdate(let streamID, let increment):
            try connection.windowUpdate(streamID, increment: increment, into: &output)
        case .settingsAcknowledged, .ignored:
            break
        }
        if output.readableBytes > 0 { flushSoon() }
    }

    /// Whether a frame for `streamID` concerns an open stream. Frames for streams this client
    /// reset or stopped waiting for are dropped; a stream it never opened is a connection error.
    private func isOpen(_ streamID: HTTP2StreamID) throws(HTTP2ConnectionError) -> Bool {
        if connection.isOpen(streamID) { return true }
        guard Int(streamID) % 2 == 1, streamID <= connection.highestOpened else {
            throw HTTP2ConnectionError(.protocolError, "a frame on stream \(streamID), which this client never opened")
        }
        return false
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        // Any read counts as the server talking, even one whose frames were dropped (late
        // answers for streams reset meanwhile).
        stateMachine.readCompleted(at: .now())
        connection.refillReceiveWindow(into: &output)
        if output.readableBytes > 0 { flushSoon() }
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent {
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

    /// The server broke HTTP/2: GOAWAY with the error's code goes out, and the connection ends.
    private func connectionError(_ error: HTTP2ConnectionError) {
        isClosing = true
        connection.writeGoAway(error, into: &output)
        flushSoon()
        settle(stateMachine.connectionErrorSent(error))
    }

    // MARK: Writing

    /// Writes what is gathered in ``output`` with one flush at the end of this event-loop tick.
    /// The requests written whole in it are told to the state machine once the bytes are out.
    private func flushSoon() {
        guard !flushScheduled, let context else { return }
        flushScheduled = true
        context.eventLoop.assumeIsolated().execute { [self] in
            flushScheduled = false
            flush()
        }
    }

    private func flush() {
        guard let context, output.readableBytes > 0 else { return }
        let bytes = output
        output = context.channel.allocator.buffer(capacity: 0)
        let written = connection.takeWrittenRequests()
        if written.isEmpty {
            context.writeAndFlush(wrapOutboundOut(bytes), promise: nil)
            return
        }
        // Counted as written once handed to the socket, not when the write completes: a deadline
        // or a reset that comes between must not call a request that went out "not written",
        // which would send it again at once.
        for streamID in written { stateMachine.requestWritten(on: streamID) }
        let promise = context.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenFailure { [self] error in
            for streamID in written { perform(stateMachine.requestNotWritten(on: streamID, why: "\(error)")) }
        }
        context.writeAndFlush(wrapOutboundOut(bytes), promise: promise)
    }

    // MARK: Performing

    private func perform(_ action: StateMachine.Action) {
        switch action {
        case .none:
            break
        case .setDeadlineTimer(let deadline):
            setDeadlineTimer(deadline)
        case .end(let ending, let closeConnection):
            end(CollectionOfOne(ending), closingConnection: closeConnection)
        case .succeedReady:
            ready.succeed()
        case .failReady(let error, let closeConnection):
            ready.fail(error)
            if closeConnection { close() }
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
        end(settlement.endings, closingConnection: settlement.closeConnection)
    }

    /// Ends exchanges, then, when the connection is closing, the connection itself.
    private func end(_ endings: some Sequence<StateMachine.Ending>, closingConnection: Bool) {
        // Before the endings: a reset among them frees a stream, which must not open one of the
        // requests the state machine just ended as not written.
        if closingConnection { connection.stopOpeningStreams() }
        for ending in endings { end(ending) }
        if closingConnection { close() }
    }

    private func end(_ ending: StateMachine.Ending) {
        ending.waiter.resume(with: ending.result)
        if let streamID = ending.resetStream, let context, context.channel.isActive {
            connection.cancel(streamID, into: &output, headersSent: headersSent)
            flushSoon()
        }
    }

    /// Closes once what is written so far (a GOAWAY, resets) is out; nothing read after this
    /// is acted on (every exchange has ended).
    private func close() {
        isClosing = true
        flush()
        context?.close(promise: nil)
    }

    private func setDeadlineTimer(_ deadline: NIODeadline) {
        cancelDeadlineTimer()
        deadlineTimer = context?.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            deadlineTimer = nil
            flush()  // a request whose last bytes wait for this tick's flush has gone out
            settle(stateMachine.deadlineTimerFired(now: .now()))
        }
    }

    private func cancelDeadlineTimer() {
        deadlineTimer?.cancel()
        deadlineTimer = nil
    }
}
