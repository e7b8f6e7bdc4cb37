import NIOCore
import NIOHTTP2

extension NIOHTTP2Handler.Configuration {
    /// NIOHTTP2's settings for an APNs connection, on the client or the emulator's side.
    ///
    /// NIOHTTP2's defaults guard a server against strangers, and would end a busy APNs
    /// connection that is working as intended: more than 200 resets received in 30 s (the
    /// emulator resets streams on purpose; a client resets every stream whose deadline passed),
    /// more than 200 stream errors in the connection's life, or an answer arriving for one of
    /// more than 32 streams reset since. Each peer here trusts the other, so those limits are
    /// lifted; a request's deadline and the retry policy bound what a misbehaving peer costs.
    ///
    /// - Parameter initialSettings: the SETTINGS to announce.
    /// - Returns: the configuration.
    package static func apns(initialSettings: HTTP2Settings = nioDefaultSettings) -> Self {
        var configuration = Self()
        configuration.connection.initialSettings = initialSettings
        configuration.connection.maximumRecentlyResetStreams = 4096  // more than any in-flight limit APNs allows
        configuration.connection.maximumConnectionGlitches = Int.max
        configuration.connection.controlFrameRateLimit.maximumCount = Int.max
        configuration.stream.streamResetFrameRateLimit.maximumCount = Int.max
        configuration.stream.streamErrorRateLimit.maximumCount = Int.max
        return configuration
    }
}
