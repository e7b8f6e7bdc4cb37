import NIOCore
import NIOHTTP2

/// The HTTP/2 exchanges of one APNs connection as a value: which requests wait for a stream
/// and which are in flight on which stream, their deadlines, and how each ends.
///
/// `APNSStreamHandler` tells it every event (a frame in, a frame out, a timer, the channel's
/// end), with the time when the time matters, and performs the actions each event returns. It
/// does no I/O and owns no timer, so every transition is tested without a channel.
///
/// - A request is one stream. Its deadline is the end of the wait for a stream until its
///   HEADERS go out, then the end of the wait for the answer.
/// - Every exchange ends exactly once: with its whole answer, or with an
///   ``APNSTransportError``. An exchange whose request never went out whole ends as
///   ``APNSTransportError/notWritten(_:)`` whatever ended it: APNs cannot have taken it, so it
///   may go again at once.
/// - After GOAWAY (or when the stream ids run out) the connection takes no new requests and
///   closes once its last exchange ends.
///
/// `Waiter` is whoever is told how an exchange ended: a continuation in the client.
struct APNSConnectionStateMachine<Waiter> {
    private enum State: Equatable {
        /// Waiting for TLS to finish with ALPN `h2` and for the server's SETTINGS, so that its
        /// stream limit is known before the first request.
        case connecting(handshakeDone: Bool, settingsReceived: Bool)
        case open
        /// GOAWAY came (or stream ids ran out): no new streams; closes once the last answer is in.
        case draining
        /// The handler was told to close; the channel's end is still to come.
        case closing
        case closed
    }

    /// `host[:port]`, for the message when the server does not speak HTTP/2.
    private let authority: String
    private let maximumBodyByteCount: Int
    /// The largest client stream id; past it the connection must be replaced.
    private let lastStreamID: HTTP2StreamID
    private var state = State.connecting(handshakeDone: false, settingsReceived: false)
    private var exchanges = StreamTable<APNSExchange<Waiter>>()
    private var nextStreamID = HTTP2StreamID(1)
    /// When the deadline timer is set to fire; `nil` when none is set. One timer serves every
    /// exchange, set for the earliest deadline: a timer per request costs a heap insertion and
    /// a linear search to cancel it.
    private var deadlineTimer: NIODeadline?
    /// When the server last sent anything: a connection silent for a whole request's timeout
    /// is presumed dead (a peer or middlebox gone without a word) and replaced.
    private var lastReadAt: NIODeadline
    /// What ended the connection, for the message of the requests it fails.
    private(set) var closeReason: String?

    /// - Parameters:
    ///   - authority: `host[:port]`, for messages.
    ///   - maximumBodyByteCount: the largest answer body read.
    ///   - lastStreamID: the largest client stream id (2^31 - 1 in HTTP/2); a connection that
    ///     used it takes no more requests.
    ///   - now: the time the connection was opened, as if the server had just spoken.
    init(authority: String, maximumBodyByteCount: Int, lastStreamID: HTTP2StreamID = .maxID, now: NIODeadline) {
        self.authority = authority
        self.maximumBodyByteCount = maximumBodyByteCount
        self.lastStreamID = lastStreamID
        self.lastReadAt = now
    }

    /// How many exchanges have not ended yet.
    var unanswered: Int { exchanges.count }

    // MARK: Connecting

    /// TLS finished, having agreed on `negotiatedProtocol` by ALPN.
    mutating func handshakeCompleted(negotiatedProtocol: String?) -> Action {
        guard case .connecting(_, let settingsReceived) = state else { return .none }
        guard negotiatedProtocol == "h2" else {
            state = .closing
            let chose = negotiatedProtocol.map { "chose \($0)" } ?? "chose no protocol"
            let error = APNSTransportError.unusableServer("\(authority) does not speak HTTP/2: its TLS handshake \(chose) when asked for h2 (ALPN)")
            return .failReady(error, closeConnection: true)
        }
        return becomeReady(handshakeDone: true, settingsReceived: settingsReceived)
    }

    /// The server's SETTINGS came.
    mutating func settingsReceived() -> Action {
        guard case .connecting(let handshakeDone, _) = state else { return .none }
        return becomeReady(handshakeDone: handshakeDone, settingsReceived: true)
    }

    private mutating func becomeReady(handshakeDone: Bool, settingsReceived: Bool) -> Action {
        guard handshakeDone, settingsReceived else {
            state = .connecting(handshakeDone: handshakeDone, settingsReceived: settingsReceived)
            return .none
        }
        state = .open
        return .succeedReady
    }

    /// An error went through the pipeline. Nothing ends here: a stream error ends only its
    /// stream (the server resets it, and ``streamClosed(_:reason:)`` follows), and NIOSSL closes
    /// on a TLS error. The first error explains what fails next.
    mutating func errorCaught(_ error: any Error) -> Action {
        closeReason = closeReason ?? "\(error)"
        guard case .connecting = state else { return .none }
        return .failReady(error, closeConnection: false)  // APNSConnection.connect says what it means
    }

    // MARK: Sending

    /// A request is handed to the connection.
    ///
    /// - Parameters:
    ///   - waiter: told how the exchange ends (unless it is refused).
    ///   - timeout: how long the answer may take once the HEADERS went out.
    ///   - streamWaitDeadline: when to give up if the HEADERS have not gone out by then.
    ///   - now: the time.
    mutating func send(_ waiter: Waiter, timeout: TimeAmount, streamWaitDeadline: NIODeadline, now: NIODeadline) -> SendAction {
        guard case .open = state else { return .refuse }
        let streamID = nextStreamID
        let idsRanOut = streamID >= lastStreamID.advanced(by: -1)
        if idsRanOut {
            state = .draining  // a connection carries 2^30 requests; the pool opens another
        } else {
            nextStreamID = streamID.advanced(by: 2)
        }
        exchanges[streamID] = APNSExchange(waiter: waiter, timeout: timeout, queuedAt: now, streamWaitDeadline: streamWaitDeadline)
        return .write(streamID, deadlineTimer: deadlineTimer(for: streamWaitDeadline), stopTakingRequests: idsRanOut)
    }

    /// The request's HEADERS went out at `now` (the connection held them until the server's stream
    /// limit allowed): its answer's deadline starts.
    mutating func headersSent(on streamID: HTTP2StreamID, now: NIODeadline) -> Action {
        guard let deadline = exchanges.change(streamID, { $0.headersSent(at: now) }) ?? nil, let timer = deadlineTimer(for: deadline) else { return .none }
        return .setDeadlineTimer(timer)
    }

    /// The request's last byte was handed to the socket.
    mutating func requestWritten(on streamID: HTTP2StreamID) {
        exchanges.change(streamID) { $0.requestWritten() }
    }

    /// The request's last byte could not be written, for `why`.
    mutating func requestNotWritten(on streamID: HTTP2StreamID, why: String) -> Action {
        end(streamID, failing: .notWritten(why), reset: false)
    }

    // MARK: Receiving

    /// A HEADERS frame came on `streamID`.
    mutating func receivedHeaders(_ block: HPACKResponseDecoder.Block, endStream: Bool, on streamID: HTTP2StreamID) -> Action {
        guard let progress = exchanges.change(streamID, { $0.receivedHeaders(block, endStream: endStream) }) else { return .none }
        return advance(streamID, progress)
    }

    /// A DATA frame came on `streamID`; `chunk` is its payload.
    mutating func receivedData(_ chunk: ByteBuffer?, endStream: Bool, on streamID: HTTP2StreamID) -> Action {
        let limit = maximumBodyByteCount
        guard let progress = exchanges.change(streamID, { $0.receivedData(chunk, endStream: endStream, maximumBodyByteCount: limit) }) else { return .none }
        return advance(streamID, progress)
    }

    /// The server read what it could at `now`, whether or not any frame reached this machine.
    mutating func readCompleted(at now: NIODeadline) {
        lastReadAt = now
    }

    /// The server sent GOAWAY: streams above `lastStreamID` were not processed and end as
    /// ``APNSTransportError/refusedByGoAway``; those below it are still answered. (The handler
    /// ends those still waiting for a free stream as not written.)
    ///
    /// - Parameter reason: the code and debug data, the connection's close reason from now.
    mutating func receivedGoAway(lastStreamID: HTTP2StreamID, reason: String) -> Settlement {
        closeReason = reason
        var settlement = Settlement(stopTakingRequests: stopTakingRequests())
        settlement.endings = endAll(where: { $0 > lastStreamID }, failing: .refusedByGoAway)
        settlement.closeConnection = closeIfDrained()
        return settlement
    }

    /// The server closed `streamID` before its whole answer: the exchange on it got none.
    /// `reason` is the reset's code, if it was reset.
    mutating func streamClosed(_ streamID: HTTP2StreamID, reason: HTTP2ErrorCode?) -> Action {
        end(streamID, failing: .streamClosed(reason), reset: false)
    }

    // MARK: Ending

    /// The deadline timer fired at `now`: every exchange past its deadline ends, and the timer
    /// is set for the next deadline. When the server sent nothing at all since an expired
    /// request went out, the connection is abandoned, so the pool opens another instead of
    /// sending more into silence.
    mutating func deadlineTimerFired(now: NIODeadline) -> Settlement {
        deadlineTimer = nil
        var expired: [(streamID: HTTP2StreamID, sentAt: NIODeadline?)] = []
        var earliest: NIODeadline?
        var silentSince: NIODeadline?
        for (streamID, exchange) in exchanges.elements {
            if exchange.deadline > now {
                earliest = min(earliest ?? exchange.deadline, exchange.deadline)
                continue
            }
            expired.append((streamID, exchange.sentAt))
            if let sentAt = exchange.sentAt, lastReadAt < sentAt { silentSince = min(silentSince ?? sentAt, sentAt) }
        }
        // Those still waiting for a stream first: their resets take them out of the connection's queue
        // before the resets of sent ones free streams that the queue would give them.
        expired.sort { ($0.sentAt == nil) == ($1.sentAt == nil) ? $0.streamID < $1.streamID : $0.sentAt == nil }
        var settlement = Settlement()
        for (streamID, sentAt) in expired {
            let exchange = exchanges.removeValue(forKey: streamID)!
            let error = sentAt == nil ? APNSTransportError.noFreeStream(waited: Duration(now - exchange.queuedAt)) : .deadlineExceeded
            settlement.endings.append(Ending(exchange, failing: error, resetStream: streamID))
        }
        if let silentSince {
            let milliseconds = (now - silentSince).nanoseconds / 1_000_000
            abandon("the server sent nothing for \(milliseconds) ms; the connection is presumed dead", into: &settlement)
        } else {
            settlement.deadlineTimer = earliest.map { .set($0) }
            deadlineTimer = earliest
            settlement.closeConnection = closeIfDrained()
        }
        return settlement
    }

    /// The server broke HTTP/2 (the handler wrote a GOAWAY saying how): the connection ends now.
    mutating func connectionErrorSent(_ error: HTTP2ConnectionError) -> Settlement {
        var settlement = Settlement()
        abandon("HTTP/2 connection error in what the server sent: \(error)", into: &settlement)
        return settlement
    }

    /// The channel closed: every exchange still here ends as
    /// ``APNSTransportError/connectionClosed(_:)``, and so does the wait for the connection to
    /// be ready.
    mutating func channelInactive() -> Settlement {
        var settlement = Settlement(stopTakingRequests: state != .closed)
        if case .connecting = state {
            settlement.readyFailure = .connectFailed(closeReason ?? "the connection closed during the handshake")
        }
        state = .closed
        settlement.endings = endAll(where: { _ in true }, failing: .connectionClosed(closeReason))
        if deadlineTimer != nil {
            deadlineTimer = nil
            settlement.deadlineTimer = .cancel
        }
        return settlement
    }

    /// Ends the connection now, unless it is already ending: every exchange still here fails at
    /// once (a TLS close may take a while to reach ``channelInactive()``).
    private mutating func abandon(_ reason: String, into settlement: inout Settlement) {
        guard state != .closing, state != .closed else { return }
        closeReason = reason
        settlement.abandonReason = reason
        if case .connecting = state { settlement.readyFailure = .connectFailed(reason) }
        settlement.stopTakingRequests = stopTakingRequests()
        settlement.endings += endAll(where: { _ in true }, failing: .connectionClosed(reason))
        state = .closing
        settlement.closeConnection = true
    }

    // MARK: Helpers

    /// Records that the deadline timer must fire by `deadline`.
    ///
    /// - Returns: when to set it, or `nil` if it is set for then or earlier already.
    private mutating func deadlineTimer(for deadline: NIODeadline) -> NIODeadline? {
        if let deadlineTimer, deadlineTimer <= deadline { return nil }
        deadlineTimer = deadline
        return deadline
    }

    private mutating func advance(_ streamID: HTTP2StreamID, _ progress: APNSExchange<Waiter>.Progress) -> Action {
        switch progress {
        case .incomplete:
            return .none
        case .answered(let response):
            let exchange = exchanges.removeValue(forKey: streamID)!
            return .end(Ending(waiter: exchange.waiter, result: .success(response), resetStream: nil), closeConnection: closeIfDrained())
        case .broken(let error):
            return end(streamID, failing: error, reset: true)
        }
    }

    /// Ends the exchange on `streamID`, if it has not ended yet, with `error`; `reset` also
    /// tells the server (or the connection's queue of streams waiting for a slot) it is dropped.
    private mutating func end(_ streamID: HTTP2StreamID, failing error: APNSTransportError, reset: Bool) -> Action {
        guard let exchange = exchanges.removeValue(forKey: streamID) else { return .none }
        return .end(Ending(exchange, failing: error, resetStream: reset ? streamID : nil), closeConnection: closeIfDrained())
    }

    /// Ends every exchange whose stream id passes `isIncluded`, in stream order, with `error`.
    private mutating func endAll(where isIncluded: (HTTP2StreamID) -> Bool, failing error: APNSTransportError) -> [Ending] {
        exchanges.keys.filter(isIncluded).map { streamID in
            let exchange = exchanges.removeValue(forKey: streamID)!
            return Ending(exchange, failing: error, resetStream: nil)
        }
    }

    /// Takes no new streams from now on.
    ///
    /// - Returns: whether the connection took requests until now, and so the pool must be told.
    private mutating func stopTakingRequests() -> Bool {
        guard state == .open else { return false }
        state = .draining
        return true
    }

    /// - Returns: whether the connection must close now: it was draining and its last exchange
    ///   ended.
    private mutating func closeIfDrained() -> Bool {
        guard state == .draining, exchanges.isEmpty else { return false }
        state = .closing
        return true
    }
}
