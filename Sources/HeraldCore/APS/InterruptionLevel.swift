/// `aps.interruption-level`: how insistently iOS 15+ presents the notification.
///
/// An open set: an unknown value survives as its string, so lint can name it.
public struct InterruptionLevel: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `passive`: added to the list without sound, light or vibration.
    public static let passive = InterruptionLevel(rawValue: "passive")
    /// `active`: the default; presented at once, with sound if allowed.
    public static let active = InterruptionLevel(rawValue: "active")
    /// `time-sensitive`: may break through a Focus and the scheduled summary (needs the
    /// Time Sensitive Notifications capability).
    public static let timeSensitive = InterruptionLevel(rawValue: "time-sensitive")
    /// `critical`: ignores the mute switch and Do Not Disturb; needs Apple's critical-alerts
    /// entitlement.
    public static let critical = InterruptionLevel(rawValue: "critical")

    /// The four values APNs accepts.
    public static let known: [InterruptionLevel] = [.passive, .active, .timeSensitive, .critical]

    /// Whether APNs knows this value.
    public var isKnown: Bool { InterruptionLevel.known.contains(self) }
}
