import NIOHTTP2

/// Gives back the connection-level flow-control window on an HTTP/2 connection read frame by
/// frame, where no NIOHTTP2 multiplexer does it.
///
/// Streams end long before their own window matters (APNs bodies are at most 5 KB), but the
/// connection's window is shared by every stream and runs out after 64 KB. The size comes from
/// NIOHTTP2's window events rather than from counting DATA frames, so frames NIOHTTP2 drops
/// (for a stream reset meanwhile) are given back too. The client's `APNSStreamHandler` and the
/// emulator's server both use this: ``observe(_:)`` each window event, and after each read
/// write what ``takeUpdate()`` returns, calling ``updateWritten()`` when that write completes.
package struct InboundConnectionWindow {
    /// The window HTTP/2 starts with, and the one kept.
    package static let target = 65_535

    /// The update due, not yet taken.
    private var due: HTTP2Frame?
    /// Whether an update is taken and its write not complete: NIOHTTP2 applies it only once it
    /// goes out, so until then its window events still show the low window, which must not be
    /// credited twice.
    private var inFlight = false

    package init() {}

    /// Notes a window event; once half the connection's window is used (as NIOHTTP2's own
    /// multiplexer does), an update that refills it to ``target`` becomes due.
    ///
    /// - Parameter event: any window event; only the connection's own (stream 0) counts.
    package mutating func observe(_ event: NIOHTTP2WindowUpdatedEvent) {
        guard !inFlight, event.streamID == .rootStream, let window = event.inboundWindowSize, window <= Self.target / 2 else { return }
        due = HTTP2Frame(streamID: .rootStream, payload: .windowUpdate(windowSizeIncrement: Self.target - window))
    }

    /// The WINDOW_UPDATE to write now, if one is due.
    package mutating func takeUpdate() -> HTTP2Frame? {
        guard let update = due else { return nil }
        due = nil
        inFlight = true
        return update
    }

    /// The update taken last is out (or its write failed): later events show the window as it is.
    package mutating func updateWritten() {
        inFlight = false
    }
}
