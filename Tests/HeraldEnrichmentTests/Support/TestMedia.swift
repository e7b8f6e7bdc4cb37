import Foundation

/// Media bytes built by hand for tests: real headers, so the sniffer reads them as a decoder
/// would, with a known size.
enum TestMedia {
    /// A PNG: signature, an IHDR chunk with the given size (8-bit RGBA), an empty IDAT, IEND.
    static func png(width: Int, height: Int, padding: Int = 0) -> Data {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", be32(width) + be32(height) + [8, 6, 0, 0, 0])
        bytes += chunk("IDAT", [UInt8](repeating: 0, count: padding))
        bytes += chunk("IEND", [])
        return Data(bytes)
    }

    /// An MP3: an ID3v2.4 tag header then MPEG-1 Layer III frame headers, `count` bytes in all.
    static func mp3(count: Int) -> Data {
        var bytes: [UInt8] = Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0]
        while bytes.count < count { bytes += [0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 413) }
        return Data(bytes.prefix(count))
    }

    static let html = Data("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>Bad gateway</body></html>".utf8)
    static let json = Data(#"{"error": "not found", "status": 404, "detail": "the avatar does not exist"}"#.utf8)

    private static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        return be32(data.count) + typed + be32(Int(crc32(typed)))
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
