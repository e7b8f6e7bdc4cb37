/// What the emulator has seen since it started.
public struct EmulatorStatistics: Hashable, Sendable {
    /// Requests received, faults included.
    public var received = 0
    /// Notifications accepted (answered 200 and logged).
    public var accepted = 0
    /// Requests refused by APNs's rules, by reason.
    public var refused: [String: Int] = [:]
    /// Requests answered with a scheduled fault instead.
    public var faultsInjected = 0
    /// The most requests one connection had in the emulator's hands at once: at most
    /// SETTINGS_MAX_CONCURRENT_STREAMS for a client that keeps to it.
    public var peakConcurrentStreams = 0
    /// Connections accepted since the start.
    public var connections = 0

    public init() {}
}
