import Foundation

/// Bytes a signed build's readers take by offset: a file on disk (``BuildFile``), an entry of an
/// .ipa (``ZIPEntrySource``), or bytes in memory.
///
/// Every offset and length a reader takes from the bytes themselves comes through ``read(_:)``,
/// which throws, rather than trapping, when they are not all there. A source may only be read
/// front to back (an entry inflated as it is read): ``ZIPEntrySource`` says when a reader goes
/// back further than its last read.
protocol ByteSource {
    /// How many bytes there are.
    var count: Int { get }

    /// The bytes at `range`.
    ///
    /// - Throws: ``DoctorError`` (naming no file: the caller knows it) when `range` is not inside
    ///   the bytes, or they cannot be read.
    mutating func read(_ range: Range<Int>) throws(DoctorError) -> [UInt8]
}

extension ByteSource {
    /// The range of `length` bytes from `offset`, when it is inside the bytes: offsets and
    /// lengths read from a file may be anything, and their sum may overflow.
    func range(at offset: Int, length: Int) -> Range<Int>? {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else { return nil }
        return offset..<(offset + length)
    }

    /// The bytes of `length` from `offset`, or `what` named as lying past the end.
    ///
    /// - Parameter what: what the bytes are, for the error: "the load commands".
    mutating func read(at offset: Int, length: Int, _ what: @autoclosure () -> String) throws(DoctorError) -> [UInt8] {
        guard let range = range(at: offset, length: length) else {
            throw DoctorError(file: nil, reason: "\(what()) (\(length) bytes at offset \(offset)) lie past the end of the file (\(count) bytes)")
        }
        return try read(range)
    }
}

/// Bytes in memory: a file read whole, or what a test or the fuzzer hands over.
struct MemoryBytes: ByteSource {
    let bytes: [UInt8]

    var count: Int { bytes.count }

    func read(_ range: Range<Int>) throws(DoctorError) -> [UInt8] {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw DoctorError(file: nil, reason: "bytes \(range.lowerBound)..<\(range.upperBound) lie past the end of the file (\(bytes.count) bytes)")
        }
        return Array(bytes[range])
    }
}

/// Big- and little-endian integers at an offset of bytes already read.
extension [UInt8] {
    /// The unsigned integer of `size` bytes at `offset`, in either byte order; 0 for bytes that
    /// are not there (a caller reads a header whole, checked, before it takes its fields).
    func unsigned(at offset: Int, size: Int, bigEndian: Bool) -> UInt64 {
        guard offset >= 0, size <= 8, offset <= count - size else { return 0 }
        var value: UInt64 = 0
        for index in 0..<size {
            let byte = UInt64(self[bigEndian ? offset + index : offset + size - 1 - index])
            value = value << 8 | byte
        }
        return value
    }

    func uint16(at offset: Int, bigEndian: Bool = false) -> Int { Int(unsigned(at: offset, size: 2, bigEndian: bigEndian)) }
    func uint32(at offset: Int, bigEndian: Bool = false) -> Int { Int(unsigned(at: offset, size: 4, bigEndian: bigEndian)) }
    /// A 64-bit field as an `Int`, or `nil` past `Int.max` (no file this reads is that large).
    func uint64(at offset: Int, bigEndian: Bool = false) -> Int? {
        let value = unsigned(at: offset, size: 8, bigEndian: bigEndian)
        return value <= UInt64(Int.max) ? Int(value) : nil
    }
}
