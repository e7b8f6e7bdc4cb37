import Foundation
@testable import HeraldAPNs
import NIOCore
import NIOHTTP2
import Testing

/// The client's side of HTTP/2 without a channel: what frames it writes, read here by their
/// nine-byte headers (RFC 9113, section 4.1), as the server's settings, windows and answers
/// come.
@Suite struct HTTP2ClientConnectionTests {
    struct Written: Equatable, CustomStringConvertible {
        let type: UInt8
        let flags: UInt8
        let stream: Int
        let length: Int

        var description: String { "type \(type) flags \(flags) stream \(stream) length \(length)" }
    }

    /// Every frame in `out`, which is emptied.
    static func frames(_ out: inout ByteBuffer) -> [Written] {
        var frames: [Written] = []
        while out.readableBytes >= 9 {
            let length = Int(out.readInteger(as: UInt16.self)!) << 8 | Int(out.readInteger(as: UInt8.self)!)
            let type = out.readInteger(as: UInt8.self)!
            let flags = out.readInteger(as: UInt8.self)!
            let stream = Int(out.readInteger(as: UInt32.self)!)
            out.moveReaderIndex(forwardBy: length)
            frames.append(Written(type: type, flags: flags, stream: stream, length: length))
        }
        return frames
    }

    /// `(type, stream)` of each frame: HEADERS 1, DATA 0, RST_STREAM 3, SETTINGS 4, WINDOW_UPDATE 8.
    static func kinds(_ out: inout ByteBuffer) -> [String] {
        frames(&out).map { "\($0.type):\($0.stream)" }
    }

    static func request(bodyBytes: Int = 100) -> APNSWireRequest {
        APNSWireRequest(
            method: "POST", path: "/3/device/\(String(repeating: "ab", count: 32))",
            headers: [APNSHeader("apns-topic", "com.example.chat")], body: Data(repeating: 0x20, count: bodyBytes))
    }

    /// A connection that read the server's SETTINGS with `settings`, its preface and ACK taken.
    static func connection(_ settings: [(identifier: UInt16, value: UInt32)] = []) throws -> HTTP2ClientConnection {
        var connection = HTTP2ClientConnection(authority: "api.example")
        var out = ByteBuffer()
        try connection.apply(settings, into: &out) { _ in }
        return connection
    }

    @Test func thePrefaceIsTheMagicSettingsWithoutPushAndALargerWindow() {
        var out = ByteBuffer()
        HTTP2ClientConnection(authority: "api.example").writePreface(into: &out)
        #expect(out.readString(length: 24) == "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        #expect(Array(out.readableBytesView.prefix(15)) == [0, 0, 6, 0x4, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0])
        out.moveReaderIndex(forwardBy: 15)
        #expect(Self.frames(&out) == [Written(type: 0x8, flags: 0, stream: 0, length: 4)])
    }

    @Test func requestsBeyondTheServersStreamLimitWaitAndGoInOrderAsStreamsEnd() throws {
        var connection = try Self.connection([(0x3, 2)])  // SETTINGS_MAX_CONCURRENT_STREAMS 2
        var out = ByteBuffer()
        var sent: [Int] = []
        for stream in [1, 3, 5, 7] {
            connection.send(Self.request(), on: HTTP2StreamID(stream), into: &out) { sent.append(Int($0)) }
        }
        #expect(sent == [1, 3])
        #expect(Self.kinds(&out) == ["1:1", "0:1", "1:3", "0:3"])
        #expect(connection.takeWrittenRequests() == [1, 3])
        connection.cancel(5, into: &out) { sent.append(Int($0)) }  // 5 waited too long: dropped unsent
        #expect(Self.kinds(&out).isEmpty)
        connection.streamEnded(3, byReset: true, into: &out) { sent.append(Int($0)) }
        #expect(sent == [1, 3, 7])
        #expect(Self.kinds(&out) == ["1:7", "0:7"])
        connection.streamEnded(1, byReset: false, into: &out) { sent.append(Int($0)) }
        #expect(Self.kinds(&out).isEmpty)
        connection.cancel(7, into: &out) { _ in }  // its deadline passed: reset with CANCEL
        let reset = Self.frames(&out)
        #expect(reset == [Written(type: 0x3, flags: 0, stream: 7, length: 4)])
    }

    @Test func aBodyGoesAsFarAsItsWindowAllowsAndTheRestFollowsWhenItOpens() throws {
        var connection = try Self.connection([(0x4, 50)])  // SETTINGS_INITIAL_WINDOW_SIZE 50
        var out = ByteBuffer()
        connection.send(Self.request(bodyBytes: 100), on: 1, into: &out) { _ in }
        connection.send(Self.request(bodyBytes: 10), on: 3, into: &out) { _ in }
        // Stream 1 sends the 50 bytes its window takes; stream 3's body fits its own window whole.
        let frames = Self.frames(&out)
        #expect(frames.map { "\($0.type):\($0.stream)" } == ["1:1", "0:1", "1:3", "0:3"])
        #expect(frames.filter { $0.type == 0x0 }.map(\.description) == ["type 0 flags 0 stream 1 length 50", "type 0 flags 1 stream 3 length 10"])
        #expect(connection.takeWrittenRequests() == [3])
        try connection.windowUpdate(1, increment: 40, into: &out)
        #expect(Self.frames(&out).map(\.description) == ["type 0 flags 0 stream 1 length 40"])
        try connection.apply([(0x4, 100)], into: &out) { _ in }  // +50 for every open stream
        #expect(Self.frames(&out).map(\.description) == ["type 4 flags 1 stream 0 length 0", "type 0 flags 1 stream 1 length 10"])
        #expect(connection.takeWrittenRequests() == [1])
    }

    @Test func aStreamWhoseOwnWindowIsClosedHoldsBackNoOther() throws {
        var connection = try Self.connection([(0x4, 0)])  // SETTINGS_INITIAL_WINDOW_SIZE 0
        var out = ByteBuffer()
        connection.send(Self.request(bodyBytes: 100), on: 1, into: &out) { _ in }
        connection.send(Self.request(bodyBytes: 100), on: 3, into: &out) { _ in }
        #expect(Self.kinds(&out) == ["1:1", "1:3"])
        try connection.windowUpdate(3, increment: 100, into: &out)
        #expect(Self.frames(&out).map(\.description) == ["type 0 flags 1 stream 3 length 100"])
        #expect(connection.takeWrittenRequests() == [3])
    }

    @Test func theConnectionWindowHoldsBodiesUntilTheServerGivesMore() throws {
        var connection = try Self.connection()
        var out = ByteBuffer()
        // 65,535 bytes of connection window: thirteen 5,000-byte bodies fit, and 535 bytes of the fourteenth.
        for stream in stride(from: 1, through: 27, by: 2) {
            connection.send(Self.request(bodyBytes: 5_000), on: HTTP2StreamID(stream), into: &out) { _ in }
        }
        #expect(Self.frames(&out).filter { $0.type == 0x0 }.map(\.length) == Array(repeating: 5_000, count: 13) + [535])
        try connection.windowUpdate(.rootStream, increment: 5_000, into: &out)
        #expect(Self.frames(&out).map(\.description) == ["type 0 flags 1 stream 27 length 4465"])
        #expect(throws: HTTP2ConnectionError.self) { try connection.windowUpdate(.rootStream, increment: 0x7fff_ffff, into: &out) }
    }

    @Test func aStreamHeldByItsOwnWindowKeepsItsPlaceWhenTheConnectionWindowRunsOut() throws {
        var connection = try Self.connection([(0x4, 40_000)])  // SETTINGS_INITIAL_WINDOW_SIZE 40,000
        var out = ByteBuffer()
        connection.send(Self.request(bodyBytes: 50_000), on: 1, into: &out) { _ in }
        connection.send(Self.request(bodyBytes: 30_000), on: 3, into: &out) { _ in }
        // Stream 1 stops at its own 40,000 (frames of at most 16,384); stream 3 takes the 25,535
        // left of the connection's 65,535, and the connection's window stops everything.
        #expect(Self.frames(&out).filter { $0.type == 0x0 }.map { "\($0.stream):\($0.length)" } == ["1:16384", "1:16384", "1:7232", "3:16384", "3:9151"])
        try connection.windowUpdate(.rootStream, increment: 30_000, into: &out)
        #expect(Self.frames(&out).map(\.description) == ["type 0 flags 1 stream 3 length 4465"])
        #expect(connection.takeWrittenRequests() == [3])
        try connection.windowUpdate(1, increment: 10_000, into: &out)
        #expect(Self.frames(&out).map(\.description) == ["type 0 flags 1 stream 1 length 10000"])
        #expect(connection.takeWrittenRequests() == [1])
    }

    @Test func goAwayStopsNewStreamsAndHandsBackTheRequestsThatNeverWentOut() throws {
        var connection = try Self.connection([(0x3, 1)])
        var out = ByteBuffer()
        for stream in [1, 3, 5] { connection.send(Self.request(), on: HTTP2StreamID(stream), into: &out) { _ in } }
        #expect(connection.goAway(lastStreamID: 1) == [3, 5])
        #expect(connection.isOpen(1))
        connection.streamEnded(1, byReset: false, into: &out) { _ in }
        connection.send(Self.request(), on: 7, into: &out) { _ in }
        #expect(Self.kinds(&out) == ["1:1", "0:1"])  // nothing after GOAWAY
    }

    @Test func theReceiveWindowIsRefilledOnceHalfIsUsedAndOverrunningItIsAnError() throws {
        var connection = try Self.connection()
        var out = ByteBuffer()
        try connection.received(flowControlledLength: HTTP2ClientConnection.receiveWindow / 2 - 1)
        connection.refillReceiveWindow(into: &out)
        #expect(Self.kinds(&out).isEmpty)
        try connection.received(flowControlledLength: 1)
        connection.refillReceiveWindow(into: &out)
        #expect(Array(out.readableBytesView.suffix(4)) == [0, 0x08, 0, 0])  // 524,288 given back
        #expect(Self.kinds(&out) == ["8:0"])
        #expect(throws: HTTP2ConnectionError.self) { try connection.received(flowControlledLength: HTTP2ClientConnection.receiveWindow + 1) }
    }

    @Test func settingsOutsideTheirRangesEndTheConnection() throws {
        var out = ByteBuffer()
        let cases: [((UInt16, UInt32), HTTP2ErrorCode)] = [
            ((0x2, 1), .protocolError),  // a server may not enable push
            ((0x4, 0x8000_0000), .flowControlError), ((0x5, 100), .protocolError),
        ]
        for (setting, code) in cases {
            var connection = HTTP2ClientConnection(authority: "api.example")
            do {
                try connection.apply([setting], into: &out) { _ in }
                Issue.record("setting \(setting) was accepted")
            } catch {
                #expect(error.code == code, "setting \(setting)")
            }
        }
    }
}
