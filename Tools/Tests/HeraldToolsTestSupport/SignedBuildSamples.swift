import Foundation

/// Signed-build files made from nothing, for the tests and the fuzzer's seeds (linked into
/// Fuzz/Sources/FuzzSignedBuild, and shared by the doctor's and the command line's tests): Mach-O executables with a code-signature SuperBlob, CMS
/// messages around a property list, ZIP archives with stored and deflated entries, sizes that
/// lie when asked.
///
/// Written from the formats' public descriptions (`mach-o/loader.h`, `mach-o/fat.h`, xnu's
/// `cs_blobs.h`, RFC 5652, PKWARE's APPNOTE.TXT, RFC 1951), independently of the readers:
/// the tests also read files that openssl and Python's zipfile wrote.
public enum SignedBuildSamples {
    /// An XML property list of `object`.
    public static func plist(_ object: Any) -> [UInt8] {
        Array((try? PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)) ?? Data())
    }

    // MARK: Mach-O

    /// `cs_blobs.h`'s embedded signature: a code directory stand-in (slot 0), the
    /// entitlements (slot 5) when given, and a DER entitlements blob (slot 7) when `der`.
    public static func superBlob(entitlements: [UInt8]?, der: Bool) -> [UInt8] {
        var blobs: [(slot: UInt32, bytes: [UInt8])] = [(0, be32(0xFADE_0C02) + be32(8))]
        if let entitlements { blobs.append((5, be32(0xFADE_7171) + be32(UInt32(8 + entitlements.count)) + entitlements)) }
        if der { blobs.append((7, be32(0xFADE_7172) + be32(10) + [0x70, 0x00])) }
        var offset = 12 + 8 * blobs.count
        var index: [UInt8] = []
        for blob in blobs {
            index += be32(blob.slot) + be32(UInt32(offset))
            offset += blob.bytes.count
        }
        return be32(0xFADE_0CC0) + be32(UInt32(offset)) + be32(UInt32(blobs.count)) + index + blobs.flatMap(\.bytes)
    }

    /// A thin Mach-O executable: a header, an `LC_UUID` and (when `signature` is given) an
    /// `LC_CODE_SIGNATURE` pointing at `signature`, placed at `signatureOffset` after zeros.
    public static func machO(
        signature: [UInt8]?, signatureOffset: Int = 4096, is64: Bool = true, bigEndian: Bool = false, cpuType: UInt32 = 0x0100_000C, cpuSubtype: UInt32 = 0
    ) -> [UInt8] {
        let word = { (value: UInt32) in bigEndian ? be32(value) : le32(value) }
        var commands = word(0x1B) + word(24) + [UInt8](repeating: 0xAB, count: 16)
        if let signature { commands += word(0x1D) + word(16) + word(UInt32(signatureOffset)) + word(UInt32(signature.count)) }
        var file = word(is64 ? 0xFEED_FACF : 0xFEED_FACE) + word(cpuType) + word(cpuSubtype) + word(2)
        file += word(signature == nil ? 1 : 2) + word(UInt32(commands.count)) + word(0) + (is64 ? word(0) : [])
        file += commands
        file += [UInt8](repeating: 0, count: signatureOffset - file.count)
        return file + (signature ?? [])
    }

    /// A universal file of `slices` (`mach-o/fat.h`), each at a multiple of 16 KiB.
    public static func fat(_ slices: [[UInt8]], is64: Bool = false) -> [UInt8] {
        var header = be32(is64 ? 0xCAFE_BABF : 0xCAFE_BABE) + be32(UInt32(slices.count))
        var body: [UInt8] = []
        var offset = 16384
        for slice in slices {
            let cpuType = Array(slice[4..<8].reversed()), subtype = Array(slice[8..<12].reversed())
            header += cpuType + subtype
            header += is64 ? be64(UInt64(offset)) + be64(UInt64(slice.count)) + be32(14) + be32(0) : be32(UInt32(offset)) + be32(UInt32(slice.count)) + be32(14)
            body += [UInt8](repeating: 0, count: offset - 16384 - body.count) + slice
            offset += (slice.count + 16383) / 16384 * 16384
        }
        return header + [UInt8](repeating: 0, count: 16384 - header.count) + body
    }

    // MARK: CMS

    /// A DER ContentInfo of type signed data around `content`, with no certificates and no
    /// signer: as a profile is shaped, not signed.
    public static func signedMessage(content: [UInt8]) -> [UInt8] {
        let signedData: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x02]
        let data: [UInt8] = [0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x07, 0x01]
        let encapsulated = der(0x30, data + der(0xA0, der(0x04, content)))
        let signed = der(0x30, der(0x02, [1]) + der(0x31, []) + encapsulated + der(0x31, []))
        return der(0x30, signedData + der(0xA0, signed))
    }

    /// A DER value: the tag, the length (short or long form), the content.
    public static func der(_ tag: UInt8, _ content: [UInt8]) -> [UInt8] {
        guard content.count >= 128 else { return [tag, UInt8(content.count)] + content }
        let length = withUnsafeBytes(of: UInt32(content.count).bigEndian, Array.init).drop { $0 == 0 }
        return [tag, 0x80 | UInt8(length.count)] + length + content
    }

    // MARK: ZIP

    /// An entry of ``zip(_:)``: stored or deflated, with sizes and a CRC that may lie.
    public struct Entry {
        public var name: String
        public var bytes: [UInt8]
        public var deflated: Bool
        public var symbolicLink: Bool
        /// The size the headers declare, when not the real one.
        public var declaredSize: Int?
        public var crc32: UInt32?

        public init(name: String, bytes: [UInt8], deflated: Bool = true, symbolicLink: Bool = false, declaredSize: Int? = nil, crc32: UInt32? = nil) {
            self.name = name
            self.bytes = bytes
            self.deflated = deflated
            self.symbolicLink = symbolicLink
            self.declaredSize = declaredSize
            self.crc32 = crc32
        }
    }

    /// A ZIP archive (APPNOTE.TXT): local headers and data, the central directory, the end
    /// record.
    public static func zip(_ entries: [Entry]) -> [UInt8] {
        var archive: [UInt8] = [], directory: [UInt8] = []
        for entry in entries {
            let data = entry.deflated ? deflate(entry.bytes) : entry.bytes
            let name = Array(entry.name.utf8)
            let crc = entry.crc32 ?? crc32(entry.bytes)
            let size = UInt32(entry.declaredSize ?? entry.bytes.count)
            let common = le16(20) + le16(0x0800) + le16(entry.deflated ? 8 : 0) + le16(0) + le16(0x21) + le32(crc)
                + le32(entry.deflated ? UInt32(data.count) : size) + le32(size) + le16(UInt16(name.count)) + le16(0)
            let mode: UInt32 = entry.symbolicLink ? 0o120777 : 0o100644
            directory += le32(0x0201_4B50) + le16(3 << 8 | 20) + common + le16(0) + le16(0) + le16(0) + le32(mode << 16) + le32(UInt32(archive.count)) + name
            archive += le32(0x0403_4B50) + common + name + data
        }
        let count = le16(UInt16(entries.count))
        return archive + directory + le32(0x0605_4B50) + le16(0) + le16(0) + count + count + le32(UInt32(directory.count)) + le32(UInt32(archive.count)) + le16(0)
    }

    /// Raw DEFLATE (RFC 1951) in one block of the fixed Huffman code: each byte a literal, and
    /// a byte repeated 259 times or more as the byte and copies of 258 at distance 1, so that
    /// zeros compress about 160 to 1.
    public static func deflate(_ bytes: [UInt8]) -> [UInt8] {
        var writer = BitWriter()
        writer.bits(1, 1)  // BFINAL
        writer.bits(1, 2)  // BTYPE 01, fixed Huffman
        var index = 0
        while index < bytes.count {
            writer.literal(Int(bytes[index]))
            var run = 0
            while index + 1 + run < bytes.count, bytes[index + 1 + run] == bytes[index] { run += 1 }
            index += 1
            while run >= 258 {
                writer.code(0xC5, 8)  // length code 285: 258 bytes
                writer.code(0, 5)  // distance code 0: distance 1
                run -= 258
                index += 258
            }
        }
        writer.code(0, 7)  // end of block (256)
        return writer.bytes
    }

    /// Bits written least significant first, as DEFLATE packs them; Huffman codes most
    /// significant bit first.
    struct BitWriter {
        var bytes: [UInt8] = []
        var used = 8

        mutating func bits(_ value: Int, _ count: Int) {
            for bit in 0..<count { put((value >> bit) & 1) }
        }

        mutating func code(_ value: Int, _ count: Int) {
            for bit in (0..<count).reversed() { put((value >> bit) & 1) }
        }

        mutating func literal(_ byte: Int) {
            if byte < 144 { code(0x30 + byte, 8) } else { code(0x190 + byte - 144, 9) }
        }

        private mutating func put(_ bit: Int) {
            if used == 8 {
                bytes.append(0)
                used = 0
            }
            bytes[bytes.count - 1] |= UInt8(bit) << used
            used += 1
        }
    }

    /// CRC-32 as ZIP uses it (the polynomial 0xEDB88320, reflected), a byte at a time.
    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }

    static let crcTable: [UInt32] = (0..<256).map { (index: UInt32) in
        var crc = index
        for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        return crc
    }

    public static func be32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    public static func be64(_ value: UInt64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian, Array.init) }
    public static func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    public static func le16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
}
