/// What the emulator has seen since it started.
public struct EmulatorStatistics: Hashable, Sendable {
    /// Requests received, faults included.
    public var received = 0
    /// Notifications accepted (answered 200 and logged).
    public var accepted = 0
    /// Requests refused by APNs's rules, by reason.
    public var refused: [String: Int] = [:]
    /// Requests answered with a scheduled fault instead, or accepted and their answer lost on
    /// purpose (``EmulatorFaults/loseAnswerEvery``).
    public var faultsInjected = 0
    /// Accepted notifications whose answer did not go out whole: lost on purpose, or its
    /// stream or connection ended first (a client's deadline, a closed connection). A client
    /// cannot know these were accepted, and may send them again.
    public var answersLost = 0
    /// The most requests one connection had in the emulator's hands at once: at most
    /// SETTINGS_MAX_CONCURRENT_STREAMS for a client that keeps to it.
    public var peakConcurrentStreams = 0
    /// Connections accepted since the start.
    public var connections = 0

    public init() {}
}
