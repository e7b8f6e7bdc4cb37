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

    public init() {}
}
