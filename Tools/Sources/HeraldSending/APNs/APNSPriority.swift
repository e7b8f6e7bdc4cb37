/// `apns-priority`: when APNs delivers.
///
/// An open set: a value Apple has not documented survives as its number, and validation
/// names it.
public struct APNSPriority: RawRepresentable, Hashable, Sendable {
    /// The header's value as a number, such as 10.
    public let rawValue: Int

    /// - Parameter rawValue: the header's value; any number, known to APNs or not.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Deliver now (the default when the header is absent).
    public static let immediately = Self(rawValue: 10)
    /// Deliver with the device's power in mind; the only priority background pushes may use.
    public static let considerPower = Self(rawValue: 5)
    /// Never wake the device for it.
    public static let low = Self(rawValue: 1)

    /// The priority APNs takes when a request has no `apns-priority` header.
    public static let `default` = immediately

    /// The three priorities APNs accepts.
    public static let known: [APNSPriority] = [.immediately, .considerPower, .low]

    /// Whether APNs accepts this priority.
    public var isKnown: Bool { Self.known.contains(self) }

    /// Reads an `apns-priority` header's value as APNs does.
    ///
    /// - Parameter text: the header's value.
    /// - Throws: ``APNSRuleViolation/unknownPriority(_:)`` when it is not 10, 5 or 1.
    public init(headerValue text: String) throws(APNSRuleViolation) {
        guard let value = Int(text), Self.known.contains(Self(rawValue: value)) else { throw APNSRuleViolation.unknownPriority(text) }
        self.init(rawValue: value)
    }
}
