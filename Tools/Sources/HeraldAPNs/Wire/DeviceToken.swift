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
        let hex = text.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count) { digits in Self.lowercaseHex(bytes, into: digits) ?? 0 }
        }
        guard !hex.isEmpty, hex.utf8.count.isMultiple(of: 2) else { return nil }
        self.hex = hex
    }

    /// Whether `text` reads as a token (what ``init(_:)`` accepts), without making one.
    public static func isToken(_ text: String) -> Bool {
        var text = text
        let count = text.withUTF8 { lowercaseHex($0, into: nil) }
        return count.map { $0 > 0 && $0.isMultiple(of: 2) } ?? false
    }

    /// Writes the hex digits of `bytes` in lowercase into `digits` (when given), leaving out
    /// spaces, tabs and angle brackets.
    ///
    /// - Returns: how many digits, or `nil` at any other character.
    private static func lowercaseHex(_ bytes: UnsafeBufferPointer<UInt8>, into digits: UnsafeMutableBufferPointer<UInt8>?) -> Int? {
        var count = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte + 32
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "<"), UInt8(ascii: ">"): continue
            default: return nil
            }
            digits?[count] = digit
            count += 1
        }
        return count
    }

    public var description: String { hex }
}
