extension MediaSniffer {
    /// WebP: `RIFF`, size, `WEBP`, then the first chunk (id at 12, size at 16, data at 20):
    /// - `VP8 ` (lossy): a 3-byte frame tag whose low bit is 0 for a key frame, the start code
    ///   `9d 01 2a`, then width and height as 16-bit little-endian whose top 2 bits are an
    ///   upscaling hint, not part of the size;
    /// - `VP8L` (lossless): the signature byte `2f`, then 32 bits little-endian holding width
    ///   minus one (14 bits), height minus one (14 bits), an alpha hint and a 3-bit version 0;
    /// - `VP8X` (extended): flags and 3 reserved bytes, then the canvas width minus one and
    ///   height minus one as 24-bit little-endian; their product must fit 32 bits.
    static func webPInfo(_ bytes: Bytes) -> Result<ImageInfo, SniffError> {
        guard let chunk = bytes.fourCC(at: 12) else {
            return .failure(truncated(.webp, after: bytes.count, before: "its first chunk"))
        }
        let data = 20
        switch chunk {
        case "VP8 ":
            guard let tag = bytes[data] else { return .failure(truncated(.webp, after: bytes.count)) }
            guard tag & 1 == 0 else { return .failure(malformed(.webp, "the VP8 frame is not a key frame")) }
            guard bytes.has(10, at: data) else { return .failure(truncated(.webp, after: bytes.count)) }
            guard bytes[data + 3] == 0x9D, bytes[data + 4] == 0x01, bytes[data + 5] == 0x2A else {
                return .failure(malformed(.webp, "no VP8 start code"))
            }
            let width = (bytes.uint16LE(at: data + 6) ?? 0) & 0x3FFF
            let height = (bytes.uint16LE(at: data + 8) ?? 0) & 0x3FFF
            return sized(.webp, width: UInt64(width), height: UInt64(height))
        case "VP8L":
            guard let signature = bytes[data] else { return .failure(truncated(.webp, after: bytes.count)) }
            guard signature == 0x2F else { return .failure(malformed(.webp, "no VP8L signature byte")) }
            guard let fields = bytes.uint32LE(at: data + 1) else { return .failure(truncated(.webp, after: bytes.count)) }
            guard fields >> 29 == 0 else { return .failure(malformed(.webp, "VP8L version \(fields >> 29), not 0")) }
            let width = UInt64(fields & 0x3FFF) + 1
            let height = UInt64(fields >> 14 & 0x3FFF) + 1
            return sized(.webp, width: width, height: height)
        case "VP8X":
            guard let widthMinusOne = bytes.uint24LE(at: data + 4), let heightMinusOne = bytes.uint24LE(at: data + 7) else {
                return .failure(truncated(.webp, after: bytes.count))
            }
            let width = UInt64(widthMinusOne) + 1, height = UInt64(heightMinusOne) + 1
            guard width * height <= UInt64(UInt32.max) else {
                return .failure(malformed(.webp, "a \(width) × \(height) canvas, more than 2^32 - 1 pixels"))
            }
            return sized(.webp, width: width, height: height)
        default:
            return .failure(malformed(.webp, "the first chunk is '\(chunk)', not VP8, VP8L or VP8X"))
        }
    }
}
