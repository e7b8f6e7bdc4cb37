import Foundation
import NIOCore
import NIOHTTP2

/// The client's side of one HTTP/2 connection (RFC 9113), as far as APNs needs it: the
/// server's settings, the streams open at once, flow control both ways, and the frames that
/// carry requests. A value that writes bytes into a buffer it is given; `APNSStreamHandler`
/// owns it, reads frames with `HTTP2FrameReader`, and sends the bytes.
///
/// - A request is one HEADERS frame and one DATA frame with END_STREAM (an APNs body, at most
///   5 KB, always fits one frame). Both go together, in stream order, when the server's
///   `SETTINGS_MAX_CONCURRENT_STREAMS` leaves a stream free; until then the request waits here.
///   If the flow-control windows cannot take the whole body yet, as much as they allow goes,
///   and the rest follows as they open.
/// - The connection's receive window starts at ``receiveWindow`` and is refilled once half is
///   used. A stream's own receive window is never refilled: an APNs answer is a few dozen
///   bytes, and the exchange resets a stream whose answer passes 8 KB, long before 64 KB.
///
/// Bound to the connection's event loop, inside the handler.
struct HTTP2ClientConnection {
    /// The bytes a client opens with (section 3.4).
    private static let preface = "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"
    /// The connection's receive window this client keeps (HTTP/2 starts it at 64 KB).
    static let receiveWindow = 1 << 20

    private struct Request {
        let streamID: HTTP2StreamID
        let request: APNSWireRequest
    }

    private struct OpenStream {
        var sendWindow: Int
        /// The part of the body not written yet, while it waits for the flow-control windows.
        var unsentBody: Data?
    }

    private let authority: String
    private var encoder = HPACKRequestEncoder()
    private var waitingForStream = CircularBuffer<Request>()
    private var streams = StreamTable<OpenStream>()
    /// Open streams whose DATA waits for a window, in the order they opened.
    private var waitingForWindow: [HTTP2StreamID] = []
    /// The highest stream id opened: a frame for a higher one names a stream that never existed.
    private(set) var highestOpened = HTTP2StreamID.rootStream
    private var maximumConcurrentStreams = Int.max
    private var initialStreamWindow = 65_535
    private var sendWindow = 65_535
    private var maximumFrameSize = 16_384
    /// DATA bytes received since the connection's window was last refilled.
    private var received = 0
    private var isGoingAway = false
    private var lastContentLength: (count: Int, text: String) = (0, "0")

    /// - Parameter authority: `host[:port]` for the `:authority` pseudo-header.
    init(authority: String) {
        self.authority = authority
    }

    /// Writes the connection preface: the magic string, SETTINGS with server push off, and the
    /// connection's receive window raised to ``receiveWindow``.
    func writePreface(into out: inout ByteBuffer) {
        out.writeString(Self.preface)
        Self.writeFrameHeader(length: 6, type: 0x4, flags: 0, streamID: .rootStream, into: &out)
        out.writeInteger(UInt16(0x2))  // SETTINGS_ENABLE_PUSH
        out.writeInteger(UInt32(0))
        writeWindowUpdate(streamID: .rootStream, increment: Self.receiveWindow - 65_535, into: &out)
    }

    /// Whether `streamID` is open here (its request waits for a window, or its answer is due).
    func isOpen(_ streamID: HTTP2StreamID) -> Bool { streams[streamID] != nil }

    // MARK: Requests

    /// Sends a request on `streamID` (higher than any before) as soon as a stream is free.
    ///
    /// - Parameter headersSent: told of each request whose HEADERS are now written, this one
    ///   or an earlier one that waited.
    mutating func send(_ request: APNSWireRequest, on streamID: HTTP2StreamID, into out: inout ByteBuffer, headersSent: (HTTP2StreamID) -> Void) {
        waitingForStream.append(Request(streamID: streamID, request: request))
        openWaitingStreams(into: &out, headersSent: headersSent)
    }

    /// Drops the request on `streamID`: from the queue if it is still waiting for a stream,
    /// else by resetting its stream with CANCEL.
    mutating func cancel(_ streamID: HTTP2StreamID, into out: inout ByteBuffer, headersSent: (HTTP2StreamID) -> Void) {
        if streams.removeValue(forKey: streamID) != nil {
            writeResetStream(streamID, code: .cancel, into: &out)
            openWaitingStreams(into: &out, headersSent: headersSent)
        } else if let index = waitingForStream.firstIndex(where: { $0.streamID == streamID }) {
            waitingForStream.remove(at: index)
        }
    }

    /// The server ended `streamID`: with END_STREAM (its answer is whole) or RST_STREAM.
    mutating func streamEnded(_ streamID: HTTP2StreamID, byReset: Bool, into out: inout ByteBuffer, headersSent: (HTTP2StreamID) -> Void) {
        guard let stream = streams.removeValue(forKey: streamID) else { return }
        // An answer before the whole request: the rest of the request is not wanted (section 8.1).
        if stream.unsentBody != nil, !byReset { writeResetStream(streamID, code: .noError, into: &out) }
        openWaitingStreams(into: &out, headersSent: headersSent)
    }

    /// The connection is ending: no stream opens from now on, and the requests still waiting
    /// for one are dropped (the state machine ends them as not written).
    mutating func stopOpeningStreams() {
        isGoingAway = true
        waitingForStream.removeAll()
    }

    /// GOAWAY came: no stream opens from now on, and streams above `lastStreamID` will not be
    /// answered.
    ///
    /// - Returns: the requests that had not gone out, in stream order: they never reached the server.
    mutating func goAway(lastStreamID: HTTP2StreamID) -> [HTTP2StreamID] {
        isGoingAway = true
        for streamID in streams.keys where streamID > lastStreamID { streams[streamID] = nil }
        let unsent = waitingForStream.map(\.streamID)
        waitingForStream.removeAll()
        return unsent
    }

    private mutating func openWaitingStreams(into out: inout ByteBuffer, headersSent: (HTTP2StreamID) -> Void) {
        while !isGoingAway, streams.count < maximumConcurrentStreams, let next = waitingForStream.popFirst() {
            writeHeaders(next.request, on: next.streamID, into: &out)
            highestOpened = next.streamID
            headersSent(next.streamID)
            streams[next.streamID] = OpenStream(sendWindow: initialStreamWindow, unsentBody: next.request.body)
            waitingForWindow.append(next.streamID)
        }
        sendWaitingBodies(into: &out)
    }

    /// The streams whose request was written whole since the handler last took them.
    private(set) var writtenRequests: [HTTP2StreamID] = []

    /// Hands over ``writtenRequests`` and starts a new list.
    mutating func takeWrittenRequests() -> [HTTP2StreamID] {
        defer { writtenRequests = [] }
        return writtenRequests
    }

    /// Writes the bodies still to go, in the order their streams opened, as far as the windows
    /// allow (section 6.9.1): a body larger than a window goes in parts, and a stream whose own
    /// window is closed does not hold back the others; only the connection's window stops all.
    private mutating func sendWaitingBodies(into out: inout ByteBuffer) {
        // The list is rebuilt once rather than shortened at the front per stream: a flush opens
        // hundreds of streams, and removing each from the front moved all the others.
        var stillWaiting: [HTTP2StreamID] = []
        var position = 0
        while position < waitingForWindow.count {
            let streamID = waitingForWindow[position]
            guard var stream = streams[streamID], var body = stream.unsentBody else {
                position += 1  // reset or answered meanwhile
                continue
            }
            // An empty body still needs its DATA frame, for END_STREAM.
            let length = min(body.count, sendWindow, stream.sendWindow, maximumFrameSize)
            guard length > 0 || body.isEmpty else {
                if sendWindow <= 0 { break }
                stillWaiting.append(streamID)
                position += 1
                continue
            }
            let isLast = length == body.count
            sendWindow -= length
            stream.sendWindow -= length
            Self.writeFrameHeader(length: length, type: 0x0, flags: isLast ? 0x1 : 0, streamID: streamID, into: &out)  // END_STREAM on the last
            out.writeBytes(body.prefix(length))
            if isLast {
                stream.unsentBody = nil
                writtenRequests.append(streamID)
                position += 1
            } else {
                body.removeFirst(length)  // the same stream goes on, as far as the windows allow
                stream.unsentBody = body
            }
            streams[streamID] = stream
        }
        if position > 0 {
            stillWaiting.append(contentsOf: waitingForWindow[position...])
            waitingForWindow = stillWaiting
        }
    }

    // MARK: Connection frames

    /// The server's SETTINGS (section 6.5.2): applied, acknowledged, and any request they let
    /// out is written.
    mutating func apply(_ settings: [(identifier: UInt16, value: UInt32)], into out: inout ByteBuffer, headersSent: (HTTP2StreamID) -> Void) throws(HTTP2ConnectionError) {
        for (identifier, value) in settings {
            switch identifier {
            case 0x1:  // SETTINGS_HEADER_TABLE_SIZE
                encoder.serverAllowsTableSize(Int(value))
            case 0x2:  // SETTINGS_ENABLE_PUSH: a server may send only 0 (section 6.5.2)
                guard value == 0 else { throw HTTP2ConnectionError(.protocolError, "SETTINGS_ENABLE_PUSH \(value) from a server") }
            case 0x3:  // SETTINGS_MAX_CONCURRENT_STREAMS
                maximumConcurrentStreams = Int(value)
            case 0x4:  // SETTINGS_INITIAL_WINDOW_SIZE: the change applies to every open stream
                guard value <= 0x7fff_ffff else { throw HTTP2ConnectionError(.flowControlError, "SETTINGS_INITIAL_WINDOW_SIZE \(value)") }
                let change = Int(value) - initialStreamWindow
                initialStreamWindow = Int(value)
                for streamID in streams.keys {
                    streams[streamID]!.sendWindow += change
                    guard streams[streamID]!.sendWindow <= 0x7fff_ffff else {
                        throw HTTP2ConnectionError(.flowControlError, "SETTINGS_INITIAL_WINDOW_SIZE \(value) took stream \(streamID)'s window past 2^31 - 1")
                    }
                }
            case 0x5:  // SETTINGS_MAX_FRAME_SIZE
                guard (16_384...16_777_215).contains(value) else { throw HTTP2ConnectionError(.protocolError, "SETTINGS_MAX_FRAME_SIZE \(value)") }
                maximumFrameSize = Int(value)
            default:
                break  // SETTINGS_MAX_HEADER_LIST_SIZE is advice; unknown settings are ignored
            }
        }
        Self.writeFrameHeader(length: 0, type: 0x4, flags: 0x1, streamID: .rootStream, into: &out)  // ACK
        sendWaitingBodies(into: &out)
        openWaitingStreams(into: &out, headersSent: headersSent)
    }

    /// A WINDOW_UPDATE (section 6.9): bodies that waited for it are written.
    mutating func windowUpdate(_ streamID: HTTP2StreamID, increment: Int, into out: inout ByteBuffer) throws(HTTP2ConnectionError) {
        if streamID == .rootStream {
            guard increment > 0 else { throw HTTP2ConnectionError(.protocolError, "a WINDOW_UPDATE of 0 for the connection") }
            guard sendWindow + increment <= 0x7fff_ffff else { throw HTTP2ConnectionError(.flowControlError, "the connection's window grew past 2^31 - 1") }
            sendWindow += increment
        } else if let window = streams[streamID]?.sendWindow {
            // A stream's errors end only the stream in HTTP/2; here its request is at most 5 KB,
            // so an update that breaks the rules is a server too broken to keep.
            guard increment > 0 else { throw HTTP2ConnectionError(.protocolError, "a WINDOW_UPDATE of 0 for stream \(streamID)") }
            guard window + increment <= 0x7fff_ffff else {
                throw HTTP2ConnectionError(.flowControlError, "a WINDOW_UPDATE of \(increment) took stream \(streamID)'s window past 2^31 - 1")
            }
            streams[streamID]!.sendWindow += increment
        }
        sendWaitingBodies(into: &out)
    }

    /// A DATA frame came, of `length` bytes with padding: counted against the connection's window.
    mutating func received(flowControlledLength length: Int) throws(HTTP2ConnectionError) {
        received += length
        guard received <= Self.receiveWindow else {
            throw HTTP2ConnectionError(.flowControlError, "the server sent \(received) bytes of DATA into a window of \(Self.receiveWindow)")
        }
    }

    /// Refills the connection's receive window once half of it is used; called when a read is done.
    mutating func refillReceiveWindow(into out: inout ByteBuffer) {
        guard received >= Self.receiveWindow / 2 else { return }
        writeWindowUpdate(streamID: .rootStream, increment: received, into: &out)
        received = 0
    }

    /// Answers a PING with its acknowledgement (section 6.7).
    func writePingAcknowledgement(_ opaqueData: UInt64, into out: inout ByteBuffer) {
        Self.writeFrameHeader(length: 8, type: 0x6, flags: 0x1, streamID: .rootStream, into: &out)
        out.writeInteger(opaqueData)
    }

    /// GOAWAY for a connection error this client found (section 5.4.1).
    func writeGoAway(_ error: HTTP2ConnectionError, into out: inout ByteBuffer) {
        let debugData = error.message.utf8.prefix(256)
        Self.writeFrameHeader(length: 8 + debugData.count, type: 0x7, flags: 0, streamID: .rootStream, into: &out)
        out.writeInteger(UInt32(0))  // the server opens no streams on this connection
        out.writeInteger(UInt32(error.code.networkCode))
        out.writeBytes(debugData)
    }

    // MARK: Writing frames

    private mutating func writeHeaders(_ request: APNSWireRequest, on streamID: HTTP2StreamID, into out: inout ByteBuffer) {
        let count = request.body.count
        if lastContentLength.count != count { lastContentLength = (count, String(count)) }
        let headerIndex = out.writerIndex
        Self.writeFrameHeader(length: 0, type: 0x1, flags: 0x4, streamID: streamID, into: &out)  // END_HEADERS
        let blockStart = out.writerIndex
        encoder.encode(request, authority: authority, contentLength: lastContentLength.text, into: &out)
        let blockLength = out.writerIndex - blockStart
        guard blockLength > maximumFrameSize else {
            out.setInteger(UInt16(blockLength >> 8), at: headerIndex)
            out.setInteger(UInt8(truncatingIfNeeded: blockLength), at: headerIndex + 2)
            return
        }
        // A block larger than a frame: HEADERS without END_HEADERS, then CONTINUATION frames.
        var block = out.getSlice(at: blockStart, length: blockLength)!
        out.moveWriterIndex(to: headerIndex)
        var type: UInt8 = 0x1
        while block.readableBytes > 0 {
            var fragment = block.readSlice(length: min(maximumFrameSize, block.readableBytes))!
            Self.writeFrameHeader(length: fragment.readableBytes, type: type, flags: block.readableBytes == 0 ? 0x4 : 0, streamID: streamID, into: &out)
            out.writeBuffer(&fragment)
            type = 0x9
        }
    }

    private func writeResetStream(_ streamID: HTTP2StreamID, code: HTTP2ErrorCode, into out: inout ByteBuffer) {
        Self.writeFrameHeader(length: 4, type: 0x3, flags: 0, streamID: streamID, into: &out)
        out.writeInteger(UInt32(code.networkCode))
    }

    private func writeWindowUpdate(streamID: HTTP2StreamID, increment: Int, into out: inout ByteBuffer) {
        Self.writeFrameHeader(length: 4, type: 0x8, flags: 0, streamID: streamID, into: &out)
        out.writeInteger(UInt32(increment))
    }

    /// The nine bytes before a frame's payload (section 4.1).
    private static func writeFrameHeader(length: Int, type: UInt8, flags: UInt8, streamID: HTTP2StreamID, into out: inout ByteBuffer) {
        out.writeInteger(UInt16(length >> 8))
        out.writeInteger(UInt8(truncatingIfNeeded: length))
        out.writeInteger(type)
        out.writeInteger(flags)
        out.writeInteger(UInt32(Int32(streamID)))
    }
}
