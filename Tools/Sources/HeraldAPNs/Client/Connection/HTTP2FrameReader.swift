import NIOCore
import NIOHTTP2

/// Reads the HTTP/2 frames (RFC 9113, section 4) a server sends a client out of the bytes that
/// arrive, and checks what the frame layer can check alone: lengths, padding, which frames
/// must or must not name a stream, and that a header block's CONTINUATION frames follow it
/// with nothing in between. A header block comes out whole, its fragments joined.
///
/// What a frame means for its stream or for the connection is `HTTP2ClientConnection`'s and
/// `APNSStreamHandler`'s.
struct HTTP2FrameReader {
    enum Frame {
        /// DATA; `flowControlledLength` is the whole payload with its padding.
        case data(HTTP2StreamID, payload: ByteBuffer, endStream: Bool, flowControlledLength: Int)
        /// A whole header block, from HEADERS and any CONTINUATION frames.
        case headers(HTTP2StreamID, block: ByteBuffer, endStream: Bool)
        case resetStream(HTTP2StreamID, HTTP2ErrorCode)
        case settings([(identifier: UInt16, value: UInt32)])
        case settingsAcknowledged
        case ping(UInt64)
        case goAway(lastStreamID: HTTP2StreamID, HTTP2ErrorCode, debugData: ByteBuffer)
        case windowUpdate(HTTP2StreamID, increment: Int)
        /// PRIORITY, a PING acknowledgement, or a type this client does not know (section 4.1
        /// says to ignore those).
        case ignored
    }

    /// The largest frame payload this client accepts: HTTP/2's initial `SETTINGS_MAX_FRAME_SIZE`,
    /// which it never raises.
    static let maximumFrameSize = 16_384
    /// The largest header block, CONTINUATION frames included; an APNs answer's is a few dozen bytes.
    static let maximumHeaderBlockSize = 65_536

    private var buffer = ByteBuffer()
    /// A header block whose END_HEADERS has not come: its stream, END_STREAM, and the fragments so far.
    private var openBlock: (streamID: HTTP2StreamID, endStream: Bool, fragments: ByteBuffer)?

    /// Adds bytes that arrived.
    mutating func append(_ bytes: inout ByteBuffer) {
        if buffer.readableBytes == 0 {
            buffer = bytes
        } else {
            buffer.writeBuffer(&bytes)
        }
    }

    /// The next whole frame, or `nil` until more bytes arrive.
    ///
    /// - Throws: ``HTTP2ConnectionError`` for a frame no server may send; the connection must end.
    mutating func next() throws(HTTP2ConnectionError) -> Frame? {
        while true {
            guard buffer.readableBytes >= 9 else { return nil }
            let start = buffer.readerIndex
            let length = Int(buffer.getInteger(at: start, as: UInt16.self)!) << 8 | Int(buffer.getInteger(at: start + 2, as: UInt8.self)!)
            guard length <= Self.maximumFrameSize else {
                throw HTTP2ConnectionError(.frameSizeError, "a frame of \(length) bytes, more than the \(Self.maximumFrameSize) allowed")
            }
            guard buffer.readableBytes >= 9 + length else { return nil }
            let type = buffer.getInteger(at: start + 3, as: UInt8.self)!
            let flags = buffer.getInteger(at: start + 4, as: UInt8.self)!
            let streamID = HTTP2StreamID(Int32(bitPattern: buffer.getInteger(at: start + 5, as: UInt32.self)! & 0x7fff_ffff))
            buffer.moveReaderIndex(forwardBy: 9)
            let payload = buffer.readSlice(length: length)!
            if buffer.readableBytes == 0 { buffer.clear() }
            if let frame = try frame(type: type, flags: flags, streamID: streamID, payload: payload) { return frame }
        }
    }

    /// The frame, or `nil` for a fragment of a header block still open.
    private mutating func frame(type: UInt8, flags: UInt8, streamID: HTTP2StreamID, payload: ByteBuffer) throws(HTTP2ConnectionError) -> Frame? {
        if let block = openBlock, type != 0x9 || streamID != block.streamID {
            throw HTTP2ConnectionError(.protocolError, "a header block on stream \(block.streamID) was interrupted before END_HEADERS")
        }
        var payload = payload
        switch type {
        case 0x0:  // DATA
            try Self.requireStream(streamID, "DATA")
            let length = payload.readableBytes
            try Self.removePadding(&payload, flags: flags, "DATA")
            return .data(streamID, payload: payload, endStream: flags & 0x1 != 0, flowControlledLength: length)
        case 0x1:  // HEADERS
            try Self.requireStream(streamID, "HEADERS")
            try Self.removePadding(&payload, flags: flags, "HEADERS")
            if flags & 0x20 != 0 {  // PRIORITY: a dependency and a weight before the block
                guard payload.readableBytes >= 5 else {
                    // Padding that reaches into the priority fields is a padding error (section 6.2).
                    throw HTTP2ConnectionError(flags & 0x8 != 0 ? .protocolError : .frameSizeError, "a HEADERS frame too short for its priority")
                }
                payload.moveReaderIndex(forwardBy: 5)
            }
            return try headerFragment(payload, of: streamID, endStream: flags & 0x1 != 0, endHeaders: flags & 0x4 != 0)
        case 0x3:  // RST_STREAM
            try Self.requireStream(streamID, "RST_STREAM")
            try Self.requireLength(payload, 4, "RST_STREAM")
            return .resetStream(streamID, HTTP2ErrorCode(networkCode: Int(payload.readInteger(as: UInt32.self)!)))
        case 0x4:  // SETTINGS
            try Self.requireConnection(streamID, "SETTINGS")
            if flags & 0x1 != 0 {
                try Self.requireLength(payload, 0, "a SETTINGS acknowledgement")
                return .settingsAcknowledged
            }
            guard payload.readableBytes % 6 == 0 else { throw HTTP2ConnectionError(.frameSizeError, "a SETTINGS frame of \(payload.readableBytes) bytes, not a multiple of 6") }
            var settings: [(identifier: UInt16, value: UInt32)] = []
            while let identifier = payload.readInteger(as: UInt16.self), let value = payload.readInteger(as: UInt32.self) {
                settings.append((identifier, value))
            }
            return .settings(settings)
        case 0x5:  // PUSH_PROMISE
            throw HTTP2ConnectionError(.protocolError, "PUSH_PROMISE, which this client turned off (SETTINGS_ENABLE_PUSH 0)")
        case 0x6:  // PING
            try Self.requireConnection(streamID, "PING")
            try Self.requireLength(payload, 8, "PING")
            return flags & 0x1 != 0 ? .ignored : .ping(payload.readInteger(as: UInt64.self)!)
        case 0x7:  // GOAWAY
            try Self.requireConnection(streamID, "GOAWAY")
            guard payload.readableBytes >= 8 else { throw HTTP2ConnectionError(.frameSizeError, "a GOAWAY frame of \(payload.readableBytes) bytes") }
            let lastStreamID = HTTP2StreamID(Int32(bitPattern: payload.readInteger(as: UInt32.self)! & 0x7fff_ffff))
            let code = HTTP2ErrorCode(networkCode: Int(payload.readInteger(as: UInt32.self)!))
            return .goAway(lastStreamID: lastStreamID, code, debugData: payload)
        case 0x8:  // WINDOW_UPDATE
            try Self.requireLength(payload, 4, "WINDOW_UPDATE")
            return .windowUpdate(streamID, increment: Int(payload.readInteger(as: UInt32.self)! & 0x7fff_ffff))
        case 0x9:  // CONTINUATION
            guard let block = openBlock else {
                throw HTTP2ConnectionError(.protocolError, "a CONTINUATION frame on stream \(streamID) that follows no header block")
            }
            return try headerFragment(payload, of: streamID, endStream: block.endStream, endHeaders: flags & 0x4 != 0)
        default:  // PRIORITY (0x2) and unknown types
            return .ignored
        }
    }

    private mutating func headerFragment(_ fragment: ByteBuffer, of streamID: HTTP2StreamID, endStream: Bool, endHeaders: Bool) throws(HTTP2ConnectionError) -> Frame? {
        var fragment = fragment
        if var block = openBlock {
            openBlock = nil  // so that the fragments have one owner while they grow
            guard block.fragments.readableBytes + fragment.readableBytes <= Self.maximumHeaderBlockSize else {
                throw HTTP2ConnectionError(.enhanceYourCalm, "a header block of more than \(Self.maximumHeaderBlockSize) bytes on stream \(streamID)")
            }
            block.fragments.writeBuffer(&fragment)
            if endHeaders { return .headers(streamID, block: block.fragments, endStream: block.endStream) }
            openBlock = block
            return nil
        }
        if endHeaders { return .headers(streamID, block: fragment, endStream: endStream) }
        openBlock = (streamID, endStream, fragment)
        return nil
    }

    private static func removePadding(_ payload: inout ByteBuffer, flags: UInt8, _ frame: String) throws(HTTP2ConnectionError) {
        guard flags & 0x8 != 0 else { return }
        guard let padding = payload.readInteger(as: UInt8.self), Int(padding) <= payload.readableBytes else {
            throw HTTP2ConnectionError(.protocolError, "a \(frame) frame whose padding is longer than the frame")
        }
        payload.moveWriterIndex(to: payload.writerIndex - Int(padding))
    }

    private static func requireStream(_ streamID: HTTP2StreamID, _ frame: String) throws(HTTP2ConnectionError) {
        guard streamID != .rootStream else { throw HTTP2ConnectionError(.protocolError, "a \(frame) frame on stream 0") }
    }

    private static func requireConnection(_ streamID: HTTP2StreamID, _ frame: String) throws(HTTP2ConnectionError) {
        guard streamID == .rootStream else { throw HTTP2ConnectionError(.protocolError, "a \(frame) frame on stream \(streamID), not 0") }
    }

    private static func requireLength(_ payload: ByteBuffer, _ length: Int, _ frame: String) throws(HTTP2ConnectionError) {
        guard payload.readableBytes == length else {
            throw HTTP2ConnectionError(.frameSizeError, "\(frame) of \(payload.readableBytes) bytes, not \(length)")
        }
    }
}
