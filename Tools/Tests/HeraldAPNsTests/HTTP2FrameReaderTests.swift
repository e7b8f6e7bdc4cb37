@testable import HeraldAPNs
import NIOCore
import NIOHTTP2
import Testing

/// The server's frames as bytes written here by hand (RFC 9113, section 4.1), read back in
/// pieces of any size, and the frames no server may send.
@Suite struct HTTP2FrameReaderTests {
    static func frame(type: UInt8, flags: UInt8 = 0, stream: UInt32 = 0, _ payload: [UInt8] = []) -> [UInt8] {
        let length = payload.count
        return [UInt8(length >> 16), UInt8(length >> 8 & 0xff), UInt8(length & 0xff), type, flags]
            + [UInt8(stream >> 24), UInt8(stream >> 16 & 0xff), UInt8(stream >> 8 & 0xff), UInt8(stream & 0xff)] + payload
    }

    /// Every frame `bytes` holds, fed `chunk` bytes at a time.
    static func read(_ bytes: [UInt8], chunk: Int = .max) throws(HTTP2ConnectionError) -> [String] {
        var reader = HTTP2FrameReader()
        var frames: [String] = []
        var offset = 0
        while offset < bytes.count {
            var piece = ByteBuffer(bytes: bytes[offset..<min(bytes.count, offset + chunk)])
            offset += piece.readableBytes
            reader.append(&piece)
            while let frame = try reader.next() { frames.append(describe(frame)) }
        }
        return frames
    }

    static func describe(_ frame: HTTP2FrameReader.Frame) -> String {
        switch frame {
        case .data(let stream, let payload, let endStream, let length):
            "DATA \(Int(stream)) \(String(buffer: payload)) end=\(endStream) counted=\(length)"
        case .headers(let stream, let block, let endStream): "HEADERS \(Int(stream)) \(Array(block.readableBytesView)) end=\(endStream)"
        case .resetStream(let stream, let code): "RST_STREAM \(Int(stream)) \(code.networkCode)"
        case .settings(let settings): "SETTINGS " + settings.map { "\($0.identifier)=\($0.value)" }.joined(separator: ",")
        case .settingsAcknowledged: "SETTINGS ACK"
        case .ping(let data): "PING \(data)"
        case .goAway(let last, let code, let debug): "GOAWAY \(Int(last)) \(code.networkCode) \(String(buffer: debug))"
        case .windowUpdate(let stream, let increment): "WINDOW_UPDATE \(Int(stream)) \(increment)"
        case .ignored: "ignored"
        }
    }

    static func error(_ bytes: [UInt8]) -> HTTP2ConnectionError? {
        do {
            _ = try read(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [1, 2, 7, 1000])
    func framesSplitAcrossReadsComeOutWholeAndInOrder(chunk: Int) throws {
        let bytes =
            Self.frame(type: 0x4, [0, 3, 0, 0, 0x03, 0xe8])  // SETTINGS_MAX_CONCURRENT_STREAMS 1000
            + Self.frame(type: 0x1, flags: 0x1 | 0x4 | 0x8 | 0x20, stream: 1, [2] + [0, 0, 0, 0, 16] + [0x88] + [0, 0])  // padded, priority
            + Self.frame(type: 0x0, flags: 0x1 | 0x8, stream: 3, [3] + Array("{}".utf8) + [0, 0, 0])  // padded DATA
            + Self.frame(type: 0x1, stream: 5, [0x88]) + Self.frame(type: 0x9, stream: 5, [0x40]) + Self.frame(type: 0x9, flags: 0x4, stream: 5, [0x01])
            + Self.frame(type: 0x3, stream: 7, [0, 0, 0, 7])
            + Self.frame(type: 0x6, [0, 0, 0, 0, 0, 0, 0, 42]) + Self.frame(type: 0x6, flags: 0x1, [0, 0, 0, 0, 0, 0, 0, 42])
            + Self.frame(type: 0x8, stream: 0, [0x80, 0, 0x01, 0])  // the reserved bit is dropped
            + Self.frame(type: 0x2, stream: 9, [0, 0, 0, 0, 1]) + Self.frame(type: 0xfa, stream: 9, [1, 2, 3])
            + Self.frame(type: 0x4, flags: 0x1)
            + Self.frame(type: 0x7, [0, 0, 0, 9, 0, 0, 0, 0] + Array("bye".utf8))
        #expect(
            try Self.read(bytes, chunk: chunk) == [
                "SETTINGS 3=1000", "HEADERS 1 [136] end=true", "DATA 3 {} end=true counted=6", "HEADERS 5 [136, 64, 1] end=false",
                "RST_STREAM 7 7", "PING 42", "ignored", "WINDOW_UPDATE 0 256", "ignored", "ignored", "SETTINGS ACK", "GOAWAY 9 0 bye",
            ])
    }

    @Test func framesNoServerMaySendEndTheConnectionWithTheRightCode() {
        let tooLong = [UInt8(0), 0x40, 0x01, 0x0, 0, 0, 0, 0, 1]  // 16,385 bytes of DATA announced
        let cases: [([UInt8], HTTP2ErrorCode)] = [
            (tooLong, .frameSizeError),
            (Self.frame(type: 0x1, stream: 1, [0x88]) + Self.frame(type: 0x0, stream: 1, [1]), .protocolError),  // CONTINUATION interrupted
            (Self.frame(type: 0x9, flags: 0x4, stream: 1, [0x88]), .protocolError),  // CONTINUATION after nothing
            (Self.frame(type: 0x5, stream: 1, [0, 0, 0, 2]), .protocolError),  // PUSH_PROMISE
            (Self.frame(type: 0x4, [0, 3, 0, 0, 0]), .frameSizeError),  // SETTINGS of 5 bytes
            (Self.frame(type: 0x4, flags: 0x1, [0, 0, 0, 0, 0, 0]), .frameSizeError),  // an ACK with a payload
            (Self.frame(type: 0x4, stream: 1), .protocolError),  // SETTINGS on a stream
            (Self.frame(type: 0x0, stream: 0, [1]), .protocolError),  // DATA on stream 0
            (Self.frame(type: 0x0, flags: 0x8, stream: 1, [5, 1, 2]), .protocolError),  // padding past the end
            (Self.frame(type: 0x6, [0, 0, 0, 0]), .frameSizeError),  // a short PING
            (Self.frame(type: 0x3, stream: 1, [0, 0, 7]), .frameSizeError),  // a short RST_STREAM
            (Self.frame(type: 0x7, [0, 0, 0, 1]), .frameSizeError),  // a short GOAWAY
        ]
        for (bytes, code) in cases {
            #expect(Self.error(bytes)?.code == code, "\(bytes.prefix(12))")
        }
    }

    /// A hostile server's bytes: a valid stream of frames with random bytes changed. Each either
    /// reads as frames or is refused with a connection error; none traps, and nothing is read
    /// past the bytes given (the frames' sizes add up to at most what came).
    @Test func mangledFramesAreReadOrRefusedNeverTrapped() {
        let valid =
            Self.frame(type: 0x4, [0, 3, 0, 0, 0, 100]) + Self.frame(type: 0x1, flags: 0x8 | 0x20, stream: 1, [1, 0, 0, 0, 0, 16, 0x88, 0])
            + Self.frame(type: 0x9, flags: 0x4, stream: 1, [0x40]) + Self.frame(type: 0x0, flags: 0x9, stream: 1, [2, 1, 2, 0, 0])
            + Self.frame(type: 0x7, [0, 0, 0, 1, 0, 0, 0, 0])
        var generator = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<20_000 {
            var bytes = valid
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            var reader = HTTP2FrameReader()
            var buffer = ByteBuffer(bytes: bytes)
            reader.append(&buffer)
            do {
                while let frame = try reader.next() {
                    if case .data(_, let payload, _, let length) = frame { #expect(payload.readableBytes <= length && length <= bytes.count) }
                }
            } catch {
                refused += 1
            }
        }
        #expect(refused > 0)  // the mangling reaches the checks
    }

    @Test func aHeaderBlockLargerThanTheLimitIsRefused() {
        var bytes = Self.frame(type: 0x1, stream: 1, Array(repeating: 0, count: 16_384))
        for _ in 0..<4 { bytes += Self.frame(type: 0x9, stream: 1, Array(repeating: 0, count: 16_384)) }
        #expect(Self.error(bytes)?.code == .enhanceYourCalm)
    }
}
