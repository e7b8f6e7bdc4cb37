import Foundation

extension UUID {
    /// The UUID as APNs writes it in `apns-id`: `8-4-4-4-12` lowercase hex digits.
    ///
    /// Byte by byte: on Linux, Foundation's `uuidString` formats with `snprintf`, and a batch
    /// writes one id per notification.
    public var lowercasedText: String {
        // A StaticString's bytes, not an Array: no allocation per id.
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var count = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    text[count] = digits.utf8Start[Int(byte >> 4)]
                    text[count + 1] = digits.utf8Start[Int(byte & 0x0F)]
                    count += 2
                }
                return count
            }
        }
    }

    /// Reads a UUID written `8-4-4-4-12` in hex digits of either case, as `apns-id` carries it.
    ///
    /// Byte by byte, for the same reason as ``lowercasedText`` (Foundation parses with `sscanf`).
    ///
    /// - Parameter text: the 36 characters.
    /// - Returns: `nil` for any other length, a misplaced hyphen, or a character that is not hex.
    public init?(text: some StringProtocol) {
        // Over the bytes in place: iterating a generic StringProtocol's UTF-8 view cost more than
        // the parse itself.
        var text = String(text)
        guard let uuid = text.withUTF8(Self.uuid(fromUTF8:)) else { return nil }
        self.init(uuid: uuid)
    }

    private static func uuid(fromUTF8 text: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard text.count == 36, text[8] == UInt8(ascii: "-"), text[13] == UInt8(ascii: "-"), text[18] == UInt8(ascii: "-"),
            text[23] == UInt8(ascii: "-")
        else { return nil }
        // The 32 digits into two 64-bit halves: no array per id read. A digit's value is a
        // table lookup; a character that is not hex looks up 0xFF, whose high bits `invalid`
        // collects, tested once at the end (every answer's apns-id is read).
        let values = Self.hexValues
        var invalid: UInt8 = 0
        func digits(_ range: Range<Int>, onto half: UInt64) -> UInt64 {
            var half = half
            for offset in range {
                let value = values[Int(text[offset])]
                invalid |= value
                half = half &<< 4 | UInt64(value)
            }
            return half
        }
        let high = digits(14..<18, onto: digits(9..<13, onto: digits(0..<8, onto: 0)))
        let low = digits(24..<36, onto: digits(19..<23, onto: 0))
        guard invalid & 0xF0 == 0 else { return nil }
        return withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.load(as: uuid_t.self) }
    }

    /// By character: its value as a hex digit, or 0xFF.
    private static let hexValues: [UInt8] = (0...255).map { character in
        switch UInt8(character) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt8(character) - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt8(character) - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt8(character) - UInt8(ascii: "A") + 10
        default: 0xFF
        }
    }
}
