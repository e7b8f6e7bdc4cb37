import Foundation
import HeraldAPNs
import Logging
@_spi(HeraldTools) import HeraldCore
import NIOCore
import NIOHPACK
import NIOHTTP2

/// Serves one connection of ``HTTP2Server`` frame by frame: gathers each stream's request,
/// hands it to the server's handler, and writes the answer or the fault.
///
/// There is no channel or task per stream, and every answer written in one event-loop tick
/// goes out in one flush. A request's HEADERS are kept exactly as they arrived (duplicates
/// too), so the handler can apply APNs's rules to them.
///
/// Bound to the connection's event loop.
final class HTTP2ServerConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame

    private struct Incoming {
        var fields: [APNSHeader] = []
        var body: ByteBuffer?
    }

    private let shared: HTTP2Server.Shared
    /// The server's logger, with this connection's number once it is registered.
    private var logger: Logger
    private var context: ChannelHandlerContext?
    /// The connection's number in the server's registry; `nil` before it is registered.
    private var connectionID: Int?
    /// Requests still arriving.
    private var incoming: [HTTP2StreamID: Incoming] = [:]
    /// Streams whose request went to the handler and that are not answered yet, with whether
    /// the request was accepted (false while the handler has not answered): an accepted one
    /// that ends here unanswered is a lost answer.
    private var answering: [HTTP2StreamID: Bool] = [:]
    /// The highest stream whose request went to the handler.
    private var highestTaken = HTTP2StreamID.rootStream
    /// Set once this connection sent GOAWAY: streams above it are refused.
    private var goAwayLastStreamID: HTTP2StreamID?
    private var closeScheduled = false
    /// What APNs's per-connection rules remember (the provider token in use).
    private var connectionState = HTTP2Server.ConnectionState()
    /// Whether the stream limit was raised from 1, after the first valid provider token.
    private var streamLimitRaised = false
    private var writer: HTTP2FrameWriter?
    /// The write of the last frame this handler wrote: a close waits for it.
    private var lastWrite: EventLoopFuture<Void>?

    init(shared: HTTP2Server.Shared) {
        self.shared = shared
        logger = shared.logger
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        writer = HTTP2FrameWriter(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        // Both hold the context, which holds this handler.
        self.context = nil
        writer = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        connectionID = shared.register(context.channel)
        if let connectionID {
            shared.unproven.admit(context.channel)
            logger[metadataKey: "emulator.connection"] = "\(connectionID)"
            let peer = context.channel.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "unknown"
            logger.debug("connection opened", metadata: ["emulator.peer": "\(peer)"])
        } else {
            context.close(promise: nil)  // arrived while the server shuts down
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let connectionID { shared.unregister(connectionID) }
        incoming = [:]
        let lost = answering.values.filter { $0 }.count
        shared.recordLostAnswers(lost)
        logger.debug("connection closed", metadata: ["emulator.unanswered": "\(answering.count)", "emulator.answers-lost": "\(lost)"])
        answering = [:]
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = unwrapInboundIn(data)
        switch frame.payload {
        case .headers(let block):
            incoming[frame.streamID, default: Incoming()].fields += block.headers.map { APNSHeader($0.name, $0.value) }
            if block.endStream { take(frame.streamID) }
        case .data(let block):
            if case .byteBuffer(var chunk) = block.data {
                if incoming[frame.streamID]?.body == nil {
                    incoming[frame.streamID, default: Incoming()].body = chunk
                } else {
                    incoming[frame.streamID]!.body!.writeBuffer(&chunk)
                }
            }
            if block.endStream { take(frame.streamID) }
        default:
            break  // SETTINGS, PING and WINDOW_UPDATE are NIOHTTP2Handler's; resets arrive as StreamClosedEvent
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        writer?.readComplete()
        context.fireChannelReadComplete()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let closed = event as? StreamClosedEvent {
            // The client reset the stream, or it ended: nothing more to read or answer on it.
            incoming[closed.streamID] = nil
            if let accepted = answering.removeValue(forKey: closed.streamID) {
                if accepted { shared.recordLostAnswers(1) }
                closeIfDrained()
            }
        } else if let windowChanged = event as? NIOHTTP2WindowUpdatedEvent {
            writer?.observe(windowChanged)
        } else if event is HTTP2Server.ShutdownEvent {
            goAway(reason: APNSErrorReason.shutdown.rawValue, context)
            return
        } else if case .read = event as? IdleStateHandler.IdleStateEvent {
            closeIdle(context)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    // Errors close nothing here: NIOHTTP2 resets a stream on a stream error, NIOSSL closes on
    // a TLS error, and a connection error is seen in wroteFrame(_:) below.

    /// How long a connection that is told to go away waits for the answers it still owes.
    static let shutdownGrace = TimeAmount.seconds(2)

    /// The server is stopping, or the connection is idle: GOAWAY naming the last request
    /// taken, so a client knows every later one was not processed; the answers still owed go
    /// out, and the connection closes (after ``shutdownGrace`` at the latest, also for a peer
    /// that never finished TLS or reads nothing).
    private func goAway(reason: String, _ context: ChannelHandlerContext) {
        let last = min(goAwayLastStreamID ?? highestTaken, highestTaken)
        goAwayLastStreamID = last
        logger.debug("GOAWAY sent", metadata: ["apns.reason": "\(reason)", "http2.last-stream": "\(Int(last))"])
        write(HTTP2Server.goAwayFrame(lastStreamID: last, reason: reason))
        closeIfDrained()
        context.eventLoop.assumeIsolated().scheduleTask(in: Self.shutdownGrace) {
            // Grace is over: what is written goes out first, but nothing waits on the peer.
            context.flush()
            context.close(promise: nil)
        }
    }

    /// Nothing came for the idle timeout. A connection owed no answer gets GOAWAY
    /// `IdleTimeout` and closes; a request it left unfinished is dropped. One still owed an
    /// answer (a latency fault, a stall) is left open: the client waits on the emulator.
    private func closeIdle(_ context: ChannelHandlerContext) {
        guard answering.isEmpty, !closeScheduled else { return }
        incoming = [:]
        goAway(reason: APNSErrorReason.idleTimeout.rawValue, context)
    }

    // MARK: Answering

    /// A whole request arrived: refuse it after GOAWAY, or hand it to the handler.
    private func take(_ streamID: HTTP2StreamID) {
        guard let request = incoming.removeValue(forKey: streamID) else { return }
        if let last = goAwayLastStreamID, streamID > last {
            // A stream the client opened before it saw the GOAWAY, finished after it was sent:
            // never processed, as the GOAWAY said. (The batch test's faults reach this.)
            write(HTTP2Frame(streamID: streamID, payload: .rstStream(.refusedStream)))
            return
        }
        highestTaken = max(highestTaken, streamID)
        let wire = APNSWireRequest(
            method: request.fields.first(named: ":method") ?? "", path: request.fields.first(named: ":path") ?? "",
            headers: request.fields.filter { !$0.name.hasPrefix(":") }, body: request.body.map { Data($0.readableBytesView) } ?? Data())
        guard let context else { return }
        answering[streamID] = false
        shared.recordActiveStreams(answering.count)
        let reply = shared.handler(wire, &connectionState, context.eventLoop)
        if !streamLimitRaised, connectionState.providerToken != nil {
            // As APNs does for token authentication: more streams once the provider is known.
            streamLimitRaised = true
            shared.unproven.prove(context.channel)
            let limit = HTTP2Setting(parameter: .maxConcurrentStreams, value: shared.maximumConcurrentStreams)
            write(HTTP2Frame(streamID: .rootStream, payload: .settings(.settings([limit]))))
        }
        // At once when the answer is known already; else on this loop, once it is.
        reply.assumeIsolated().whenComplete { [self] result in
            // The handler's future never fails; were it to, the stream is reset unanswered.
            let answer = (try? result.get()) ?? HTTP2Server.Answer(response: APNSWireResponse(status: 500, headers: [], body: Data()), fault: .resetStream)
            answered(answer, on: streamID)
        }
    }

    /// The handler's answer for a stream is known.
    private func answered(_ answer: HTTP2Server.Answer, on streamID: HTTP2StreamID) {
        guard answering[streamID] != nil, let context else {
            // The client reset the stream or the connection ended while the handler worked.
            if answer.isAcceptance { shared.recordLostAnswers(1) }
            return
        }
        answering[streamID] = answer.isAcceptance
        if let delay = answer.delay {
            context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(delay.clampedToLongestWait)) { [self] in respond(answer, on: streamID) }
        } else {
            respond(answer, on: streamID)
        }
    }

    private func respond(_ answer: HTTP2Server.Answer, on streamID: HTTP2StreamID) {
        guard let context, answering[streamID] != nil else { return }  // reset by the client meanwhile
        switch answer.fault {
        case .stallAfterHeaders:
            // The stream stays in `answering` until the client resets it.
            write(HTTP2Frame(streamID: streamID, payload: .headers(.init(headers: answer.response.headerBlock))))
            return
        case .closeConnection:
            // Every unanswered stream, this one included, is counted lost when the connection ends.
            guard !closeScheduled else { return }
            closeScheduled = true
            closeAfterWrites(context)
            return
        case nil, .resetStream, .goAway:
            break
        }
        // Out of `answering` before the stream's last frame: NIOHTTP2 reports the stream
        // closed from within that write.
        answering.removeValue(forKey: streamID)
        switch answer.fault {
        case nil:
            let headers = answer.response.headerBlock
            if answer.response.body.isEmpty {
                write(HTTP2Frame(streamID: streamID, payload: .headers(.init(headers: headers, endStream: true))))
            } else {
                write(HTTP2Frame(streamID: streamID, payload: .headers(.init(headers: headers))))
                let body = context.channel.allocator.buffer(bytes: answer.response.body)
                write(HTTP2Frame(streamID: streamID, payload: .data(.init(data: .byteBuffer(body), endStream: true))))
            }
            if answer.isAcceptance {
                // Written is not yet out: a connection that closes first loses it.
                lastWrite?.assumeIsolated().whenFailure { [shared] _ in shared.recordLostAnswers(1) }
            }
        case .resetStream:
            write(HTTP2Frame(streamID: streamID, payload: .rstStream(.internalError)))
            if answer.isAcceptance { shared.recordLostAnswers(1) }
        case .goAway(let reason):
            // Every stream already taken is still answered; this one is refused, and so is every later one.
            let last = goAwayLastStreamID ?? highestTaken
            goAwayLastStreamID = last
            logger.debug("GOAWAY sent", metadata: ["apns.reason": "\(reason)", "http2.last-stream": "\(Int(last))"])
            write(HTTP2Server.goAwayFrame(lastStreamID: last, reason: reason))
            write(HTTP2Frame(streamID: streamID, payload: .rstStream(.refusedStream)))
        case .stallAfterHeaders, .closeConnection:
            break  // handled above
        }
        closeIfDrained()
    }

    /// After GOAWAY, closes the connection once nothing is left to answer on it, as APNs does
    /// (a client might otherwise keep an idle connection that will never be used).
    private func closeIfDrained() {
        guard let last = goAwayLastStreamID, answering.isEmpty, incoming.keys.allSatisfy({ $0 > last }), !closeScheduled, let context
        else { return }
        closeScheduled = true
        closeAfterWrites(context)
    }

    /// Writes a frame through the writer (flushed at the end of this tick), remembering the
    /// write so that a close can wait for it.
    private func write(_ frame: HTTP2Frame) {
        guard let context, let writer else { return }
        let written = context.eventLoop.makePromise(of: Void.self)
        writer.write(frame, promise: written)
        lastWrite = written.futureResult
    }

    /// Closes once every frame written so far is out: flushed now, closed when the last write
    /// completes (or fails, as it does on a connection already gone). Writes complete in order,
    /// so the answers and the GOAWAY before it are out too. A close on a timer could overtake
    /// the end-of-tick flush on a loaded event loop, and NIOSSL's close_notify then went out
    /// ahead of them: the client saw a clean close with its requests unanswered and rightly
    /// sent them again.
    private func closeAfterWrites(_ context: ChannelHandlerContext) {
        context.flush()
        guard let lastWrite else {
            context.close(promise: nil)
            return
        }
        lastWrite.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}

extension HTTP2ServerConnectionHandler: NIOHTTP2FrameDelegate {
    /// Sees every frame NIOHTTP2 writes. The emulator's own GOAWAYs say NO_ERROR; one with an
    /// error code is NIOHTTP2's answer to a connection error, after which it leaves the
    /// connection open, so the handler closes it (on the next tick, outside NIOHTTP2's write).
    func wroteFrame(_ frame: HTTP2Frame) {
        guard case .goAway(_, let code, _) = frame.payload, code != .noError, let context else { return }
        context.eventLoop.assumeIsolated().execute {
            context.flush()  // the GOAWAY first
            context.close(promise: nil)
        }
    }
}
