import NIOCore
import NIOHTTP2

/// The writing side of the emulator's `HTTP2ServerConnectionHandler`, which reads HTTP/2 frame
/// by frame under `NIOHTTP2Handler`, without per-stream channels.
///
/// - Frames written in one event-loop tick go out with one flush, so many requests or answers
///   share a TLS record and a `write`.
/// - The connection's receive window is given back, as NIOHTTP2's multiplexer would otherwise
///   do. Streams end long before their own window matters (APNs bodies are at most 5 KB), but
///   the connection's is shared by every stream and runs out after 64 KB. Its size comes from
///   NIOHTTP2's window events rather than from counting DATA frames, so frames NIOHTTP2 drops
///   (for a stream reset meanwhile) are given back too.
///
/// Bound to the connection's event loop; made in the handler's `handlerAdded`.
final class HTTP2FrameWriter {
    /// The connection window HTTP/2 starts with, and the one kept.
    static let targetWindow = 65_535

    private let context: ChannelHandlerContext
    private var flushScheduled = false
    /// A WINDOW_UPDATE due, written when the read that called for it is done.
    private var windowUpdateDue: HTTP2Frame?
    /// Whether a WINDOW_UPDATE is written and not yet out: NIOHTTP2 applies it only then, so
    /// its window events until then still show the low window, which must not be credited twice.
    private var windowUpdateInFlight = false

    /// - Parameter context: the handler's context, whose writes go through `NIOHTTP2Handler`.
    init(context: ChannelHandlerContext) {
        self.context = context
    }

    /// Writes a frame; it goes out with the one flush at the end of this event-loop tick.
    ///
    /// - Parameters:
    ///   - frame: the frame.
    ///   - promise: completed when the frame is written, or fails.
    func write(_ frame: HTTP2Frame, promise: EventLoopPromise<Void>? = nil) {
        context.write(NIOAny(frame), promise: promise)
        guard !flushScheduled else { return }
        flushScheduled = true
        context.eventLoop.assumeIsolated().execute { [self] in
            flushScheduled = false
            context.flush()
        }
    }

    /// Notes a window event (from `userInboundEventTriggered`): once half the connection's
    /// window is used, an update that refills it to ``targetWindow`` is due.
    ///
    /// - Parameter event: any window event; only the connection's own (stream 0) counts.
    func observe(_ event: NIOHTTP2WindowUpdatedEvent) {
        guard !windowUpdateInFlight, event.streamID == .rootStream, let window = event.inboundWindowSize, window <= Self.targetWindow / 2
        else { return }
        windowUpdateDue = HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: Self.targetWindow - window))
    }

    /// Writes the WINDOW_UPDATE due, if any. Called from `channelReadComplete`: written during
    /// the read, NIOHTTP2 would deliver a stream's close before the stream's last frame.
    func readComplete() {
        guard let update = windowUpdateDue else { return }
        windowUpdateDue = nil
        windowUpdateInFlight = true
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in windowUpdateInFlight = false }
        write(update, promise: written)
    }
}
