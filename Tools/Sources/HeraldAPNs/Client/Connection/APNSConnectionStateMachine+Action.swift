import NIOCore
import NIOHTTP2

extension APNSConnectionStateMachine {
    /// What the handler does when a request is handed to the connection.
    enum SendAction {
        /// Write the request on a new stream `streamID`: HEADERS, then DATA with END_STREAM, and
        /// report whether its last byte was written (``requestWritten(on:)`` or
        /// ``requestNotWritten(on:why:)``). Before writing, set the deadline timer for
        /// `deadlineTimer` if given, and tell the pool the connection takes no more requests if
        /// `stopTakingRequests` (its stream ids ran out).
        case write(HTTP2StreamID, deadlineTimer: NIODeadline?, stopTakingRequests: Bool)
        /// The connection takes no requests (not ready yet, going away or closed): fail the
        /// request at once with ``APNSTransportError/connectionUnavailable``; it was never sent.
        case refuse
    }

    /// What the handler does after an event that ends at most one exchange.
    enum Action {
        /// Nothing.
        case none
        /// Set the deadline timer to fire at this time, replacing the one set.
        case setDeadlineTimer(NIODeadline)
        /// End one exchange as `Ending` says; then close the connection if `closeConnection`
        /// (it was going away and this was its last exchange).
        case end(Ending, closeConnection: Bool)
        /// The connection can carry requests: succeed the promise that waits for it.
        case succeedReady
        /// The connection will not become ready: fail the promise that waits for it with this
        /// error, then close the connection if `closeConnection`.
        case failReady(any Error, closeConnection: Bool)
    }

    /// How one exchange ends.
    struct Ending {
        /// Who is told.
        let waiter: Waiter
        /// The whole answer, or why there is none.
        let result: Result<APNSWireResponse, APNSTransportError>
        /// The stream to reset with CANCEL, if the channel is still open: the server (or
        /// the connection's queue of streams waiting for a slot) is told the request is dropped.
        let resetStream: HTTP2StreamID?
    }

    /// What the handler does after an event that may end many exchanges and the connection
    /// (GOAWAY, the deadline timer, a connection error, the channel's end), in this order.
    struct Settlement {
        /// How the deadline timer changes, if it does.
        enum TimerChange: Equatable {
            /// Set it to fire at this time, replacing the one set.
            case set(NIODeadline)
            /// Cancel it.
            case cancel
        }

        /// 1. How the deadline timer changes.
        var deadlineTimer: TimerChange?
        /// 2. Fail the promise that waits for the connection to be ready with this error.
        var readyFailure: APNSTransportError?
        /// 3. Why the connection is abandoned, to note in the log.
        var abandonReason: String?
        /// 4. Tell the pool the connection takes no more requests.
        var stopTakingRequests = false
        /// 5. End these exchanges, in this order.
        var endings: [Ending] = []
        /// 6. Close the connection.
        var closeConnection = false
    }
}

extension APNSConnectionStateMachine.Ending {
    /// `exchange` ends for `error`, as ``APNSExchange/failure(_:)`` tells it.
    init(_ exchange: APNSExchange<Waiter>, failing error: APNSTransportError, resetStream: HTTP2StreamID?) {
        self.init(waiter: exchange.waiter, result: .failure(exchange.failure(error)), resetStream: resetStream)
    }
}
