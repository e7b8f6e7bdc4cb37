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
        // Version 4 in the high nibble of byte 6, the RFC variant in the top bits of byte 8.
        let high = (generator.next() as UInt64) & ~0xF000 | 0x4000
        let low = (generator.next() as UInt64) & ~(0xC0 << 56) | 0x80 << 56
        return UUID(uuid: withUnsafeBytes(of: (high.bigEndian, low.bigEndian)) { $0.load(as: uuid_t.self) })
    }
}
