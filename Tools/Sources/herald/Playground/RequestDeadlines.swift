import NIOCore

/// Closes a playground connection that takes too long to send a request, or stays idle.
///
/// First in the pipeline, it sees every byte that arrives. A connection waiting for a request
/// may stay open for the idle timeout; from a request's first byte, its head and body must all
/// arrive within the read timeout (so a client that sends a byte now and then cannot hold the
/// connection either). While the playground works on the answer, there is no deadline here;
/// the server says when it has read a request whole (``RequestRead``) and when it has written
/// the answer (``Answered``), as outbound events.
///
/// Bound to the connection's event loop.
final class RequestDeadlines: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// The server has read a whole request: the read deadline is off while it answers.
    struct RequestRead: Sendable {}
    /// The server has written the answer: the connection waits for the next request.
    struct Answered: Sendable {}

    private enum Phase {
        case waiting
        case reading
        /// Whether bytes of the next request came meanwhile.
        case answering(nextBegun: Bool)
    }

    private let readTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private var phase = Phase.waiting
    private var deadline: Scheduled<Void>?

    /// - Parameters:
    ///   - readTimeout: from a request's first byte to its last.
    ///   - idleTimeout: how long a connection may wait for a request.
    init(readTimeout: Duration, idleTimeout: Duration) {
        self.readTimeout = TimeAmount(readTimeout)
        self.idleTimeout = TimeAmount(idleTimeout)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        closeAfter(idleTimeout, context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch phase {
        case .waiting:
            phase = .reading
            closeAfter(readTimeout, context)
        case .answering:
            phase = .answering(nextBegun: true)
        case .reading:
            break
        }
        context.fireChannelRead(data)
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        switch event {
        case is RequestRead:
            phase = .answering(nextBegun: false)
            deadline?.cancel()
            deadline = nil
        case is Answered:
            if case .answering(nextBegun: true) = phase {
                phase = .reading
                closeAfter(readTimeout, context)
            } else {
                phase = .waiting
                closeAfter(idleTimeout, context)
            }
        default:
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        promise?.succeed()
    }

    private func closeAfter(_ timeout: TimeAmount, _ context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }
}
