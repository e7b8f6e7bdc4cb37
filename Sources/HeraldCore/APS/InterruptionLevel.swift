/// `aps.interruption-level`: how insistently iOS 15+ presents the notification.
///
/// An open set: an unknown value survives as its string, so lint can name it.
public struct InterruptionLevel: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let passive = InterruptionLevel(rawValue: "passive")
    public static let active = InterruptionLevel(rawValue: "active")
    public static let timeSensitive = InterruptionLevel(rawValue: "time-sensitive")
    public static let critical = InterruptionLevel(rawValue: "critical")

    /// The four values APNs accepts.
    public static let known: [InterruptionLevel] = [.passive, .active, .timeSensitive, .critical]

    /// Whether APNs knows this value.
    public var isKnown: Bool { InterruptionLevel.known.contains(self) }
}
