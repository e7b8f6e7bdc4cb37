import Foundation

extension UUID {
    /// The UUID as APNs writes it in `apns-id`: `8-4-4-4-12` lowercase hex digits.
    ///
    /// Byte by byte: on Linux, Foundation's `uuidString` formats with `snprintf`, and a batch
    /// writes one id per notification.
    public var lowercasedText: String {
        let digits = Array("0123456789abcdef".utf8)
        return withUnsafeBytes(of: uuid) { bytes in
            String(unsafeUninitializedCapacity: 36) { text in
                var count = 0
                for (index, byte) in bytes.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        text[count] = UInt8(ascii: "-")
                        count += 1
                    }
                    text[count] = digits[Int(byte >> 4)]
                    text[count + 1] = digits[Int(byte & 0x0F)]
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
        // The 32 digits into two 64-bit halves: no array per id read.
        var halves: (UInt64, UInt64) = (0, 0)
        var digits = 0
        var offset = 0
        for character in text.utf8 {
            defer { offset += 1 }
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): value = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            guard digits < 32 else { return nil }
            if digits < 16 {
                halves.0 = halves.0 << 4 | UInt64(value)
            } else {
                halves.1 = halves.1 << 4 | UInt64(value)
            }
            digits += 1
        }
        guard offset == 36, digits == 32 else { return nil }
        let (high, low) = (halves.0.bigEndian, halves.1.bigEndian)
        self.init(uuid: withUnsafeBytes(of: (high, low)) { $0.load(as: uuid_t.self) })
    }
}
