import NIOHTTP2

/// Why an attempt got no whole answer from APNs, and so whether it may have been delivered.
///
/// A failed delivery keeps the last one (``APNSFailure/Cause/transport(_:)``), and its
/// ``APNSFailure/message`` says it after "no answer: " or "not sent: ". What the client does
/// next depends on ``mayHaveBeenProcessed``.
public enum APNSTransportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The connection was closing or closed before the request went out: it was never sent.
    case connectionUnavailable
    /// The request never went out whole (still waiting for a stream, or its last byte not yet
    /// written) when its stream or connection ended, for the reason given.
    case notWritten(String)
    /// The request waited longer than the client's limit for a free stream, and never went out.
    case noFreeStream(waited: Duration)
    /// The connection could not be opened (TCP, or TLS for a reason that may pass).
    case connectFailed(String)
    /// The server answered the connection but cannot be APNs for this client, whatever is
    /// tried again: it speaks no TLS, its certificate is not trusted or not for the host, or
    /// it does not speak HTTP/2.
    case unusableServer(String)
    /// The connection closed while the answer was awaited.
    case connectionClosed(String?)
    /// GOAWAY said the stream was not processed: safe to send again.
    case refusedByGoAway
    /// The stream ended without a whole answer: RST_STREAM from the server with its HTTP/2
    /// error code, or a stream error; `nil` when none was given. REFUSED_STREAM (7) says the
    /// server did not process it.
    case streamClosed(http2ErrorCode: Int?)
    /// No whole answer came before the attempt's deadline.
    case deadlineExceeded
    /// The answer's body was larger than any APNs answer.
    case responseTooLarge(limit: Int)
    /// The client was shut down.
    case shutDown

    /// The stream ended with `code`.
    static func streamClosed(_ code: HTTP2ErrorCode?) -> Self {
        .streamClosed(http2ErrorCode: code?.networkCode)
    }

    /// Whether the server said, with REFUSED_STREAM, that it did not process the stream.
    private var isRefusedStream: Bool {
        self == .streamClosed(.refusedStream)
    }

    /// Whether APNs may have taken the notification: the request went out whole and its answer
    /// was lost. Such an attempt may have reached the device, and sending it again may show it
    /// twice unless it carries an `apns-collapse-id`.
    public var mayHaveBeenProcessed: Bool {
        switch self {
        case .connectionClosed, .deadlineExceeded, .responseTooLarge: true
        case .streamClosed: !isRefusedStream
        case .connectionUnavailable, .notWritten, .noFreeStream, .connectFailed, .unusableServer, .refusedByGoAway, .shutDown: false
        }
    }

    /// Whether the request can go again at once on another connection: it never reached APNs
    /// because of the connection it was given, not because of the server or the client's limits.
    var isResendableAtOnce: Bool {
        switch self {
        case .connectionUnavailable, .notWritten, .refusedByGoAway: true
        case .streamClosed: isRefusedStream
        case .noFreeStream, .connectFailed, .unusableServer, .connectionClosed, .deadlineExceeded, .responseTooLarge, .shutDown: false
        }
    }

    /// Whether trying again later cannot help: nothing can be sent (the client was shut down),
    /// the server answers as no APNs does or cannot be reached as APNs, or waiting for a
    /// stream longer would not free one.
    public var isPermanent: Bool {
        switch self {
        case .shutDown, .responseTooLarge, .noFreeStream, .unusableServer: true
        case .connectionUnavailable, .notWritten, .connectFailed, .connectionClosed, .refusedByGoAway, .streamClosed, .deadlineExceeded: false
        }
    }

    /// What happened, in one line for a person.
    public var description: String {
        switch self {
        case .connectionUnavailable: "the connection was closing"
        case .notWritten(let why): "the request never went out whole: \(why)"
        case .noFreeStream(let waited): "no free HTTP/2 stream within \(Self.seconds(waited))"
        case .connectFailed(let why): "could not connect: \(why)"
        case .unusableServer(let why): why
        case .connectionClosed(let why?): "the connection closed: \(why)"
        case .connectionClosed(nil): "the connection closed"
        case .refusedByGoAway: "GOAWAY: the server did not process the request"
        case .streamClosed where isRefusedStream: "the server refused the stream (REFUSED_STREAM) without processing it"
        case .streamClosed(let code?): "the stream was reset (\(HTTP2ErrorCode(networkCode: code)))"
        case .streamClosed(nil): "the stream ended without an answer"
        case .deadlineExceeded: "the attempt's deadline passed (the request timeout)"
        case .responseTooLarge(let limit): "the answer was larger than \(limit) bytes"
        case .shutDown: "the client was shut down"
        }
    }

    private static func seconds(_ time: Duration) -> String {
        let milliseconds = time.components.seconds * 1000 + time.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
