/// `apns-priority`: when APNs delivers.
///
/// An open set: a value Apple has not documented survives as its number, and validation
/// names it.
public struct APNSPriority: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Deliver now (the default when the header is absent).
    public static let immediately = Self(rawValue: 10)
    /// Deliver with the device's power in mind; the only priority background pushes may use.
    public static let considerPower = Self(rawValue: 5)
    /// Never wake the device for it.
    public static let low = Self(rawValue: 1)

    /// The three priorities APNs accepts.
    public static let known: [APNSPriority] = [.immediately, .considerPower, .low]
}
