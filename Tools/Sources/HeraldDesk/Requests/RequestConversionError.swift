@_spi(HeraldTools) import HeraldCore

/// A request body its provider would refuse, so no device payload comes of it.
public struct RequestConversionError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// A field the provider requires is missing.
        public static let missingField = Code(rawValue: "missing-field")
        /// A field has a type the provider does not take.
        public static let wrongType = Code(rawValue: "wrong-type")
        /// Not exactly one recipient (FCM: token, topic or condition).
        public static let wrongTarget = Code(rawValue: "wrong-target")
        /// A field uses a name the provider reserves for itself.
        public static let reservedKey = Code(rawValue: "reserved-key")
    }

    public let code: Code
    /// What the provider would say, and what to change, for a person.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
