import NIOCore

/// Gathers the bytes written between two flushes into one buffer before they reach NIOSSL, so
/// that a flush's frames are encrypted as few TLS records (up to 16 KB each) instead of one or
/// more per write: NIOHTTP2 writes a DATA frame's header and payload apart, so a request
/// was three records, where h2load sends many requests in one.
///
/// Sits between `NIOSSLHandler` and `NIOHTTP2Handler` on the emulator's connections (the
/// client writes each tick's frames as one buffer itself). Every write's promise completes when
/// the combined buffer is written, or fails if the connection closes before the flush.
final class TLSRecordCoalescer: ChannelOutboundHandler, RemovableChannelHandler {
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    private var pending: ByteBuffer?
    /// Completed with the combined write; every gathered write's promise follows it.
    private var written: EventLoopPromise<Void>?

    init() {}

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .byteBuffer(var bytes) = unwrapOutboundIn(data) else {
            // A file region cannot be gathered: what came before goes first, in order.
            writePending(context)
            context.write(data, promise: promise)
            return
        }
        if pending == nil {
            pending = bytes
        } else {
            pending!.writeBuffer(&bytes)
        }
        if let promise {
            if written == nil { written = context.eventLoop.makePromise(of: Void.self) }
            written!.futureResult.cascade(to: promise)
        }
    }

    func flush(context: ChannelHandlerContext) {
        writePending(context)
        context.flush()
    }

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        failPending(ChannelError.ioOnClosedChannel)
        context.close(mode: mode, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        failPending(ChannelError.ioOnClosedChannel)
    }

    private func writePending(_ context: ChannelHandlerContext) {
        guard let bytes = pending else { return }
        let promise = written
        pending = nil
        written = nil
        context.write(wrapOutboundOut(.byteBuffer(bytes)), promise: promise)
    }

    private func failPending(_ error: any Error) {
        pending = nil
        let promise = written
        written = nil
        promise?.fail(error)
    }
}
