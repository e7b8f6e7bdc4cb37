@_spi(HeraldTools) import HeraldCore
import NIOCore
import NIOTLS

/// Closes a connection whose TLS handshake does not finish in time, or does not agree on
/// HTTP/2: APNs speaks nothing else.
///
/// The time runs from when the connection is taken in, so a peer that connects and sends
/// nothing, or only part of a handshake, is closed. The server offers only `h2`; BoringSSL
/// still completes a handshake with a client that offers something else or nothing, so that
/// refusal comes right after it, before any request. Once the handshake is done, the guard
/// leaves the pipeline.
final class TLSHandshakeGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let timeout: TimeAmount
    private var deadline: Scheduled<Void>?

    /// - Parameter timeout: how long the handshake may take.
    init(timeout: Duration) {
        self.timeout = TimeAmount(timeout.clampedToLongestWait)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
            context.close(promise: nil)
        }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
        deadline = nil
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent {
            deadline?.cancel()
            deadline = nil
            guard negotiated == "h2" else {
                context.close(promise: nil)
                return
            }
            context.pipeline.syncOperations.removeHandler(self, promise: nil)  // nothing more to watch
        }
        context.fireUserInboundEventTriggered(event)
    }
}
