import NIOCore
import NIOHTTP2

extension NIOHTTP2Handler.Configuration {
    /// NIOHTTP2's settings for the client's side of an APNs connection.
    ///
    /// NIOHTTP2's defaults guard a server against strangers, and would end a busy APNs
    /// connection that is working as intended: more than 200 resets received in 30 s (a
    /// troubled node, or the emulator's faults), more than 200 stream errors in the
    /// connection's life, or an answer arriving for one of more than 32 streams reset since (a
    /// client resets every stream whose deadline passed). The client trusts the server it
    /// chose, so those limits are lifted; a request's deadline and the retry policy bound what
    /// a misbehaving server costs. (The emulator keeps NIOHTTP2's defaults, as a server should.)
    ///
    /// NIOHTTP2's check of every header block (names lowercase and legal, pseudo-headers first,
    /// content-length against the DATA sent) is off too: it cost about a tenth of the client's
    /// CPU per notification (docs/benchmarks.md). What the client writes is built from a
    /// request ``APNSRequest/validate()`` passed, with a content-length it counts itself; of an
    /// answer it reads `:status`, without which the exchange fails, and looks up the few APNs
    /// headers by name, whatever else the block holds.
    package static func apnsClient() -> Self {
        var configuration = Self()
        configuration.connection.headerBlockValidation = .disabled
        configuration.connection.contentLengthValidation = .disabled
        configuration.connection.maximumRecentlyResetStreams = 4096  // more than any in-flight limit APNs allows
        configuration.connection.maximumConnectionGlitches = Int.max
        configuration.connection.controlFrameRateLimit.maximumCount = Int.max
        configuration.stream.streamResetFrameRateLimit.maximumCount = Int.max
        configuration.stream.streamErrorRateLimit.maximumCount = Int.max
        return configuration
    }
}
