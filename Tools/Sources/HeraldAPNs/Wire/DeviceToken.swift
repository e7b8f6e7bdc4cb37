/// A device token as APNs takes it in the request path: hex, lowercased.
public struct DeviceToken: Hashable, Sendable, CustomStringConvertible {
    /// The token in lowercase hex.
    public let hex: String

    /// Reads a token as apps usually print it: hex digits, any case; spaces, tabs and angle
    /// brackets (the old `NSData` description, `<a1b2 c3d4>`) are ignored.
    ///
    /// - Parameter text: the token.
    /// - Returns: `nil` when, without those, it is empty, holds a non-hex character, or has an
    ///   odd number of digits (a token is whole bytes).
    public init?(_ text: String) {
        // Byte by byte into the String's own storage: a batch reads millions of tokens.
        var valid = true
        let hex = String(unsafeUninitializedCapacity: text.utf8.count) { digits in
            var count = 0
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): digits[count] = byte
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digits[count] = byte + 32
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "<"), UInt8(ascii: ">"): continue
                default:
                    valid = false
                    return 0
                }
                count += 1
            }
            return count
        }
        guard valid, !hex.isEmpty, hex.utf8.count.isMultiple(of: 2) else { return nil }
        self.hex = hex
    }

    public var description: String { hex }
}
