extension MediaSniffer {
    /// PNG: the 8-byte signature, then the IHDR chunk (length 13, width and height as 32-bit
    /// big-endian). Apple's iPhone-optimised PNGs put a `CgBI` chunk first; it is skipped.
    static func pngInfo(_ bytes: Bytes) -> Result<ImageInfo, SniffError> {
        var chunk = 8
        guard var length = bytes.uint32BE(at: chunk), var type = bytes.fourCC(at: chunk + 4) else {
            return .failure(truncated(.png, after: bytes.count, before: "its IHDR chunk"))
        }
        if type == "CgBI" {
            // Length, type, data and CRC: 12 bytes plus the data. A length past 2^31 is not PNG.
            guard length <= UInt32(Int32.max) else { return .failure(malformed(.png, "a CgBI chunk of \(length) bytes")) }
            chunk += 12 + Int(length)
            guard let next = bytes.uint32BE(at: chunk), let nextType = bytes.fourCC(at: chunk + 4) else {
                return .failure(truncated(.png, after: bytes.count, before: "its IHDR chunk"))
            }
            (length, type) = (next, nextType)
        }
        guard type == "IHDR" else { return .failure(malformed(.png, "the first chunk is '\(type)', not 'IHDR'")) }
        guard length == 13 else { return .failure(malformed(.png, "an IHDR chunk of \(length) bytes, not 13")) }
        guard let width = bytes.uint32BE(at: chunk + 8), let height = bytes.uint32BE(at: chunk + 12) else {
            return .failure(truncated(.png, after: bytes.count))
        }
        return sized(.png, width: UInt64(width), height: UInt64(height))
    }
}
