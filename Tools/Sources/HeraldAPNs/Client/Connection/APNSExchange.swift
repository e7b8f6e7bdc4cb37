import Foundation
import NIOCore

/// One request on its HTTP/2 stream, from when it is handed to the connection until its whole
/// answer is read: its deadline, whether it went out, and the answer as its frames arrive.
///
/// A value inside ``APNSConnectionStateMachine``'s table; `Waiter` is whoever is told how the
/// exchange ended (a continuation in the client, anything in tests).
struct APNSExchange<Waiter> {
    /// What an answer frame did to the exchange.
    enum Progress {
        /// More of the answer is to come.
        case incomplete
        /// The answer is whole: the exchange ends with it.
        case answered(APNSWireResponse)
        /// The answer broke the protocol or a limit: the exchange ends with this error and its
        /// stream is reset.
        case broken(APNSTransportError)
    }

    /// The answer's headers as they arrive. First: an array's pointer gives `Optional<APNSExchange>`
    /// its `nil` (the connection's table tests a slot for `nil` several times per request), where
    /// the waiter, a multi-payload enum, made every test a call into the runtime.
    private var headers: [APNSHeader] = []
    /// Told how the exchange ended.
    let waiter: Waiter
    /// How long the answer may take once the HEADERS went out.
    let timeout: TimeAmount
    /// When the request was handed to the connection.
    let queuedAt: NIODeadline
    /// Until the HEADERS go out, the end of the wait for a stream; then the answer's deadline.
    private(set) var deadline: NIODeadline
    /// When the HEADERS went out; `nil` while the connection holds it for a free stream.
    private(set) var sentAt: NIODeadline?
    /// Whether the request's last byte was handed to the socket.
    private(set) var isWritten = false
    private var status: Int?
    private var body: ByteBuffer?

    /// - Parameters:
    ///   - waiter: told how the exchange ended.
    ///   - timeout: how long the answer may take once the HEADERS went out.
    ///   - queuedAt: now.
    ///   - streamWaitDeadline: when to give up if the HEADERS have not gone out by then.
    init(waiter: Waiter, timeout: TimeAmount, queuedAt: NIODeadline, streamWaitDeadline: NIODeadline) {
        self.waiter = waiter
        self.timeout = timeout
        self.queuedAt = queuedAt
        self.deadline = streamWaitDeadline
    }

    /// The HEADERS went out at `now`: the answer's deadline starts.
    ///
    /// - Returns: the new deadline, or `nil` if the HEADERS had gone out before.
    mutating func headersSent(at now: NIODeadline) -> NIODeadline? {
        guard sentAt == nil else { return nil }
        sentAt = now
        deadline = now + timeout
        return deadline
    }

    /// The request's last byte was written to the socket.
    mutating func requestWritten() {
        isWritten = true
    }

    /// A HEADERS frame of the answer: the status (informational ones are skipped) and then any
    /// trailers.
    mutating func receivedHeaders(_ block: HPACKResponseDecoder.Block, endStream: Bool) -> Progress {
        let status: Int
        if let known = self.status {
            status = known  // trailers
        } else {
            guard let first = block.status.flatMap(Int.init) else { return .broken(.streamClosed(.protocolError)) }
            if (100..<200).contains(first) {
                // Informational; the real answer follows, and may not end the stream (RFC 9113, section 8.1).
                return endStream ? .broken(.streamClosed(.protocolError)) : .incomplete
            }
            self.status = first
            status = first
        }
        if headers.isEmpty {
            headers = block.headers  // the answer's own headers: no copy
        } else {
            headers.append(contentsOf: block.headers)
        }
        return endStream ? answer(status) : .incomplete
    }

    /// A DATA frame of the answer; the body may not grow past `maximumBodyByteCount`.
    mutating func receivedData(_ chunk: ByteBuffer?, endStream: Bool, maximumBodyByteCount: Int) -> Progress {
        guard let status else { return .broken(.streamClosed(.protocolError)) }  // DATA before HEADERS
        if var chunk, chunk.readableBytes > 0 {
            guard (body?.readableBytes ?? 0) + chunk.readableBytes <= maximumBodyByteCount else {
                return .broken(.responseTooLarge(limit: maximumBodyByteCount))
            }
            if body == nil {
                body = chunk
            } else {
                body!.writeBuffer(&chunk)
            }
        }
        return endStream ? answer(status) : .incomplete
    }

    /// What the exchange ends with when it ends for `error`: a request that never went out whole
    /// cannot have been processed, so an error saying it may have been becomes
    /// ``APNSTransportError/notWritten(_:)``.
    func failure(_ error: APNSTransportError) -> APNSTransportError {
        isWritten || !error.mayHaveBeenProcessed ? error : .notWritten(error.description)
    }

    private func answer(_ status: Int) -> Progress {
        .answered(APNSWireResponse(status: status, headers: headers, body: body.map { Data($0.readableBytesView) } ?? Data()))
    }
}
