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
        guard let token = text.withUTF8(Self.init(utf8:)) else { return nil }
        self = token
    }

    /// ``init(_:)`` on text's UTF-8 bytes: a batch reads millions of tokens, and this needs no
    /// `String` of them, only the hex it writes straight into the new one's storage.
    ///
    /// - Parameter bytes: the token's text as UTF-8.
    public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        let hex = String(unsafeUninitializedCapacity: bytes.count) { digits in Self.lowercaseHex(bytes, into: digits) ?? 0 }
        guard !hex.isEmpty, hex.utf8.count.isMultiple(of: 2) else { return nil }
        self.hex = hex
    }

    /// Whether `text` reads as a token (what ``init(_:)`` accepts), without making one.
    public static func isToken(_ text: String) -> Bool {
        var text = text
        return text.withUTF8(isToken(utf8:))
    }

    /// ``isToken(_:)`` on text's UTF-8 bytes.
    public static func isToken(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        lowercaseHex(bytes, into: nil).map { $0 > 0 && $0.isMultiple(of: 2) } ?? false
    }

    /// Writes the hex digits of `bytes` in lowercase into `digits` (when given), leaving out
    /// spaces, tabs and angle brackets.
    ///
    /// - Returns: how many digits, or `nil` at any other character.
    private static func lowercaseHex(_ bytes: UnsafeBufferPointer<UInt8>, into digits: UnsafeMutableBufferPointer<UInt8>?) -> Int? {
        if isLowercaseHex(bytes) {
            // As APNs hands tokens out, and as a tokens file mostly holds them: copied whole.
            if let digits, let source = bytes.baseAddress, bytes.count > 0 { digits.baseAddress!.update(from: source, count: bytes.count) }
            return bytes.count
        }
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

    /// Whether every byte is a lowercase hex digit: two comparisons a byte (wrapping subtraction
    /// puts every byte below "0", or "a", far above 10, or 6), where the general case costs a
    /// chain of ranges and a store. A batch reads each token twice (the check of the whole list,
    /// then the send): 3% of the client's CPU before. (Swift's SIMD16 did worse here: its
    /// generic lane operations are not vectorized on Linux.)
    private static func isLowercaseHex(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 &- UInt8(ascii: "0") < 10 || $0 &- UInt8(ascii: "a") < 6 }
    }

    public var description: String { hex }
}
