import FuzzSupport
import HeraldAPNs
import NIOCore
import NIOHPACK

/// The header blocks of a server's answers as Herald's APNs client reads them:
/// ``HPACKResponseDecoder``, which a hostile or broken server feeds, beside NIOHPACK's decoder
/// (an independent HPACK) fed the same blocks.
///
/// Input: blocks one after another, each a length octet and that many octets (fewer at the
/// end), into one decoder each, as the blocks of one connection. While both decoders take every
/// block, they must read the same `:status` and the same other headers; once either refuses
/// one, the connection would end, and the rest is only read for traps.
@main
enum HPACKResponseTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(HPACKResponseTarget.self, $0, $1) } }

    static func run(_ input: inout FuzzInput) {
        var decoder = HPACKResponseDecoder(maximumHeaderListSize: 16_384)
        var theirs = HPACKDecoder(allocator: ByteBufferAllocator(), maxDynamicTableSize: HPACKResponseDecoder.allowedTableSize, maxHeaderListSize: 16_384)
        var agreeing = true
        while !input.isEmpty {
            let count = Int(input.byte())
            var block: [UInt8] = []
            while block.count < count, !input.isEmpty { block.append(input.byte()) }
            let ours = try? decoder.decode(ByteBuffer(bytes: block))
            guard agreeing else { continue }
            var buffer = ByteBuffer(bytes: block)
            guard let ours, let headers = try? theirs.decodeHeaders(from: &buffer) else {
                agreeing = false
                continue
            }
            let expected = HPACKResponseDecoder.Block(
                status: headers.first { $0.name == ":status" }?.value,
                headers: headers.filter { !$0.name.hasPrefix(":") }.map { APNSHeader($0.name, $0.value) })
            require(ours == expected, "a block read as \(ours), where NIOHPACK read \(expected)")
        }
    }

    /// Answers as APNs and the emulator write them, and RFC 7541's examples, Huffman-coded or
    /// not: an answer with its ids, a refusal with its body's reason, a table size update.
    static var seeds: [(name: String, bytes: [UInt8])] {
        let answers: [[(String, String)]] = [
            [(":status", "200"), ("apns-id", "7b2d9a6c-1f3e-4c5d-8a9b-0c1d2e3f4a5b"), ("apns-unique-id", "a1b2c3d4-0000-4000-8000-000000000001")],
            [(":status", "400"), ("apns-id", "7b2d9a6c-1f3e-4c5d-8a9b-0c1d2e3f4a5c"), ("content-type", "application/json")],
            [(":status", "302"), ("cache-control", "private"), ("date", "Mon, 21 Oct 2013 20:13:21 GMT"), ("location", "https://www.example.com")],
        ]
        var seeds: [(name: String, bytes: [UInt8])] = []
        for huffman in [true, false] {
            var encoder = HPACKEncoder(allocator: ByteBufferAllocator(), useHuffmanEncoding: huffman)
            var bytes: [UInt8] = []
            for answer in answers + answers {
                var block = ByteBuffer()
                try! encoder.encode(headers: HPACKHeaders(answer), to: &block)
                bytes += [UInt8(block.readableBytes)] + Array(block.readableBytesView)
            }
            seeds.append((name: huffman ? "answers-huffman" : "answers-plain", bytes: bytes))
        }
        seeds.append((name: "table-size-update", bytes: [5, 0x3f, 0xe1, 0x01, 0x88, 0xbe]))
        return seeds
    }
}
