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
        var text = text
        // One pass over the String's own UTF-8 bytes (a batch reads millions of tokens); the
        // hex goes straight into the new String's storage.
        guard let hex = text.withUTF8(Self.lowercaseHex), !hex.isEmpty, hex.utf8.count.isMultiple(of: 2) else { return nil }
        self.hex = hex
    }

    /// The hex digits of `bytes` in lowercase, without spaces, tabs and angle brackets; `nil`
    /// at any other character.
    private static func lowercaseHex(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var valid = true
        let hex = String(unsafeUninitializedCapacity: bytes.count) { digits in
            var count = 0
            for byte in bytes {
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
        return valid ? hex : nil
    }

    public var description: String { hex }
}
