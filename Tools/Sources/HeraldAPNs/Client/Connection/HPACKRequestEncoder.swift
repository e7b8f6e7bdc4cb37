import HeraldSending
import NIOCore

/// Writes the header blocks of a client's requests in HPACK (RFC 7541), the plain way an APNs
/// client can afford: every string as it is (no Huffman coding, section 5.2), the headers that
/// repeat from request to request (`:authority`, the provider token, `apns-topic`, …) kept in
/// the dynamic table and sent as one byte once there, and the ones that differ per notification
/// (`:path`, `apns-id`, `apns-collapse-id`) sent as literals that are never indexed.
///
/// The server decodes whatever HPACK allows, so nothing is lost by leaving Huffman out: the
/// literals grow by about a fifth, and the CPU NIOHPACK spent Huffman-coding them (a tenth of
/// the client's, docs/benchmarks.md) is saved.
///
/// One per connection, used in the order the blocks go out: the table it models is the
/// server's decoder's, which changes with every block.
struct HPACKRequestEncoder {
    private struct Entry {
        let name: String
        let value: String
        /// RFC 7541, section 4.1: the octets of both strings and 32.
        var size: Int { name.utf8.count + value.utf8.count + 32 }
    }

    /// The largest table this encoder uses, whatever the server allows: the headers it indexes
    /// fit in far less.
    static let largestTableSize = 4096

    /// Oldest first; the newest has index 62 (section 2.3.3).
    private var entries: [Entry] = []
    private var size = 0
    /// The table size in force: the server's `SETTINGS_HEADER_TABLE_SIZE`, up to ``largestTableSize``.
    private var capacity = 4096
    /// The smallest size the table had since the last block, when it changed: the next block
    /// must start by saying so (section 4.2).
    private var smallestSinceLastBlock: Int?

    /// The server's `SETTINGS_HEADER_TABLE_SIZE` came.
    mutating func serverAllowsTableSize(_ limit: Int) {
        let newCapacity = min(max(0, limit), Self.largestTableSize)
        guard newCapacity != capacity else { return }
        capacity = newCapacity
        smallestSinceLastBlock = min(smallestSinceLastBlock ?? newCapacity, newCapacity)
        evict(toFit: 0)
    }

    /// Writes one request's header block.
    ///
    /// - Parameters:
    ///   - request: the request; its header names are lowercase (``APNSRequest`` writes them so).
    ///   - authority: `host[:port]`.
    ///   - contentLength: the body's length, as text.
    ///   - out: where the block goes.
    mutating func encode(_ request: APNSWireRequest, authority: String, contentLength: String, into out: inout ByteBuffer) {
        // The block is written through one pointer, not a ByteBuffer call per byte (each checks
        // exclusive access and capacity: most of this encoder's time went there). Its largest
        // size: every string whole, each field (five, then the headers) with room for its index
        // and two length prefixes, and two table size updates.
        let strings = request.method.utf8.count + authority.utf8.count + request.path.utf8.count + contentLength.utf8.count
            + request.headers.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count }
        let bound = strings + (5 + request.headers.count + 2) * BlockWriter.largestFieldOverhead
        out.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { bytes in
            var block = BlockWriter(bytes)
            encode(request, authority: authority, contentLength: contentLength, into: &block)
            return block.count
        }
    }

    private mutating func encode(_ request: APNSWireRequest, authority: String, contentLength: String, into out: inout BlockWriter) {
        if let smallest = smallestSinceLastBlock {
            out.writeInteger(smallest, prefixBits: 5, flags: 0x20)
            if capacity != smallest { out.writeInteger(capacity, prefixBits: 5, flags: 0x20) }
            smallestSinceLastBlock = nil
        }
        // Static table (Appendix A): 3 is `:method: POST`, 7 `:scheme: https`.
        if request.method == "POST" {
            out.writeByte(0x80 | 3)
        } else {
            Self.writeLiteral(nameIndex: 2, name: ":method", value: request.method, into: &out)
        }
        out.writeByte(0x80 | 7)
        writeIndexed(name: ":authority", value: authority, staticNameIndex: 1, into: &out)
        Self.writeLiteral(nameIndex: 4, name: ":path", value: request.path, into: &out)
        for header in request.headers {
            switch header.name {
            case APNSHeaderName.id, APNSHeaderName.collapseID:
                Self.writeLiteral(nameIndex: 0, name: header.name, value: header.value, into: &out)
            case APNSHeaderName.authorization:
                writeIndexed(name: header.name, value: header.value, staticNameIndex: 23, into: &out)
            case "content-type":
                writeIndexed(name: header.name, value: header.value, staticNameIndex: 31, into: &out)
            default:
                writeIndexed(name: header.name, value: header.value, staticNameIndex: 0, into: &out)
            }
        }
        writeIndexed(name: "content-length", value: contentLength, staticNameIndex: 28, into: &out)
    }

    // MARK: Representations

    /// An indexed field (section 6.1) when the table holds the pair; else a literal with
    /// incremental indexing (section 6.2.1), which adds it.
    private mutating func writeIndexed(name: String, value: String, staticNameIndex: Int, into out: inout BlockWriter) {
        if let position = entries.lastIndex(where: { $0.value.utf8.count == value.utf8.count && $0.name == name && $0.value == value }) {
            out.writeInteger(62 + entries.count - 1 - position, prefixBits: 7, flags: 0x80)
            return
        }
        out.writeInteger(staticNameIndex, prefixBits: 6, flags: 0x40)
        if staticNameIndex == 0 { out.writeString(name) }
        out.writeString(value)
        let entry = Entry(name: name, value: value)
        evict(toFit: entry.size)
        if entry.size <= capacity {  // a larger entry empties the table and is not added (section 4.4)
            entries.append(entry)
            size += entry.size
        }
    }

    /// A literal never indexed (section 6.2.3): neither this encoder nor an intermediary keeps it.
    private static func writeLiteral(nameIndex: Int, name: String, value: String, into out: inout BlockWriter) {
        out.writeInteger(nameIndex, prefixBits: 4, flags: 0x10)
        if nameIndex == 0 { out.writeString(name) }
        out.writeString(value)
    }

    private mutating func evict(toFit incoming: Int) {
        var dropped = 0
        while size + incoming > capacity, dropped < entries.count {
            size -= entries[dropped].size
            dropped += 1
        }
        entries.removeFirst(dropped)
    }

    // MARK: Primitives

    /// Writes a block into memory already reserved for its largest size; stops the process
    /// rather than write past it.
    struct BlockWriter {
        /// The most bytes a field takes beside its strings: its index (up to 3 bytes for the
        /// indexes used here) and two string length prefixes (up to 5 bytes each for any length
        /// a header can have).
        static let largestFieldOverhead = 13

        private let bytes: UnsafeMutableRawBufferPointer
        private(set) var count = 0

        init(_ bytes: UnsafeMutableRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func writeByte(_ byte: UInt8) {
            precondition(count < bytes.count, "a header block past the size reserved for it")
            bytes[count] = byte
            count += 1
        }

        /// An integer with an N-bit prefix (section 5.1), the first byte's other bits being `flags`.
        mutating func writeInteger(_ value: Int, prefixBits: Int, flags: UInt8) {
            let limit = (1 << prefixBits) - 1
            guard value >= limit else {
                writeByte(flags | UInt8(value))
                return
            }
            writeByte(flags | UInt8(limit))
            var rest = value - limit
            while rest >= 128 {
                writeByte(UInt8(truncatingIfNeeded: rest) | 0x80)
                rest >>= 7
            }
            writeByte(UInt8(rest))
        }

        /// A string literal as it is, without Huffman coding (section 5.2).
        mutating func writeString(_ string: String) {
            var string = string
            writeInteger(string.utf8.count, prefixBits: 7, flags: 0)
            string.withUTF8 { utf8 in
                precondition(count + utf8.count <= bytes.count, "a header block past the size reserved for it")
                UnsafeMutableRawBufferPointer(rebasing: bytes[count...]).copyMemory(from: UnsafeRawBufferPointer(utf8))
                count += utf8.count
            }
        }
    }
}
