import NIOCore
import NIOTLS

/// Closes a connection whose TLS handshake did not agree on HTTP/2: APNs speaks nothing else.
///
/// The server offers only `h2`; BoringSSL still completes a handshake with a client that
/// offers something else or nothing, so the refusal comes right after it, before any request.
final class ALPNGuard: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent {
            guard negotiated == "h2" else {
                context.close(promise: nil)
                return
            }
            context.pipeline.syncOperations.removeHandler(self, promise: nil)  // nothing more to watch
        }
        context.fireUserInboundEventTriggered(event)
    }
}
