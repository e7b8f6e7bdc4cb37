extension MediaSniffer {
    /// One ISO BMFF box header. `end` may lie past the bytes at hand (a truncated file) and is
    /// `Int.max` for a top-level box that runs to the end of the file.
    struct Box {
        let type: FourCC
        let start: Int
        /// Where the content starts: after size, type, any 64-bit size and any `uuid` type.
        let contentStart: Int
        let end: Int
    }

    /// Why a walk over boxes stopped.
    enum BoxFailure: Error {
        /// The bytes end before a header the walk needs.
        case truncated
        /// A header that cannot be: a size smaller than its header, a child larger than its
        /// parent, stray bytes too few for a header.
        case malformed(String)
    }

    /// Reads the box header at `offset` inside a parent that ends at `parentEnd` (`Int.max`:
    /// the file itself, whose end is unknown).
    ///
    /// Size 1 means a 64-bit size follows; size 0 means the box runs to the parent's end. A
    /// size past the end of the file is kept (reading into it reports `truncated` later); a
    /// size past a known parent's end is malformed. Every box spans at least 8 bytes, so a
    /// walk always moves on.
    static func box(at offset: Int, in bytes: Bytes, parentEnd: Int) -> Result<Box, BoxFailure> {
        let room = parentEnd - offset
        guard room >= 8 else { return .failure(.malformed("\(room) stray bytes at the end of a box")) }
        guard let size32 = bytes.uint32BE(at: offset), let type = bytes.fourCC(at: offset + 4) else {
            return .failure(.truncated)
        }
        var header = 8
        let size: UInt64
        switch size32 {
        case 0:
            size = UInt64(room)
        case 1:
            guard room >= 16 else { return .failure(.malformed("a '\(type)' box's 64-bit size is cut off by its parent")) }
            guard let large = bytes.uint64BE(at: offset + 8) else { return .failure(.truncated) }
            header = 16
            size = large
        default:
            size = UInt64(size32)
        }
        if type == "uuid" { header += 16 }
        guard size >= UInt64(header) else { return .failure(.malformed("a '\(type)' box of \(size) bytes, less than its header")) }
        let end: Int
        if size <= UInt64(room) {
            end = offset + Int(size)
        } else if parentEnd == .max {
            end = .max
        } else {
            return .failure(.malformed("a '\(type)' box of \(size) bytes overruns its parent"))
        }
        return .success(Box(type: type, start: offset, contentStart: offset + header, end: end))
    }

    /// Calls `visit` on each child box from `start` to `end`, in order, until it returns
    /// false. Linear in the number of children, each at least 8 bytes.
    ///
    /// - Returns: true when `visit` stopped the walk, false when the children ran out.
    /// - Throws: ``BoxFailure`` from a header or from `visit`.
    static func walk(
        _ bytes: Bytes, from start: Int, to end: Int, visit: (Box) throws(BoxFailure) -> Bool
    ) throws(BoxFailure) -> Bool {
        var offset = start
        while offset < end {
            let child = try box(at: offset, in: bytes, parentEnd: end).get()
            guard try visit(child) else { return true }
            offset = child.end
        }
        return false
    }

    /// Reads fields inside one box whose bytes are all at hand; a read past the box's end is a
    /// malformed box.
    struct BoxReader {
        let bytes: Bytes
        let box: Box
        var offset: Int

        /// - Throws: `truncated` when the box's bytes are not all at hand.
        init(_ box: Box, in bytes: Bytes) throws(BoxFailure) {
            guard box.end <= bytes.count else { throw .truncated }
            self.bytes = bytes
            self.box = box
            self.offset = box.contentStart
        }

        mutating func read(_ length: Int) throws(BoxFailure) -> UInt64 {
            guard length <= box.end - offset, bytes.has(length, at: offset) else {
                throw .malformed("a '\(box.type)' box too short for its fields")
            }
            defer { offset += length }
            return (0..<length).reduce(0) { $0 << 8 | UInt64(bytes[offset + $1] ?? 0) }
        }
    }
}
