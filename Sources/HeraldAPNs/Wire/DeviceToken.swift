/// A device token as APNs takes it in the request path: hex, lowercased.
public struct DeviceToken: Hashable, Sendable, CustomStringConvertible {
    /// The token in lowercase hex.
    public let hex: String

    /// Reads a token as apps usually print it: hex digits, any case; spaces and angle brackets
    /// (the old `NSData` description, `<a1b2 c3d4>`) are ignored.
    ///
    /// - Parameter text: the token.
    /// - Returns: `nil` when, without those, it is empty, holds a non-hex character, or has an
    ///   odd number of digits (a token is whole bytes).
    public init?(_ text: String) {
        let digits = text.filter { !$0.isWhitespace && $0 != "<" && $0 != ">" }.lowercased()
        guard !digits.isEmpty, digits.count.isMultiple(of: 2), digits.allSatisfy(\.isHexDigit) else { return nil }
        hex = digits
    }

    public var description: String { hex }
}
