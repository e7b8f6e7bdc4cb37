import NIOCore

/// Reads the header blocks of a server's answers in HPACK (RFC 7541): the `:status` and the
/// other headers as ``APNSHeader``s, with nothing in between.
///
/// An APNs answer is a status and an `apns-id`, often Huffman-coded and added to the table.
/// NIOHPACK's decoder, which this replaced, made a String of every name and value through a
/// general header list, and its Huffman decoding and those Strings were a tenth of the client's
/// CPU per notification (docs/benchmarks.md). Here a field from a table is the String the table
/// holds, a short name is a String without memory of its own, and an `apns-id` is one String.
///
/// One per connection, fed every header block in the order they came: each may change the
/// table the next one refers to. A block that breaks HPACK is a compression error, which ends
/// the connection (RFC 9113, section 4.3).
public struct HPACKResponseDecoder: Sendable {
    /// One block's headers.
    public struct Block: Hashable, Sendable {
        /// The first `:status`; `nil` when the block has none (trailers).
        public var status: String?
        /// The headers that are not pseudo-headers, in order.
        public var headers: [APNSHeader]

        /// - Parameters: see the properties.
        public init(status: String? = nil, headers: [APNSHeader] = []) {
            self.status = status
            self.headers = headers
        }
    }

    /// Why a block does not decode.
    public struct Failure: Error, CustomStringConvertible {
        /// What in the block breaks HPACK or a limit.
        public let description: String
    }

    private struct Entry {
        let name: String
        let value: String
        /// Section 4.1: the octets of both strings and 32.
        let size: Int
    }

    /// The table size this client allows the server (`SETTINGS_HEADER_TABLE_SIZE`, which it
    /// leaves at its initial 4096, RFC 9113 section 6.5.2).
    public static let allowedTableSize = 4096

    private let maximumHeaderListSize: Int
    /// The dynamic table, newest last, as a ring: a new entry and an evicted one move nothing.
    /// Every entry takes at least 32 octets, so the table never holds more than this many.
    private var ring = [Entry?](repeating: nil, count: Self.allowedTableSize / 32)
    private var oldest = 0
    private var entryCount = 0
    private var size = 0
    /// The size the server set with a table size update, at most ``allowedTableSize``.
    private var capacity = Self.allowedTableSize

    /// - Parameter maximumHeaderListSize: the largest block taken, counted as section 4.1
    ///   counts a table entry (RFC 9113, section 6.5.2).
    public init(maximumHeaderListSize: Int) {
        self.maximumHeaderListSize = maximumHeaderListSize
    }

    /// Decodes one whole block (a HEADERS frame's fragment and its CONTINUATIONs').
    public mutating func decode(_ block: ByteBuffer) throws(Failure) -> Block {
        var result: Result<Block, Failure>!
        block.withUnsafeReadableBytes { bytes in
            var reader = Reader(bytes: bytes)
            result = Result { () throws(Failure) in try decode(&reader) }
        }
        return try result.get()
    }

    private mutating func decode(_ reader: inout Reader) throws(Failure) -> Block {
        var block = Block()
        var listSize = 0
        var sawField = false
        while let first = reader.peek() {
            let name: String
            let value: String
            if first & 0x80 != 0 {  // indexed field (section 6.1)
                (name, value) = try field(at: reader.integer(prefixBits: 7))
            } else if first & 0x40 != 0 {  // literal with incremental indexing (section 6.2.1)
                let index = try reader.integer(prefixBits: 6)
                name = index == 0 ? try reader.string() : try field(at: index).name
                value = try reader.string()
                add(Entry(name: name, value: value, size: name.utf8.count + value.utf8.count + 32))
            } else if first & 0x20 != 0 {  // dynamic table size update (section 6.3)
                // Only before the first field (section 4.2).
                guard !sawField else { throw Failure(description: "a table size update after a header field") }
                let newCapacity = try reader.integer(prefixBits: 5)
                guard newCapacity <= Self.allowedTableSize else {
                    throw Failure(description: "a table size update to \(newCapacity), past the \(Self.allowedTableSize) allowed")
                }
                capacity = newCapacity
                evict(toFit: 0)
                continue
            } else {  // literal without indexing or never indexed (sections 6.2.2 and 6.2.3)
                let index = try reader.integer(prefixBits: 4)
                name = index == 0 ? try reader.string() : try field(at: index).name
                value = try reader.string()
            }
            sawField = true
            listSize += name.utf8.count + value.utf8.count + 32
            guard listSize <= maximumHeaderListSize else {
                throw Failure(description: "a header list past the \(maximumHeaderListSize) octets read")
            }
            if name.utf8.first == UInt8(ascii: ":") {
                if block.status == nil, name == ":status" { block.status = value }
            } else {
                if block.headers.isEmpty { block.headers.reserveCapacity(4) }  // an answer's few headers: one allocation
                block.headers.append(APNSHeader(name, value))
            }
        }
        return block
    }

    // MARK: The tables

    /// The field at `index` of the static table (1 to 61) or, past it, the dynamic one (newest first).
    private func field(at index: Int) throws(Failure) -> (name: String, value: String) {
        if index >= 1, index <= Self.staticTable.count { return Self.staticTable[index - 1] }
        let position = index - Self.staticTable.count - 1  // 0 is the newest
        guard position >= 0, position < entryCount, let entry = ring[(oldest + entryCount - 1 - position) % ring.count] else {
            throw Failure(description: "a header field index \(index), past the \(Self.staticTable.count + entryCount) in the tables")
        }
        return (entry.name, entry.value)
    }

    private mutating func add(_ entry: Entry) {
        evict(toFit: entry.size)
        guard entry.size <= capacity else { return }  // a larger entry empties the table and is not added (section 4.4)
        ring[(oldest + entryCount) % ring.count] = entry
        entryCount += 1
        size += entry.size
    }

    private mutating func evict(toFit incoming: Int) {
        while entryCount > 0, size + incoming > capacity {
            size -= ring[oldest]!.size
            ring[oldest] = nil
            oldest = (oldest + 1) % ring.count
            entryCount -= 1
        }
    }

    /// Appendix A.
    private static let staticTable: [(name: String, value: String)] = [
        (":authority", ""), (":method", "GET"), (":method", "POST"), (":path", "/"), (":path", "/index.html"),
        (":scheme", "http"), (":scheme", "https"), (":status", "200"), (":status", "204"), (":status", "206"),
        (":status", "304"), (":status", "400"), (":status", "404"), (":status", "500"), ("accept-charset", ""),
        ("accept-encoding", "gzip, deflate"), ("accept-language", ""), ("accept-ranges", ""), ("accept", ""),
        ("access-control-allow-origin", ""), ("age", ""), ("allow", ""), ("authorization", ""), ("cache-control", ""),
        ("content-disposition", ""), ("content-encoding", ""), ("content-language", ""), ("content-length", ""),
        ("content-location", ""), ("content-range", ""), ("content-type", ""), ("cookie", ""), ("date", ""), ("etag", ""),
        ("expect", ""), ("expires", ""), ("from", ""), ("host", ""), ("if-match", ""), ("if-modified-since", ""),
        ("if-none-match", ""), ("if-range", ""), ("if-unmodified-since", ""), ("last-modified", ""), ("link", ""),
        ("location", ""), ("max-forwards", ""), ("proxy-authenticate", ""), ("proxy-authorization", ""), ("range", ""),
        ("referer", ""), ("refresh", ""), ("retry-after", ""), ("server", ""), ("set-cookie", ""),
        ("strict-transport-security", ""), ("transfer-encoding", ""), ("user-agent", ""), ("vary", ""), ("via", ""),
        ("www-authenticate", ""),
    ]

    // MARK: Primitives

    /// Reads a block's octets front to back.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        private var position = 0

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

        private mutating func byte() throws(Failure) -> UInt8 {
            guard position < bytes.count else { throw Failure(description: "a header block that ends inside a field") }
            defer { position += 1 }
            return bytes[position]
        }

        /// An integer with an N-bit prefix (section 5.1). At most four more octets: no size or
        /// index in a block comes near 2²⁸, and a longer one could overflow.
        mutating func integer(prefixBits: Int) throws(Failure) -> Int {
            let limit = 1 << prefixBits - 1
            var value = Int(try byte()) & limit
            guard value == limit else { return value }
            var shift = 0
            while true {
                let next = try byte()
                guard shift <= 21 else { throw Failure(description: "an integer longer than HPACK needs") }
                value += Int(next & 0x7f) << shift
                shift += 7
                if next & 0x80 == 0 { return value }
            }
        }

        /// A string literal (section 5.2), Huffman-coded or not.
        mutating func string() throws(Failure) -> String {
            let isHuffmanCoded = peek().map { $0 & 0x80 != 0 } ?? false
            let count = try integer(prefixBits: 7)
            guard count <= bytes.count - position else { throw Failure(description: "a header string longer than its block") }
            let encoded = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)])
            position += count
            guard isHuffmanCoded else { return String(decoding: encoded, as: UTF8.self) }
            var failure: HPACKHuffmanCode.Failure?
            let decoded = String(unsafeUninitializedCapacity: HPACKHuffmanCode.largestDecodedCount(encodedCount: count)) { out in
                do throws(HPACKHuffmanCode.Failure) {
                    return try HPACKHuffmanCode.decode(encoded, into: out)
                } catch {
                    failure = error
                    return 0
                }
            }
            if let failure { throw Failure(description: failure.description) }
            return decoded
        }
    }
}
