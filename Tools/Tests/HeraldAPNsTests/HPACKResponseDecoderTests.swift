import Foundation
import HeraldCore
@testable import HeraldAPNs
import NIOCore
import NIOHPACK
import Testing

/// The client's reading of a server's header blocks: RFC 7541's own examples, the blocks
/// NIOHPACK's encoder (a server's HPACK, written independently of Herald's decoder) writes
/// however its table moves, and every way a block can break HPACK.
@Suite struct HPACKResponseDecoderTests {
    static func bytes(_ hex: String) -> ByteBuffer {
        let digits = Array(hex.filter { !$0.isWhitespace })
        return ByteBuffer(bytes: stride(from: 0, to: digits.count, by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16)! })
    }

    static func decoder() -> HPACKResponseDecoder { HPACKResponseDecoder(maximumHeaderListSize: 16_384) }

    static func failure(_ hex: String, after earlier: [String] = []) -> String? {
        var decoder = Self.decoder()
        for block in earlier { _ = try? decoder.decode(bytes(block)) }
        do {
            _ = try decoder.decode(bytes(hex))
            return nil
        } catch {
            return error.description
        }
    }

    /// RFC 7541, Appendix C.6: three responses, Huffman-coded, with a 256-octet table that
    /// evicts as they go. The first block starts with a table size update to 256 (`3f e1 01`),
    /// which the appendix's encoder had by its SETTINGS instead.
    @Test func theRFCsHuffmanCodedResponsesDecodeAndEvict() throws {
        var decoder = Self.decoder()
        let first = try decoder.decode(Self.bytes("""
            3fe101 4882 6402 5885 aec3 771a 4b61 96d0 7abe 9410 54d4 44a8 2005 9504 0b81 66e0 82a6 2d1b ff6e
            919d 29ad 1718 63c7 8f0b 97c8 e9ae 82ae 43d3
            """))
        #expect(first.status == "302")
        #expect(first.headers == [
            APNSHeader("cache-control", "private"), APNSHeader("date", "Mon, 21 Oct 2013 20:13:21 GMT"),
            APNSHeader("location", "https://www.example.com"),
        ])
        // ":status: 307" pushes ":status: 302" out; the rest comes from the table.
        let second = try decoder.decode(Self.bytes("4883 640e ffc1 c0bf"))
        #expect(second.status == "307")
        #expect(second.headers == first.headers)
        let third = try decoder.decode(Self.bytes("""
            88c1 6196 d07a be94 1054 d444 a820 0595 040b 8166 e084 a62d 1bff c05a 839b d9ab 77ad
            94e7 821d d7f2 e6c7 b335 dfdf cd5b 3960 d5af 2708 7f36 72c1 ab27 0fb5 291f 9587 3160
            65c0 03ed 4ee5 b106 3d50 07
            """))
        #expect(third.status == "200")
        #expect(third.headers == [
            APNSHeader("cache-control", "private"), APNSHeader("date", "Mon, 21 Oct 2013 20:13:22 GMT"),
            APNSHeader("location", "https://www.example.com"), APNSHeader("content-encoding", "gzip"),
            APNSHeader("set-cookie", "foo=ASDJKHQKBZXOQWEOPIUAXQWEOIU; max-age=3600; version=1"),
        ])
        // The appendix's table now holds three entries (set-cookie, content-encoding, date):
        // 64 is the oldest, 65 was evicted.
        #expect(try decoder.decode(Self.bytes("c0")).headers == [APNSHeader("date", "Mon, 21 Oct 2013 20:13:22 GMT")])
        #expect(throws: HPACKResponseDecoder.Failure.self) { try decoder.decode(Self.bytes("c1")) }
    }

    /// Every octet, 0 to 255, Huffman-coded by python-hyper's hpack 4.0.0 (an encoder
    /// independent of NIOHPACK's and Herald's), most of them with the longest codes of
    /// Appendix B and none of them valid UTF-8 alone.
    @Test func everyOctetDecodesFromItsHuffmanCode() throws {
        let encoded = Self.bytes([
            "ffc7fffd8fffffe2fffffe3fffffe4fffffe5fffffe6fffffe7fffffe8ffffeafffffff3fffffa7fffffabffffffdfff",
            "ffebfffffecfffffedfffffeefffffefffffff0ffffff1ffffff2fffffffbfffffcffffffd3fffffd7fffffdbfffffdf",
            "fffffe3fffffe7fffffebfffffed4fe3f9ffaffcabf1febfafefe7fdfd2cbb00089969b71d79fb9f7fff20ffbff3ff50",
            "ddbd7f061c58f265cd9f469d5af66dddbf871e5f9cff7ff7fffc3ff9ffe45fff4719242cb34e6e9d68a6a3d7dac426de",
            "fe3cfaf7fffbfe7ffbffdffffffcfffe6ffff4bfff9ffffa3fffd3ffff53fffd5ffffb3fffeb7fffdaffffb7ffff73ff",
            "feeffffdeffffebffffbfffffd9ffffdbfffebffffe0ffffeeffffc3ffff8bffff1ffffe4fffee7fffb1ffff97fffd9f",
            "fffcdffff9fffffbffffdafffeeffff4ffffb7fffee7fffe8ffffd3fffdeffffd5fffeeffffbdffffe1fffdfffff7fff",
            "ff5ffffecffff07fff87fffe0ffff17fffedffff87ffff77fffeffffeaffff8bfffe3ffff93ffff87fffcbffff37ffff",
            "1fffff83ffffe1fffebfffe3ffff3fffff2ffffa3ffffd9fffff17ffffc7fffff27ffffdefffffbffffff2fffff8ffff",
            "fb7fff97fff8fffffe6fffffc1fffff87ffffe7fffffc5ffffe5fffe4ffff2fffffd1fffff4ffffffefffffe3fffffc9",
            "fffff97fffb3ffffcffffb7fffcdffff4ffff9ffffd1ffffcffffeaffffafffffddffffeffffff4fffff5fffffabffff",
            "a7ffffd7fffff9bffffecfffffb7fffff3fffffe8fffffd3fffffabfffff5fffffff7ffffecfffffdbfffffbbfffff7f",
            "fffff0fffffbbf",
        ].joined())
        let decoded = encoded.withUnsafeReadableBytes { bytes in
            var out = [UInt8](repeating: 0, count: HPACKHuffmanCode.largestDecodedCount(encodedCount: bytes.count))
            let count = out.withUnsafeMutableBufferPointer { try? HPACKHuffmanCode.decode(bytes, into: $0) }
            return count.map { Array(out.prefix($0)) }
        }
        #expect(decoded == Array(0...255))
    }

    /// A server's blocks as NIOHPACK's encoder writes them, Huffman-coded or not, indexed,
    /// not indexed and never indexed, over enough answers that the table fills and evicts many
    /// times: each decodes to the list the server sent.
    @Test(arguments: [true, false])
    func everyBlockNIOHPACKWritesDecodes(huffman: Bool) throws {
        var encoder = HPACKEncoder(allocator: ByteBufferAllocator(), useHuffmanEncoding: huffman)
        var decoder = Self.decoder()
        var generator = SeededGenerator(seed: huffman ? 1 : 2)
        let indexings: [HPACKIndexing] = [.indexable, .nonIndexable, .neverIndexed]
        let names = ["apns-id", "apns-unique-id", "content-type", "date", "x-trace", "retry-after", "server"]
        for number in 0..<2_000 {
            var sent = HPACKHeaders()
            let status = ["200", "400", "410", "429", "503", "100"][Int(generator.next() % 6)]
            sent.add(name: ":status", value: status, indexing: indexings[Int(generator.next() % 3)])
            var expected: [APNSHeader] = []
            for _ in 0..<Int(generator.next() % 5) {
                let name = names[Int(generator.next() % UInt64(names.count))]
                let value = generator.next() % 4 == 0
                    ? String(repeating: "\u{1F4EC}v\(number)", count: Int(generator.next() % 40))  // long, and not ASCII
                    : UUID().uuidString.lowercased()
                sent.add(name: name, value: value, indexing: indexings[Int(generator.next() % 3)])
                expected.append(APNSHeader(name, value))
            }
            var block = ByteBuffer()
            try encoder.encode(headers: sent, to: &block)
            let decoded = try decoder.decode(block)
            #expect(decoded.status == status)
            #expect(decoded.headers == expected)
        }
    }

    /// Indexes 1 to 61 are Appendix A's static table, as NIOHPACK's decoder reads them.
    @Test func theStaticTableIsAppendixAs() throws {
        var theirs = HPACKDecoder(allocator: ByteBufferAllocator())
        for index in 1...61 {
            var block = ByteBuffer(bytes: [0x80 | UInt8(index)])
            let expected = try theirs.decodeHeaders(from: &block).map { ($0.name, $0.value) }[0]
            var decoder = Self.decoder()
            let decoded = try decoder.decode(ByteBuffer(bytes: [0x80 | UInt8(index)]))
            if expected.0 == ":status" {
                #expect(decoded.status == expected.1 && decoded.headers.isEmpty, "index \(index)")
            } else if expected.0.hasPrefix(":") {
                #expect(decoded.status == nil && decoded.headers.isEmpty, "index \(index): a request's pseudo-header is dropped")
            } else {
                #expect(decoded.headers == [APNSHeader(expected.0, expected.1)], "index \(index)")
            }
        }
    }

    @Test func aTableSizeUpdateShrinksTheTableAndMayNotPassTheAllowedSize() throws {
        var decoder = Self.decoder()
        // "x-a: 1" with incremental indexing (size 3 + 1 + 32 = 36) is index 62.
        _ = try decoder.decode(Self.bytes("40 03 782d61 01 31"))
        #expect(try decoder.decode(Self.bytes("be")).headers == [APNSHeader("x-a", "1")])
        // Shrunk to 35, the entry no longer fits and is evicted.
        #expect(throws: HPACKResponseDecoder.Failure.self) { try decoder.decode(Self.bytes("3f04 be")) }
        // 4096 is allowed; 4097 (3f e2 1f) is not.
        #expect(Self.failure("3fe11f 88") == nil)
        #expect(Self.failure("3fe21f 88") == "a table size update to 4097, past the 4096 allowed")
        #expect(Self.failure("88 20") == "a table size update after a header field")
    }

    @Test func brokenBlocksAreNamed() {
        #expect(Self.failure("80") == "a header field index 0, past the 61 in the tables")
        #expect(Self.failure("be") == "a header field index 62, past the 61 in the tables")
        #expect(Self.failure("40 05 6162") == "a header string longer than its block")
        #expect(Self.failure("40 02 6162") == "a header block that ends inside a field")
        #expect(Self.failure("ff") == "a header block that ends inside a field")
        #expect(Self.failure("ff ffffffff 0f") == "an integer longer than HPACK needs")
        #expect(Self.failure("ff 80808080 00") == "an integer longer than HPACK needs")
        // Huffman: 8 padding bits; padding with a zero ("0" is 00000, then 000); the
        // end-of-string code (30 ones) inside the string.
        #expect(Self.failure("00 01 61 81 ff") == "a Huffman-coded string with padding that is not at most 7 one bits")
        #expect(Self.failure("00 01 61 81 00") == "a Huffman-coded string with padding that is not at most 7 one bits")
        #expect(Self.failure("00 01 61 84 ffffffff") == "a Huffman-coded string holding the end-of-string symbol")
        // Long codes cut short: the first 8 bits of octet 0's 13-bit code.
        #expect(Self.failure("00 01 61 81 ff f8") != nil)
    }

    @Test func aHeaderListPastTheLimitIsRefused() throws {
        var decoder = HPACKResponseDecoder(maximumHeaderListSize: 100)
        // 88 is ":status: 200" (7 + 3 + 32 = 42); "x-a: <26 x>" is 3 + 26 + 32 = 61: 103 in all.
        let value = String(repeating: "78", count: 26)
        #expect(throws: HPACKResponseDecoder.Failure.self) { try decoder.decode(Self.bytes("88 00 03 782d61 1a \(value)")) }
        var roomy = HPACKResponseDecoder(maximumHeaderListSize: 103)
        #expect(try roomy.decode(Self.bytes("88 00 03 782d61 1a \(value)")).headers.count == 1)
    }

    @Test func anEmptyOrTrailerBlockHasNoStatus() throws {
        var decoder = Self.decoder()
        #expect(try decoder.decode(ByteBuffer()).status == nil)
        let trailers = try decoder.decode(Self.bytes("00 03 782d61 01 31"))
        #expect(trailers.status == nil && trailers.headers == [APNSHeader("x-a", "1")])
    }
}
