extension MediaSniffer {
    /// JPEG: walks the marker segments after SOI to the first frame header (SOF0 to SOF15,
    /// except DHT `C4`, JPG `C8` and DAC `CC`), whose length is followed by the sample
    /// precision, the height and the width (16-bit big-endian).
    ///
    /// As libjpeg does: any number of `FF` fill bytes may precede a marker; bytes that are not
    /// a marker where one is expected are skipped; TEM (`01`), RST0-7 and a repeated SOI stand
    /// alone without a length. Each other segment is skipped by its length, so a 60 KB EXIF
    /// block costs one step. A scan (SOS) or EOI before any frame header is malformed: there is
    /// no size to read.
    static func jpegInfo(_ bytes: Bytes) -> Result<ImageInfo, SniffError> {
        var offset = 2
        while true {
            // Find the next FF, then skip fill bytes to the marker code.
            while let byte = bytes[offset], byte != 0xFF { offset += 1 }
            while bytes[offset] == 0xFF { offset += 1 }
            guard let marker = bytes[offset] else { return .failure(truncatedJPEG(bytes)) }
            offset += 1
            switch marker {
            case 0x00, 0x01, 0xD0...0xD8:
                // A stuffed zero (not a marker) or a standalone marker.
                continue
            case 0xD9:
                return .failure(malformed(.jpeg, "the image ends (EOI) before its frame header"))
            case 0xDA:
                return .failure(malformed(.jpeg, "a scan (SOS) starts before any frame header"))
            default:
                break
            }
            guard let length = bytes.uint16BE(at: offset) else { return .failure(truncatedJPEG(bytes)) }
            guard length >= 2 else {
                return .failure(malformed(.jpeg, "a segment (marker \(hex(marker))) of length \(length)"))
            }
            if isFrameHeader(marker) {
                // Length, precision, height, width, component count: at least 8 bytes.
                guard length >= 8 else { return .failure(malformed(.jpeg, "a frame header of length \(length)")) }
                guard let height = bytes.uint16BE(at: offset + 3), let width = bytes.uint16BE(at: offset + 5) else {
                    return .failure(truncatedJPEG(bytes))
                }
                return sized(.jpeg, width: UInt64(width), height: UInt64(height))
            }
            // The length counts itself but not the marker: the next marker is `length` bytes on.
            offset += Int(length)
        }
    }

    /// SOF0-SOF15 are `C0`-`CF`, less the three markers that share the range.
    static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }

    private static func truncatedJPEG(_ bytes: Bytes) -> SniffError {
        truncated(.jpeg, after: bytes.count, before: "its frame header (width and height)")
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return digits.count == 1 ? "0" + digits : digits
    }
}
