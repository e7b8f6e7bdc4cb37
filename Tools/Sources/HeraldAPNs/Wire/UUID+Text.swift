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
        guard text.count == 36 else { return nil }
        // The 32 digits into two 64-bit halves: no array per id read.
        var halves: (UInt64, UInt64) = (0, 0)
        var digits = 0
        for (offset, character) in text.enumerated() {
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
            if digits < 16 {
                halves.0 = halves.0 << 4 | UInt64(value)
            } else {
                halves.1 = halves.1 << 4 | UInt64(value)
            }
            digits += 1
        }
        let (high, low) = (halves.0.bigEndian, halves.1.bigEndian)
        return withUnsafeBytes(of: (high, low)) { $0.load(as: uuid_t.self) }
    }
}
