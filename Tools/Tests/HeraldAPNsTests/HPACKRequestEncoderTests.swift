import Foundation
@testable import HeraldAPNs
import NIOCore
import NIOHPACK
import Testing

/// The client's header blocks, read back by NIOHPACK's decoder (a server's HPACK, written
/// independently of Herald's encoder): every block must decode to exactly the request's
/// headers, however the dynamic table has moved.
@Suite struct HPACKRequestEncoderTests {
    static func request(number: Int, token: String = "eyJhbGciOiJFUzI1NiJ9.token") -> APNSWireRequest {
        APNSWireRequest(
            method: "POST", path: "/3/device/\(String(repeating: "ab", count: 32))",
            headers: [
                APNSHeader("authorization", "bearer \(token)"), APNSHeader("apns-push-type", "alert"),
                APNSHeader("apns-topic", "com.example.chat"), APNSHeader("apns-collapse-id", "collapse-\(number)"),
                APNSHeader("apns-id", "00000000-0000-4000-8000-\(String(format: "%012d", number))"),
                APNSHeader("content-type", "application/json"),
            ],
            body: Data(#"{"aps":{}}"#.utf8))
    }

    /// The header list a server must read for `request`.
    static func expected(_ request: APNSWireRequest) -> [String] {
        [":method: POST", ":scheme: https", ":authority: api.example:443", ":path: \(request.path)"]
            + request.headers.map { "\($0.name): \($0.value)" } + ["content-length: \(request.body.count)"]
    }

    static func decoded(_ block: ByteBuffer, by decoder: inout HPACKDecoder) throws -> [String] {
        var block = block
        return try decoder.decodeHeaders(from: &block).map { "\($0.name): \($0.value)" }
    }

    static func encode(_ request: APNSWireRequest, with encoder: inout HPACKRequestEncoder) -> ByteBuffer {
        var out = ByteBuffer()
        encoder.encode(request, authority: "api.example:443", contentLength: String(request.body.count), into: &out)
        return out
    }

    @Test func repeatedHeadersGoAsIndexesAndThePerNotificationOnesAsLiterals() throws {
        var encoder = HPACKRequestEncoder()
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator())
        let first = Self.request(number: 1)
        let second = Self.request(number: 2)
        let firstBlock = Self.encode(first, with: &encoder)
        let secondBlock = Self.encode(second, with: &encoder)
        #expect(try Self.decoded(firstBlock, by: &decoder) == Self.expected(first))
        #expect(try Self.decoded(secondBlock, by: &decoder) == Self.expected(second))
        // The second block: 2 static indexes, 5 dynamic ones (authority, token, push type, topic,
        // content type, content length: 6), and the three literals with their names and values.
        let literals = [(":path", second.path, false), ("apns-collapse-id", "collapse-2", true), ("apns-id", second.headers[4].value, true)]
        let literalBytes = literals.reduce(0) { sum, literal in sum + 1 + (literal.2 ? 1 + literal.0.utf8.count : 0) + 1 + literal.1.utf8.count }
        #expect(secondBlock.readableBytes == 2 + 6 + literalBytes)
        // No Huffman coding: the path is in the block as it is.
        #expect(Array(secondBlock.readableBytesView).firstRange(of: Array(second.path.utf8)) != nil)
    }

    @Test func everyBlockDecodesWhileNewTokensPushOldEntriesOutOfTheTable() throws {
        var encoder = HPACKRequestEncoder()
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator())
        for number in 0..<60 {
            // A new provider token every third request, each 600 bytes: the 4 KB table evicts
            // every few tokens, so a wrong eviction sends an index that means another header.
            let token = String(repeating: Character(UnicodeScalar(UInt8(65 + number / 3 % 26))), count: 600)
            let request = Self.request(number: number, token: token)
            #expect(try Self.decoded(Self.encode(request, with: &encoder), by: &decoder) == Self.expected(request))
        }
    }

    @Test func aSmallerTableTheServerAllowsIsAnnouncedAndKept() throws {
        var encoder = HPACKRequestEncoder()
        var decoder = HPACKDecoder(allocator: ByteBufferAllocator())
        let first = Self.request(number: 1)
        #expect(try Self.decoded(Self.encode(first, with: &encoder), by: &decoder) == Self.expected(first))
        encoder.serverAllowsTableSize(0)
        encoder.serverAllowsTableSize(256)
        let second = Self.request(number: 2)
        let block = Self.encode(second, with: &encoder)
        // Both sizes are announced, smallest first (RFC 7541, section 4.2): 0 empties the
        // decoder's table, so a stale index would not decode.
        #expect(Array(block.readableBytesView.prefix(3)) == [0x20, 0x3f, 0xe1])
        #expect(try Self.decoded(block, by: &decoder) == Self.expected(second))
        let third = Self.request(number: 3)
        #expect(try Self.decoded(Self.encode(third, with: &encoder), by: &decoder) == Self.expected(third))
    }

    @Test func integersLongerThanTheirPrefixContinueInSevenBitGroups() {
        // RFC 7541, C.1.2: 1337 with a 5-bit prefix; C.1.1: 10.
        #expect(Self.written { $0.writeInteger(1337, prefixBits: 5, flags: 0) } == [0x1f, 0x9a, 0x0a])
        #expect(Self.written { $0.writeInteger(10, prefixBits: 5, flags: 0xe0) } == [0xea])
    }

    @Test func aBlockPastItsReservedSizeStopsRatherThanOverwriting() async {
        await #expect(processExitsWith: .failure) {
            _ = HPACKRequestEncoderTests.written(capacity: 2) { $0.writeString("three") }
        }
    }

    private static func written(capacity: Int = 16, _ write: (inout HPACKRequestEncoder.BlockWriter) -> Void) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: capacity)
        let count = bytes.withUnsafeMutableBytes { raw in
            var writer = HPACKRequestEncoder.BlockWriter(raw)
            write(&writer)
            return writer.count
        }
        return Array(bytes.prefix(count))
    }
}
