extension MediaSniffer {
    /// GIF87a and GIF89a: the logical screen's width and height, 16-bit little-endian, right
    /// after the 6-byte signature. That is the canvas every frame is drawn on, and what a
    /// decoder allocates.
    static func gifInfo(_ bytes: Bytes) -> Result<ImageInfo, SniffError> {
        guard let width = bytes.uint16LE(at: 6), let height = bytes.uint16LE(at: 8) else {
            return .failure(truncated(.gif, after: bytes.count))
        }
        return sized(.gif, width: UInt64(width), height: UInt64(height))
    }
}
