extension MediaSniffer {
    /// A read-only view of the bytes being sniffed whose every read is bounds-checked: a read
    /// that would pass the end returns nil instead of trapping.
    ///
    /// Only lives inside ``withBytes(_:_:)``'s closure; it never escapes.
    struct Bytes {
        private let buffer: UnsafeBufferPointer<UInt8>

        init(_ buffer: UnsafeBufferPointer<UInt8>) {
            self.buffer = buffer
        }

        var count: Int { buffer.count }

        /// The first `length` bytes (all of them when there are fewer).
        func prefix(_ length: Int) -> Bytes {
            Bytes(UnsafeBufferPointer(rebasing: buffer.prefix(max(0, length))))
        }

        /// Whether `length` bytes starting at `offset` are all present. Never overflows, however
        /// large the offset a header claims.
        func has(_ length: Int, at offset: Int) -> Bool {
            offset >= 0 && length >= 0 && offset <= count && length <= count - offset
        }

        subscript(_ offset: Int) -> UInt8? {
            has(1, at: offset) ? buffer[offset] : nil
        }

        func uint16BE(at offset: Int) -> UInt16? {
            guard has(2, at: offset) else { return nil }
            return UInt16(buffer[offset]) << 8 | UInt16(buffer[offset + 1])
        }

        func uint16LE(at offset: Int) -> UInt16? {
            guard has(2, at: offset) else { return nil }
            return UInt16(buffer[offset + 1]) << 8 | UInt16(buffer[offset])
        }

        func uint24LE(at offset: Int) -> UInt32? {
            guard has(3, at: offset) else { return nil }
            return UInt32(buffer[offset + 2]) << 16 | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset])
        }

        func uint32BE(at offset: Int) -> UInt32? {
            guard has(4, at: offset) else { return nil }
            return unchecked32BE(at: offset)
        }

        func uint32LE(at offset: Int) -> UInt32? {
            guard has(4, at: offset) else { return nil }
            return UInt32(buffer[offset + 3]) << 24 | UInt32(buffer[offset + 2]) << 16
                | UInt32(buffer[offset + 1]) << 8 | UInt32(buffer[offset])
        }

        func uint64BE(at offset: Int) -> UInt64? {
            guard has(8, at: offset) else { return nil }
            return UInt64(unchecked32BE(at: offset)) << 32 | UInt64(unchecked32BE(at: offset + 4))
        }

        /// Only after `has(4, at: offset)`.
        private func unchecked32BE(at offset: Int) -> UInt32 {
            UInt32(buffer[offset]) << 24 | UInt32(buffer[offset + 1]) << 16
                | UInt32(buffer[offset + 2]) << 8 | UInt32(buffer[offset + 3])
        }

        func fourCC(at offset: Int) -> FourCC? {
            uint32BE(at: offset).map(FourCC.init(value:))
        }
    }

    /// Runs `body` over the first `limit` bytes, in place when the collection stores them
    /// contiguously (`Data`, `[UInt8]`, slices of both), so a large download is never copied;
    /// from any other collection, those bytes are copied once.
    static func withBytes<Result>(
        _ bytes: some Collection<UInt8>, limit: Int = .max, _ body: (Bytes) -> Result
    ) -> Result {
        if let result = bytes.withContiguousStorageIfAvailable({ body(Bytes($0).prefix(limit)) }) {
            return result
        }
        return Array(bytes.prefix(limit)).withUnsafeBufferPointer { body(Bytes($0)) }
    }

    /// A four-character code: an ISO BMFF box type, a RIFF chunk id, a file-type brand.
    struct FourCC: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        let value: UInt32

        init(value: UInt32) {
            self.value = value
        }

        /// Only for literals of four ASCII characters, such as `"ftyp"` or `"qt  "`.
        init(stringLiteral literal: StaticString) {
            precondition(literal.utf8CodeUnitCount == 4, "a four-character code has four ASCII characters")
            let start = literal.utf8Start
            value = (0..<4).reduce(0) { $0 << 8 | UInt32(start[$1]) }
        }

        /// The code as printable text for a message: non-printable bytes as `?`.
        var description: String {
            let bytes = (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
            return String(decoding: bytes.map { (0x20..<0x7F).contains($0) ? $0 : UInt8(ascii: "?") }, as: UTF8.self)
        }
    }
}
