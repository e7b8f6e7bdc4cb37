/// Tells what media bytes are from their first bytes, and an image's size from its header,
/// without decoding anything.
///
/// Herald checks a download before it decodes it (design decision 5): a 30000 × 30000 GIF is a
/// few hundred bytes on the wire and 3.6 GB once decoded, far past a Notification Service
/// Extension's memory. The sniffer reads only headers, in time linear in the bytes it looks at,
/// and is total: no input, however short, random or hostile (truncated at any byte, with
/// absurd box sizes, endless JPEG fill bytes), makes it trap, overflow or loop.
///
/// Formats: PNG (also Apple's CgBI variant), JPEG, GIF, WebP (VP8, VP8L, VP8X), HEIC and
/// HEIF; MP3, M4A, WAV, AIFF; MP4, QuickTime, MPEG, AVI. AVIF, BMP, TIFF and SVG are not
/// formats Herald attaches, and are not recognised as media.
public enum MediaSniffer {
    /// How many leading bytes ``format(of:)`` needs to tell every supported format apart.
    ///
    /// Keep this many bytes of a download that streams to disk and pass them to
    /// ``format(of:)``; it never reads further. Fewer bytes may be too few (then it returns nil).
    public static let formatPrefixLength = 64

    /// The format the first bytes announce, or nil.
    ///
    /// Used for attachments streamed to disk: only the first ``formatPrefixLength`` bytes are
    /// looked at, and an answer from a prefix never changes when more bytes arrive (it can only
    /// go from nil to a format). An `ftyp` box's brands decide between HEIC, HEIF, M4A, MP4
    /// and QuickTime; AVIF brands give nil.
    ///
    /// - Parameter prefix: the file's first bytes, or all of them.
    /// - Returns: the format, or nil when the bytes are no known format or end too soon to tell.
    public static func format(of prefix: some Collection<UInt8>) -> MediaFormat? {
        withBytes(prefix, limit: formatPrefixLength) { bytes in
            if case .found(let format) = detect(bytes) { return format }
            return nil
        }
    }

    /// What non-media bytes are, for a decision: "an HTML page", "JSON", "text", or nil when
    /// they look binary.
    ///
    /// Reads at most the first 512 bytes. Bytes that read as UTF-8 text (after an optional
    /// BOM) are classified by their first non-blank character: `<` is "an HTML page" (or "an
    /// XML document" for an XML declaration without `<html`, "an SVG image" for `<svg`),
    /// `{` or `[` starting a JSON value is "JSON", anything else "text". Bytes that begin like
    /// a known media format are nil too.
    ///
    /// - Parameter prefix: the first bytes of a download, or all of them.
    /// - Returns: a phrase to put in a sentence, or nil for binary, media or empty bytes.
    public static func describeNonMedia(_ prefix: some Collection<UInt8>) -> String? {
        withBytes(prefix, limit: textSampleLength) { bytes in
            switch detect(bytes) {
            case .found, .needsMore(distinctive: true): return nil
            case .needsMore(distinctive: false), .none: return nonMedia(bytes)?.phrase
            }
        }
    }

    /// Format, width and height of an image, read from its header alone, never decoding pixels.
    ///
    /// What each format reads: PNG the IHDR chunk (after a CgBI chunk in Apple's variant);
    /// JPEG the marker segments up to the first SOFn frame header, skipping fill bytes,
    /// standalone markers and segments of any size (EXIF can be tens of KB); GIF the logical
    /// screen; WebP the VP8 key frame, VP8L header or VP8X canvas; HEIC and HEIF the `ispe`
    /// property of the primary item (`pitm`, `ipma`), or the largest `ispe` when those are
    /// missing, so the whole `meta` box's headers must be there (or, in a low-overhead `mif3`
    /// file, the `mini` box's size fields). Sizes are as stored and decoded, before EXIF
    /// orientation, HEIF rotation and mirroring, or HEIF clean-aperture cropping. Bytes that
    /// are not contiguous in memory are copied once; `Data` and arrays are read in place.
    ///
    /// - Parameter bytes: the image, or at least its start up to the size fields.
    /// - Returns: the format and a width and height, each in `1...Int(Int32.max)`.
    /// - Throws: ``SniffError`` with code `html`, `xml`, `svg`, `json` or `text` for such
    ///   bytes; `notAnImage` for audio and video; `unknownFormat` for other binary bytes;
    ///   `truncated` when the bytes end before the size (or before the format shows, including
    ///   no bytes at all); `malformedHeader` for impossible values (a width of 0, a box larger
    ///   than its parent, a JPEG scan before any frame header).
    public static func imageInfo(of bytes: some Collection<UInt8>) throws(SniffError) -> ImageInfo {
        try withBytes(bytes, sniffImage).get()
    }

    static func sniffImage(_ bytes: Bytes) -> Result<ImageInfo, SniffError> {
        switch detect(bytes) {
        case .found(let format):
            switch format {
            case .png: return pngInfo(bytes)
            case .jpeg: return jpegInfo(bytes)
            case .gif: return gifInfo(bytes)
            case .webp: return webPInfo(bytes)
            case .heic, .heif: return heifInfo(bytes, format: format)
            default: return .failure(notAnImage(format))
            }
        case .needsMore(let distinctive):
            if !distinctive, let nonMedia = nonMedia(bytes) { return .failure(nonMedia.error) }
            return .failure(truncated(nil, after: bytes.count))
        case .none:
            if let nonMedia = nonMedia(bytes) { return .failure(nonMedia.error) }
            return .failure(unknownFormat(bytes))
        }
    }

    // MARK: Results and messages

    /// A size read from a header, if it is possible: each side at least 1 and at most
    /// `Int32.max` (PNG's own limit, and what keeps `width * height` inside an `Int`).
    static func sized(_ format: MediaFormat, width: UInt64, height: UInt64) -> Result<ImageInfo, SniffError> {
        for (side, value) in [("width", width), ("height", height)] {
            guard value > 0 else { return .failure(malformed(format, "a \(side) of 0")) }
            guard value <= UInt64(Int32.max) else {
                return .failure(malformed(format, "a \(side) of \(value), more than any image has"))
            }
        }
        return .success(ImageInfo(format: format, width: Int(width), height: Int(height)))
    }

    static func truncated(_ format: MediaFormat?, after count: Int, before what: String = "its width and height") -> SniffError {
        let message = if count == 0 {
            "the data is empty"
        } else if let format {
            "the \(name(of: format)) data ends after \(count) bytes, before \(what)"
        } else {
            "the data ends after \(count) bytes, too soon to tell its format"
        }
        return SniffError(code: .truncated, message: message)
    }

    static func malformed(_ format: MediaFormat, _ detail: String) -> SniffError {
        SniffError(code: .malformedHeader, message: "malformed \(name(of: format)) header: \(detail)")
    }

    static func notAnImage(_ format: MediaFormat) -> SniffError {
        let kind = format.kind == .audio ? "audio" : "video"
        return SniffError(code: .notAnImage, message: "got \(name(of: format)) \(kind), not an image")
    }

    static func unknownFormat(_ bytes: Bytes) -> SniffError {
        let start = (0..<min(8, bytes.count)).compactMap { bytes[$0] }
        let hex = start.map { String($0, radix: 16, uppercase: true) }.map { $0.count == 1 ? "0" + $0 : $0 }
        return SniffError(
            code: .unknownFormat,
            message: "not a media format Herald knows (starts with \(hex.joined(separator: " ")))"
        )
    }

    /// The name a person knows the format by.
    static func name(of format: MediaFormat) -> String {
        switch format {
        case .webp: "WebP"
        case .mov: "QuickTime"
        default: format.rawValue.uppercased()
        }
    }
}
