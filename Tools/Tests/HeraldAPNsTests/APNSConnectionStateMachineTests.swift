import Foundation
@testable import HeraldAPNs
import NIOCore
import NIOHTTP2
import Testing

/// The connection's exchanges without a channel: each event and the actions it returns. The
/// waiters are request numbers; the times are fixed values, never the clock's.
@Suite struct APNSConnectionStateMachineTests {
    typealias Machine = APNSConnectionStateMachine<Int>

    /// How an exchange ended, comparable: an error by its description, which names its case and
    /// what it carries.
    enum Outcome: Equatable, CustomStringConvertible {
        case answered(Int, APNSWireResponse)
        case failure(Int, String, reset: HTTP2StreamID?)

        static func failed(_ waiter: Int, _ error: APNSTransportError, reset: HTTP2StreamID? = nil) -> Outcome {
            .failure(waiter, error.description, reset: reset)
        }

        init(_ ending: Machine.Ending) {
            switch ending.result {
            case .success(let response): self = .answered(ending.waiter, response)
            case .failure(let error): self = .failure(ending.waiter, error.description, reset: ending.resetStream)
            }
        }

        var description: String {
            switch self {
            case .answered(let waiter, let response): "#\(waiter) answered \(response.status)"
            case .failure(let waiter, let why, let reset): "#\(waiter) failed: \(why)" + (reset.map { ", reset \(Int($0))" } ?? "")
            }
        }
    }

    static let opened = NIODeadline.uptimeNanoseconds(1_000_000_000)
    static let timeout = TimeAmount.seconds(10)
    /// Far enough that no test reaches it unless it means to.
    static let streamWait = opened + .seconds(60)
    static let ok = HPACKResponseDecoder.Block(status: "200", headers: [APNSHeader("apns-id", "a1")])

    static func at(_ milliseconds: Int64) -> NIODeadline { opened + .milliseconds(milliseconds) }

    static func open(lastStreamID: HTTP2StreamID = .maxID) -> Machine {
        var machine = Machine(authority: "api.example:443", maximumBodyByteCount: 8, lastStreamID: lastStreamID, now: opened)
        _ = machine.handshakeCompleted(negotiatedProtocol: "h2")
        _ = machine.settingsReceived()
        return machine
    }

    /// Hands request `waiter` over and returns its stream.
    static func send(_ machine: inout Machine, _ waiter: Int, streamWait: NIODeadline = streamWait, at now: NIODeadline = opened) throws -> HTTP2StreamID {
        guard case .write(let streamID, _, _) = machine.send(waiter, timeout: timeout, streamWaitDeadline: streamWait, now: now) else {
            throw Refused()
        }
        return streamID
    }

    struct Refused: Error {}

    /// Sends request `waiter`, its HEADERS go out at `sentAt` and all of it is written.
    static func sendWhole(_ machine: inout Machine, _ waiter: Int, sentAt: NIODeadline = opened) throws -> HTTP2StreamID {
        let streamID = try send(&machine, waiter, at: sentAt)
        _ = machine.headersSent(on: streamID, now: sentAt)
        machine.requestWritten(on: streamID)
        return streamID
    }

    static func ended(_ action: Machine.Action) -> (Outcome, closeConnection: Bool)? {
        guard case .end(let ending, let closeConnection) = action else { return nil }
        return (Outcome(ending), closeConnection)
    }

    static func isNone(_ action: Machine.Action) -> Bool {
        if case .none = action { true } else { false }
    }

    // MARK: Connecting

    @Test(arguments: [true, false])
    func theConnectionIsReadyOnlyOnceTLSChoseH2AndTheServerSentItsSettings(settingsFirst: Bool) throws {
        var machine = Machine(authority: "api.example:443", maximumBodyByteCount: 8, now: Self.opened)
        guard case .refuse = machine.send(1, timeout: Self.timeout, streamWaitDeadline: Self.streamWait, now: Self.opened) else {
            Issue.record("a request was taken before the connection was ready")
            return
        }
        let first = settingsFirst ? machine.settingsReceived() : machine.handshakeCompleted(negotiatedProtocol: "h2")
        #expect(Self.isNone(first))
        let second = settingsFirst ? machine.handshakeCompleted(negotiatedProtocol: "h2") : machine.settingsReceived()
        guard case .succeedReady = second else {
            Issue.record("not ready: \(second)")
            return
        }
        #expect(try Self.send(&machine, 1) == 1)
        // Later SETTINGS change nothing.
        #expect(Self.isNone(machine.settingsReceived()))
    }

    @Test(arguments: [("http/1.1", "chose http/1.1"), (nil, "chose no protocol")] as [(String?, String)])
    func aServerThatDoesNotChooseH2IsUnusableAndTheConnectionCloses(negotiated: String?, says: String) {
        var machine = Machine(authority: "api.example:443", maximumBodyByteCount: 8, now: Self.opened)
        guard case .failReady(let error, closeConnection: true) = machine.handshakeCompleted(negotiatedProtocol: negotiated) else {
            Issue.record("the connection went on")
            return
        }
        #expect("\(error)" == APNSTransportError.unusableServer("api.example:443 does not speak HTTP/2: its TLS handshake \(says) when asked for h2 (ALPN)").description)
        #expect(Self.isNone(machine.settingsReceived()))  // never ready
        // The promise has failed already: the channel's end fails nothing more.
        let end = machine.channelInactive()
        #expect(end.readyFailure == nil)
        #expect(end.endings.isEmpty)
    }

    @Test func anErrorWhileConnectingFailsReadyAndTheFirstErrorIsTheCloseReason() {
        var machine = Machine(authority: "api.example:443", maximumBodyByteCount: 8, now: Self.opened)
        guard case .failReady(let error, closeConnection: false) = machine.errorCaught(ChannelError.eof) else {
            Issue.record("ready was not failed")
            return
        }
        #expect(error as? ChannelError == .eof)
        _ = machine.errorCaught(ChannelError.ioOnClosedChannel)
        #expect(machine.closeReason == "\(ChannelError.eof)")
        #expect(machine.channelInactive().readyFailure?.description == APNSTransportError.connectFailed("\(ChannelError.eof)").description)
    }

    @Test func aConnectionClosedDuringTheHandshakeFailsReadyAndTellsThePool() {
        var machine = Machine(authority: "api.example:443", maximumBodyByteCount: 8, now: Self.opened)
        let end = machine.channelInactive()
        #expect(end.readyFailure?.description == APNSTransportError.connectFailed("the connection closed during the handshake").description)
        #expect(end.stopTakingRequests)
    }

    @Test func anErrorOnAnOpenConnectionEndsNothing() throws {
        var machine = Self.open()
        _ = try Self.sendWhole(&machine, 1)
        #expect(Self.isNone(machine.errorCaught(ChannelError.eof)))
        #expect(machine.unanswered == 1)
    }

    // MARK: Sending and answers

    @Test func requestsGoOnOddStreamsAndTheTimerIsSetOnlyForAnEarlierDeadline() {
        var machine = Self.open()
        var results: [(HTTP2StreamID, NIODeadline?)] = []
        for (waiter, deadline) in [(1, Self.at(500)), (2, Self.at(900)), (3, Self.at(200))] {
            guard case .write(let streamID, let timer, stopTakingRequests: false) = machine.send(waiter, timeout: Self.timeout, streamWaitDeadline: deadline, now: Self.opened)
            else {
                Issue.record("request \(waiter) was not written")
                return
            }
            results.append((streamID, timer))
        }
        #expect(results.map(\.0) == [1, 3, 5])
        #expect(results.map(\.1) == [Self.at(500), nil, Self.at(200)])
    }

    @Test func theAnswersDeadlineStartsWhenItsHeadersGoOut() throws {
        var machine = Self.open()
        let streamID = try Self.send(&machine, 1, streamWait: Self.at(100))
        // The HEADERS go out at 50 ms: the answer is due at 10.05 s, later than the timer set.
        #expect(Self.isNone(machine.headersSent(on: streamID, now: Self.at(50))))
        // The timer fires at the end of the stream wait: the request went out, so nothing ends.
        let settlement = machine.deadlineTimerFired(now: Self.at(100))
        #expect(settlement.endings.isEmpty)
        #expect(settlement.deadlineTimer == .set(Self.at(10_050)))
        // HEADERS reported twice move nothing.
        #expect(Self.isNone(machine.headersSent(on: streamID, now: Self.at(5_000))))
    }

    @Test func headersWithEndStreamAreTheWholeAnswer() throws {
        var machine = Self.open()
        let streamID = try Self.sendWhole(&machine, 1)
        let ended = Self.ended(machine.receivedHeaders(Self.ok, endStream: true, on: streamID))
        #expect(ended?.0 == .answered(1, APNSWireResponse(status: 200, headers: [APNSHeader("apns-id", "a1")], body: Data())))
        #expect(ended?.closeConnection == false)
        #expect(machine.unanswered == 0)
        // The stream's close after its last frame ends nothing more.
        #expect(Self.isNone(machine.streamClosed(streamID, reason: nil)))
    }

    @Test func anInformationalAnswerThatEndsTheStreamIsMalformedAndResetsIt() throws {
        var machine = Self.open()
        let streamID = try Self.sendWhole(&machine, 1)
        let ended = Self.ended(machine.receivedHeaders(HPACKResponseDecoder.Block(status: "103"), endStream: true, on: streamID))
        #expect(ended?.0 == .failed(1, .streamClosed(.protocolError), reset: streamID))
        #expect(machine.unanswered == 0)
    }

    @Test func anAnswerIsAssembledFromInformationalHeadersHeadersDataChunksAndTrailers() throws {
        var machine = Self.open()
        let streamID = try Self.sendWhole(&machine, 1)
        #expect(Self.isNone(machine.receivedHeaders(HPACKResponseDecoder.Block(status: "100"), endStream: false, on: streamID)))
        #expect(Self.isNone(machine.receivedHeaders(HPACKResponseDecoder.Block(status: "410", headers: [APNSHeader("apns-id", "a1")]), endStream: false, on: streamID)))
        #expect(Self.isNone(machine.receivedData(ByteBuffer(string: "{\"r\":"), endStream: false, on: streamID)))
        #expect(Self.isNone(machine.receivedData(ByteBuffer(string: "1}"), endStream: false, on: streamID)))
        #expect(Self.isNone(machine.receivedData(nil, endStream: false, on: streamID)))
        let ended = Self.ended(machine.receivedHeaders(HPACKResponseDecoder.Block(headers: [APNSHeader("x-trailer", "t")]), endStream: true, on: streamID))
        let expected = APNSWireResponse(status: 410, headers: [APNSHeader("apns-id", "a1"), APNSHeader("x-trailer", "t")], body: Data("{\"r\":1}".utf8))
        #expect(ended?.0 == .answered(1, expected))
    }

    @Test func answersThatBreakTheProtocolOrTheSizeLimitEndTheExchangeAndResetTheStream() throws {
        var machine = Self.open()
        let noStatus = try Self.sendWhole(&machine, 1)
        let dataFirst = try Self.sendWhole(&machine, 2)
        let tooLarge = try Self.sendWhole(&machine, 3)
        let ended = [
            Self.ended(machine.receivedHeaders(HPACKResponseDecoder.Block(headers: [APNSHeader("apns-id", "a1")]), endStream: false, on: noStatus))?.0,
            Self.ended(machine.receivedData(ByteBuffer(string: "{}"), endStream: true, on: dataFirst))?.0,
            Self.ended(machine.receivedHeaders(Self.ok, endStream: false, on: tooLarge))?.0,
            Self.ended(machine.receivedData(ByteBuffer(string: "123456789"), endStream: false, on: tooLarge))?.0,
        ]
        #expect(
            ended == [
                .failed(1, .streamClosed(.protocolError), reset: noStatus), .failed(2, .streamClosed(.protocolError), reset: dataFirst), nil,
                .failed(3, .responseTooLarge(limit: 8), reset: tooLarge),
            ])
        // What comes after on those streams is dropped.
        #expect(Self.isNone(machine.receivedData(ByteBuffer(string: "1"), endStream: true, on: tooLarge)))
        #expect(Self.isNone(machine.streamClosed(tooLarge, reason: .cancel)))
    }

    @Test func framesOnStreamsWithoutAnExchangeAreIgnored() {
        var machine = Self.open()
        #expect(Self.isNone(machine.receivedHeaders(Self.ok, endStream: true, on: 7)))
        #expect(Self.isNone(machine.receivedData(ByteBuffer(string: "x"), endStream: true, on: 7)))
        #expect(Self.isNone(machine.headersSent(on: 7, now: Self.opened)))
        #expect(Self.isNone(machine.streamClosed(7, reason: .cancel)))
    }

    // MARK: Resets

    /// A reset of a stream whose request went out whole may have been processed; one whose last
    /// byte was not written cannot have been, and neither can one the server refused.
    @Test func aResetSaysWhetherTheRequestMayHaveBeenProcessed() throws {
        var machine = Self.open()
        let whole = try Self.sendWhole(&machine, 1)
        let halfWritten = try Self.send(&machine, 2)
        _ = machine.headersSent(on: halfWritten, now: Self.opened)  // HEADERS out, DATA not yet written
        let refused = try Self.send(&machine, 3)
        let outcomes = [
            Self.ended(machine.streamClosed(whole, reason: .cancel))?.0,
            Self.ended(machine.streamClosed(halfWritten, reason: .cancel))?.0,
            Self.ended(machine.streamClosed(refused, reason: .refusedStream))?.0,
        ]
        let cancelled = APNSTransportError.streamClosed(.cancel)
        #expect(outcomes == [.failed(1, cancelled), .failed(2, .notWritten(cancelled.description)), .failed(3, .streamClosed(.refusedStream))])
    }

    @Test func aRequestWhoseLastByteCouldNotBeWrittenEndsUnsentWithoutAReset() throws {
        var machine = Self.open()
        let streamID = try Self.send(&machine, 1)
        let ended = Self.ended(machine.requestNotWritten(on: streamID, why: "I/O on closed channel"))
        #expect(ended?.0 == .failed(1, .notWritten("I/O on closed channel")))
        // Its stream's reset, if the server sends one, ends nothing more.
        #expect(Self.isNone(machine.streamClosed(streamID, reason: .cancel)))
    }

    // MARK: Deadlines

    @Test func anExchangePastItsDeadlineEndsWithAResetAndAnAnswerAfterItIsDropped() throws {
        var machine = Self.open()
        let late = try Self.sendWhole(&machine, 1, sentAt: Self.at(0))
        let later = try Self.sendWhole(&machine, 2, sentAt: Self.at(2_000))
        machine.readCompleted(at: Self.at(3_000))  // the server spoke after both went out
        let settlement = machine.deadlineTimerFired(now: Self.at(10_000))
        #expect(settlement.endings.map(Outcome.init) == [.failed(1, .deadlineExceeded, reset: late)])
        #expect(settlement.deadlineTimer == .set(Self.at(12_000)))
        #expect(settlement.abandonReason == nil)
        #expect(!settlement.closeConnection)
        #expect(!settlement.stopTakingRequests)
        // The answer arrives after the deadline: the exchange ended already.
        #expect(Self.isNone(machine.receivedHeaders(Self.ok, endStream: true, on: late)))
        #expect(Self.ended(machine.receivedHeaders(Self.ok, endStream: true, on: later))?.0.description == "#2 answered 200")
    }

    @Test func aTimerThatFiresEarlyOrAfterEveryExchangeEndedEndsNothing() throws {
        var machine = Self.open()
        let streamID = try Self.sendWhole(&machine, 1)
        let early = machine.deadlineTimerFired(now: Self.at(9_999))
        #expect(early.endings.isEmpty)
        #expect(early.deadlineTimer == .set(Self.at(10_000)))
        _ = machine.receivedHeaders(Self.ok, endStream: true, on: streamID)
        let stale = machine.deadlineTimerFired(now: Self.at(10_000))
        #expect(stale.endings.isEmpty)
        #expect(stale.deadlineTimer == nil)
    }

    /// Requests still waiting for a stream end first: their resets must take them out of
    /// the connection's queue before the resets of sent ones free streams it would give them.
    @Test func requestsThatFoundNoFreeStreamEndUnsentAndBeforeTheSentOnes() throws {
        var machine = Self.open()
        let sent = try Self.sendWhole(&machine, 1, sentAt: Self.at(0))
        let waiting = try Self.send(&machine, 2, streamWait: Self.at(300), at: Self.at(100))
        let waitingLonger = try Self.send(&machine, 3, streamWait: Self.at(20_000), at: Self.at(100))
        machine.readCompleted(at: Self.at(1_000))
        let settlement = machine.deadlineTimerFired(now: Self.at(10_000))
        #expect(
            settlement.endings.map(Outcome.init) == [
                .failed(2, .noFreeStream(waited: .milliseconds(9_900)), reset: waiting), .failed(1, .deadlineExceeded, reset: sent),
            ])
        #expect(settlement.deadlineTimer == .set(Self.at(20_000)))
        // The one still waiting goes out when a stream frees: its answer's deadline follows.
        guard case .none = machine.headersSent(on: waitingLonger, now: Self.at(10_001)) else {
            Issue.record("the timer was set again for a later deadline")
            return
        }
        let next = machine.deadlineTimerFired(now: Self.at(20_000))
        #expect(next.endings.isEmpty)
        #expect(next.deadlineTimer == .set(Self.at(20_001)))
    }

    @Test func aConnectionSilentSinceAnExpiredRequestWentOutIsAbandoned() throws {
        var machine = Self.open()
        machine.readCompleted(at: Self.at(50))
        let silent = try Self.sendWhole(&machine, 1, sentAt: Self.at(100))
        _ = try Self.sendWhole(&machine, 2, sentAt: Self.at(5_000))
        _ = try Self.send(&machine, 3, at: Self.at(6_000))
        let settlement = machine.deadlineTimerFired(now: Self.at(10_100))
        let reason = "the server sent nothing for 10000 ms; the connection is presumed dead"
        #expect(settlement.abandonReason == reason)
        #expect(settlement.stopTakingRequests)
        #expect(settlement.closeConnection)
        #expect(settlement.deadlineTimer == nil)
        #expect(
            settlement.endings.map(Outcome.init) == [
                .failed(1, .deadlineExceeded, reset: silent),
                .failed(2, .connectionClosed(reason)),
                .failed(3, .notWritten(APNSTransportError.connectionClosed(reason).description)),
            ])
        #expect(machine.closeReason == reason)
        #expect(machine.unanswered == 0)
        // Closed once: the channel's end fails nothing more, and the pool was told already.
        let end = machine.channelInactive()
        #expect(end.endings.isEmpty)
        #expect(end.readyFailure == nil)
    }

    // MARK: GOAWAY

    @Test func goAwayEndsTheStreamsAboveItsLastStreamIDAndTheConnectionClosesAfterTheLastAnswer() throws {
        var machine = Self.open()
        let streams = try (1...4).map { try Self.sendWhole(&machine, $0) }
        #expect(streams == [1, 3, 5, 7])
        let settlement = machine.receivedGoAway(lastStreamID: 3, reason: "GOAWAY NO_ERROR")
        #expect(settlement.stopTakingRequests)
        #expect(settlement.endings.map(Outcome.init) == [.failed(3, .refusedByGoAway), .failed(4, .refusedByGoAway)])
        #expect(!settlement.closeConnection)
        #expect(settlement.deadlineTimer == nil)
        // No new streams.
        guard case .refuse = machine.send(5, timeout: Self.timeout, streamWaitDeadline: Self.streamWait, now: Self.opened) else {
            Issue.record("a request was taken after GOAWAY")
            return
        }
        // The streams at or below the last stream id are still answered; the last answer closes.
        #expect(Self.ended(machine.receivedHeaders(Self.ok, endStream: true, on: 3))?.closeConnection == false)
        let last = Self.ended(machine.streamClosed(1, reason: .cancel))
        #expect(last?.0 == .failed(1, .streamClosed(.cancel)))
        #expect(last?.closeConnection == true)
        // A second GOAWAY tells the pool nothing new and closes nothing again.
        let again = machine.receivedGoAway(lastStreamID: 0, reason: "GOAWAY NO_ERROR")
        #expect(!again.stopTakingRequests)
        #expect(!again.closeConnection)
    }

    @Test func goAwayOnAnIdleConnectionClosesItAndNamesTheCloseReason() {
        var machine = Self.open()
        let settlement = machine.receivedGoAway(lastStreamID: .maxID, reason: "GOAWAY ENHANCE_YOUR_CALM calm down")
        #expect(settlement.stopTakingRequests)
        #expect(settlement.closeConnection)
        #expect(machine.closeReason == "GOAWAY ENHANCE_YOUR_CALM calm down")
    }

    @Test func aStreamHeldForASlotWhenGoAwayComesEndsUnsentAndMayGoAgainAtOnce() throws {
        var machine = Self.open()
        _ = try Self.sendWhole(&machine, 1)
        let queued = try Self.send(&machine, 2)  // the connection holds its HEADERS for a free slot
        let settlement = machine.receivedGoAway(lastStreamID: 1, reason: "GOAWAY NO_ERROR")
        #expect(settlement.endings.map(Outcome.init) == [.failed(2, .refusedByGoAway)])
        let error = try #require(settlement.endings.first?.result.error)
        #expect(error.isResendableAtOnce)
        #expect(!error.mayHaveBeenProcessed)
        // The held write fails later: the exchange ended already.
        #expect(Self.isNone(machine.requestNotWritten(on: queued, why: "stream closed")))
    }

    // MARK: The connection's end

    @Test func closingWhileRequestsWaitForAStreamEndsThemUnsentAndTheOthersPossiblyDelivered() throws {
        var machine = Self.open()
        _ = try Self.sendWhole(&machine, 1)
        _ = try Self.send(&machine, 2)  // the connection holds its HEADERS for a free slot
        _ = machine.errorCaught(ChannelError.eof)
        let settlement = machine.channelInactive()
        let closed = APNSTransportError.connectionClosed("\(ChannelError.eof)")
        #expect(settlement.endings.map(Outcome.init) == [.failed(1, closed), .failed(2, .notWritten(closed.description))])
        #expect(settlement.endings.compactMap { $0.result.error?.isResendableAtOnce } == [false, true])
        #expect(settlement.stopTakingRequests)
        #expect(settlement.deadlineTimer == .cancel)
        #expect(settlement.readyFailure == nil)
        #expect(!settlement.closeConnection)
        // Nothing is taken after the end.
        guard case .refuse = machine.send(3, timeout: Self.timeout, streamWaitDeadline: Self.streamWait, now: Self.opened) else {
            Issue.record("a request was taken after the connection closed")
            return
        }
    }

    @Test func theChannelsEndTwiceEndsEverythingOnce() throws {
        var machine = Self.open()
        _ = try Self.sendWhole(&machine, 1)
        let first = machine.channelInactive()
        #expect(first.endings.count == 1)
        #expect(first.stopTakingRequests)
        let second = machine.channelInactive()
        #expect(second.endings.isEmpty)
        #expect(!second.stopTakingRequests)
        #expect(second.deadlineTimer == nil)
        #expect(second.readyFailure == nil)
    }

    @Test func aConnectionErrorAbandonsTheConnectionOnce() throws {
        var machine = Self.open()
        _ = try Self.sendWhole(&machine, 1)
        let first = machine.connectionErrorSent(HTTP2ConnectionError(.protocolError, "a frame on stream 2, which this client never opened"))
        let reason = "HTTP/2 connection error in what the server sent: a frame on stream 2, which this client never opened (\(HTTP2ErrorCode.protocolError))"
        #expect(first.abandonReason == reason)
        #expect(first.endings.map(Outcome.init) == [.failed(1, .connectionClosed(reason))])
        #expect(first.stopTakingRequests)
        #expect(first.closeConnection)
        let second = machine.connectionErrorSent(HTTP2ConnectionError(.protocolError, "a frame on stream 2, which this client never opened"))
        #expect(second.abandonReason == nil)
        #expect(!second.closeConnection)
        #expect(!second.stopTakingRequests)
        let end = machine.channelInactive()
        #expect(end.endings.isEmpty)
        #expect(end.deadlineTimer == .cancel)  // the timer set for request 1
    }

    @Test func aConnectionErrorDuringTheHandshakeFailsReady() {
        var machine = Machine(authority: "api.example:443", maximumBodyByteCount: 8, now: Self.opened)
        let settlement = machine.connectionErrorSent(HTTP2ConnectionError(.protocolError, "a frame on stream 2, which this client never opened"))
        let reason = "HTTP/2 connection error in what the server sent: a frame on stream 2, which this client never opened (\(HTTP2ErrorCode.protocolError))"
        #expect(settlement.readyFailure?.description == APNSTransportError.connectFailed(reason).description)
        #expect(settlement.closeConnection)
        #expect(!settlement.stopTakingRequests)  // it never took any
    }

    @Test func aConnectionWhoseStreamIDsRanOutTakesNoMoreAndClosesAfterItsLastAnswer() throws {
        var machine = Self.open(lastStreamID: 7)
        var writes: [String] = []
        for waiter in 1...4 {
            guard case .write(let streamID, _, let stopTakingRequests) = machine.send(waiter, timeout: Self.timeout, streamWaitDeadline: Self.streamWait, now: Self.opened)
            else {
                Issue.record("request \(waiter) was refused")
                return
            }
            writes.append("\(Int(streamID)) \(stopTakingRequests)")
        }
        #expect(writes == ["1 false", "3 false", "5 false", "7 true"])
        guard case .refuse = machine.send(5, timeout: Self.timeout, streamWaitDeadline: Self.streamWait, now: Self.opened) else {
            Issue.record("a request was taken past the last stream id")
            return
        }
        let closes = [1, 3, 5, 7].map { Self.ended(machine.receivedHeaders(Self.ok, endStream: true, on: HTTP2StreamID($0)))?.closeConnection }
        #expect(closes == [false, false, false, true])
    }
}

extension Result {
    fileprivate var error: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
