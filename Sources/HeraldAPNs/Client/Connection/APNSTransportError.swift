import NIOHTTP2

/// Why an attempt got no whole answer from APNs. The client retries every one of these like a
/// 5xx, and reports the last one in ``APNSFailure/message`` after "no answer: ".
enum APNSTransportError: Error, CustomStringConvertible {
    /// The connection was closing or closed before the request went out: it was never sent.
    case connectionUnavailable
    /// The connection could not be opened (TCP, TLS or ALPN).
    case connectFailed(String)
    /// The connection closed while the answer was awaited.
    case connectionClosed(String?)
    /// GOAWAY said the stream was not processed: safe to send again.
    case refusedByGoAway
    /// The stream ended without a whole answer: RST_STREAM from the server, or a stream error.
    case streamClosed(HTTP2ErrorCode?)
    /// No whole answer came before the attempt's deadline.
    case deadlineExceeded
    /// The answer's body was larger than any APNs answer.
    case responseTooLarge(limit: Int)
    /// The client was shut down.
    case shutDown

    var description: String {
        switch self {
        case .connectionUnavailable: "the connection was closing"
        case .connectFailed(let why): "could not connect: \(why)"
        case .connectionClosed(let why?): "the connection closed: \(why)"
        case .connectionClosed(nil): "the connection closed"
        case .refusedByGoAway: "GOAWAY: the server did not process the request"
        case .streamClosed(let code?): "the stream was reset (\(code))"
        case .streamClosed(nil): "the stream ended without an answer"
        case .deadlineExceeded: "no answer before the deadline"
        case .responseTooLarge(let limit): "the answer was larger than \(limit) bytes"
        case .shutDown: "the client was shut down"
        }
    }
}
