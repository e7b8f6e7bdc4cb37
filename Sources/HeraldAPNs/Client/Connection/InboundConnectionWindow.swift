import NIOHTTP2

/// Gives back the connection-level flow-control window on an HTTP/2 connection read frame by
/// frame, where no NIOHTTP2 multiplexer does it.
///
/// Streams end long before their own window matters (APNs bodies are at most 5 KB), but the
/// connection's window is shared by every stream and runs out after 64 KB. The size comes from
/// NIOHTTP2's window events rather than from counting DATA frames, so frames NIOHTTP2 drops
/// (for a stream reset meanwhile) are given back too. The client's `APNSStreamHandler` and the
/// emulator's server both use this.
package enum InboundConnectionWindow {
    /// The window HTTP/2 starts with, and the one kept.
    package static let target = 65_535

    /// The WINDOW_UPDATE to send after NIOHTTP2 reported a window, once half the connection's
    /// window is used (as NIOHTTP2's own multiplexer does).
    ///
    /// - Parameter event: any window event; only the connection's own (stream 0) counts.
    /// - Returns: the frame that refills the window to ``target``, or `nil`.
    package static func update(after event: NIOHTTP2WindowUpdatedEvent) -> HTTP2Frame? {
        guard event.streamID == .rootStream, let window = event.inboundWindowSize, window <= target / 2 else { return nil }
        return HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: target - window))
    }
}
