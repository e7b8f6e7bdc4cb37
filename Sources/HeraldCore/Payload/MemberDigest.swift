/// The names of an object's members summed up in 64 bits, so that most names it does not have
/// are ruled out without hashing them.
///
/// A layout tries some 30 pointers on every payload and most find nothing; a dictionary lookup
/// hashes the whole name, where this looks at its length and first and last bytes. Each ASCII
/// name sets one bit picked from those. A clear bit means the name is certainly absent; a set
/// bit only that it may be present, so a lookup still decides. Names with other characters
/// rule nothing out: a `String` compares them by canonical equivalence, and a different byte
/// sequence may be the same name (`"\u{212A}"` is `"K"`).
@_spi(HeraldTools) public struct MemberDigest: Sendable {
    private let bits: UInt64

    /// - Parameter value: an object; any other value rules nothing out (a pointer's step may
    ///   parse a string that holds JSON, or index an array).
    public init(_ value: JSONValue) {
        guard case .object(let members) = value else {
            self.init(bits: .max)
            return
        }
        self.init(names: members.keys)
    }

    /// The digest of a set of names, such as the keys of a table to be looked up by name.
    public init(names: some Sequence<String>) {
        var bits: UInt64 = 0
        for name in names {
            bits |= Self.bit(name)
            if bits == .max { break }
        }
        self.init(bits: bits)
    }

    private init(bits: UInt64) {
        self.bits = bits
    }

    /// Whether the object may have a member called `name`; `false` only when it certainly has not.
    public func mayContain(_ name: String) -> Bool {
        bits & Self.bit(name) != 0
    }

    /// `value[key]`, without the lookup when the digest rules `key` out.
    ///
    /// - Parameter value: the value this digest was made from.
    public func member(_ key: String, of value: JSONValue) -> JSONValue? {
        mayContain(key) ? value[key] : nil
    }

    /// Whether `pointer` may reach a value in the object: `false` only when its first token is
    /// certainly no member's name.
    public func mayResolve(_ pointer: JSONPointer) -> Bool {
        pointer.tokens.isEmpty || bits & pointer.firstTokenBit != 0
    }

    /// The bit an ASCII name sets; every bit (it rules nothing out) for a name with other
    /// characters.
    static func bit(_ name: String) -> UInt64 {
        if let bit = name.utf8.withContiguousStorageIfAvailable(bit(utf8:)) { return bit }
        var name = name
        return name.withUTF8(bit(utf8:))
    }

    private static func bit(utf8 bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        // Every byte ORed, without stopping early: a loop the compiler runs many bytes at a time.
        var all: UInt8 = 0
        for byte in bytes { all |= byte }
        guard all < 0x80 else { return .max }
        return bit(length: bytes.count, first: bytes.first ?? 0, last: bytes.last ?? 0)
    }

    /// The one of 64 bits a name with this length and these first and last bytes sets: what a
    /// digest of another kind of key (lint's spelling keys) picks its bits with.
    public static func bit(length: Int, first: UInt8, last: UInt8) -> UInt64 {
        1 << UInt64((length &* 31 &+ Int(first) &* 7 &+ Int(last)) & 63)
    }
}
