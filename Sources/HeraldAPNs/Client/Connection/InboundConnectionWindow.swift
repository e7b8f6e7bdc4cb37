import NIOHTTP2

/// The connection-level flow-control window for DATA received on an HTTP/2 connection read
/// frame by frame, where no NIOHTTP2 multiplexer gives it back.
///
/// Streams end long before their own window matters (APNs bodies are at most 5 KB), but the
/// connection's window is shared by every stream and runs out after 64 KB. The client's
/// `APNSStreamHandler` and the emulator's server both use this.
package struct InboundConnectionWindow {
    /// The window is given back once this much of it is used: half of HTTP/2's default.
    package static let threshold = 32 * 1024

    private var unacknowledgedBytes = 0

    package init() {}

    /// Counts a DATA frame's flow-controlled bytes (data and padding).
    ///
    /// - Returns: the WINDOW_UPDATE to send now, or `nil` while under ``threshold``.
    package mutating func received(_ data: HTTP2Frame.FramePayload.Data) -> HTTP2Frame? {
        unacknowledgedBytes += data.data.readableBytes + (data.paddingBytes.map { $0 + 1 } ?? 0)
        guard unacknowledgedBytes >= Self.threshold else { return nil }
        defer { unacknowledgedBytes = 0 }
        return HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: unacknowledgedBytes))
    }
}
