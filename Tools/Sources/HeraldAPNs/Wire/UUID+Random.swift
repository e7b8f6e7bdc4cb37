import Foundation

extension UUID {
    /// A random (version 4) UUID from a generator.
    ///
    /// Foundation has `UUID.version4(using:)` only from Swift 6.2 (and, on Apple platforms, its
    /// newest releases); this one works wherever Herald builds.
    ///
    /// - Parameter generator: the source of randomness; `SystemRandomNumberGenerator` for ids
    ///   others must not guess.
    /// - Returns: a UUID with the version and variant bits of RFC 9562's version 4.
    public static func version4(using generator: inout some RandomNumberGenerator) -> UUID {
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * (7 - index)))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * (7 - index)))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC variant
        return UUID(uuid: (
            bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
            bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
