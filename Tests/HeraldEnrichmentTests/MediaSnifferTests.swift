import Foundation
import HeraldCore
import HeraldEnrichment
import Testing

private typealias Samples = MediaSnifferSamples

/// A named byte sample and what the sniffer should say about it.
struct MediaSnifferCase<Expected: Sendable>: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: Expected
    var testDescription: String { name }

    init(_ name: String, _ bytes: [UInt8], _ expected: Expected) {
        self.name = name
        self.bytes = bytes
        self.expected = expected
    }
}

extension MediaSnifferSamples {
    /// The error code `imageInfo(of:)` throws, or nil when it returns.
    static func errorCode(_ bytes: some Collection<UInt8>) -> SniffError.Code? {
        do {
            _ = try MediaSniffer.imageInfo(of: bytes)
            return nil
        } catch {
            return error.code
        }
    }
}

@Suite("MediaSniffer")
struct MediaSnifferTests {
    static let images: [MediaSnifferCase<ImageInfo>] = [
        MediaSnifferCase("PNG 640×480", Samples.png640x480, ImageInfo(format: .png, width: 640, height: 480)),
        MediaSnifferCase("real PNG 3×2 from zlib", Samples.realPNG3x2, ImageInfo(format: .png, width: 3, height: 2)),
        MediaSnifferCase("CgBI PNG 120×90", Samples.cgbiPNG120x90, ImageInfo(format: .png, width: 120, height: 90)),
        MediaSnifferCase("JPEG 4032×3024 after 20 KB EXIF", Samples.jpeg4032x3024, ImageInfo(format: .jpeg, width: 4032, height: 3024)),
        MediaSnifferCase("GIF bomb 30000×30000", Samples.gif30000, ImageInfo(format: .gif, width: 30000, height: 30000)),
        MediaSnifferCase("GIF87a 16×9", Samples.gif87a16x9, ImageInfo(format: .gif, width: 16, height: 9)),
        MediaSnifferCase("WebP lossy 1024×768", Samples.webPLossy(), ImageInfo(format: .webp, width: 1024, height: 768)),
        MediaSnifferCase("WebP lossy, upscaling bits", Samples.webPLossy(widthHigh: 0x44), ImageInfo(format: .webp, width: 1024, height: 768)),
        MediaSnifferCase("WebP lossless 400×300", Samples.webPLossless400x300, ImageInfo(format: .webp, width: 400, height: 300)),
        MediaSnifferCase("WebP extended 2000×1500", Samples.webPExtended2000x1500, ImageInfo(format: .webp, width: 2000, height: 1500)),
        MediaSnifferCase("HEIC primary 4000×3000", Samples.heic4000x3000, ImageInfo(format: .heic, width: 4000, height: 3000)),
        MediaSnifferCase(
            "HEIC whose primary is the thumbnail item",
            Samples.heic(replacing: Samples.HEICOffset.primaryItemID, with: [0x00, 0x02]),
            ImageInfo(format: .heic, width: 320, height: 240)
        ),
        MediaSnifferCase(
            "HEIC without pitm: the largest ispe",
            Samples.heic(replacing: Samples.HEICOffset.pitmType, with: Samples.ascii("free")),
            ImageInfo(format: .heic, width: 4000, height: 3000)
        ),
        MediaSnifferCase(
            "HEIC whose primary has no ipma entry: the largest ispe",
            Samples.heic(replacing: Samples.HEICOffset.primaryItemID, with: [0x00, 0x07]),
            ImageInfo(format: .heic, width: 4000, height: 3000)
        ),
        MediaSnifferCase("low-overhead HEIC 320×240", Samples.heicMini320x240, ImageInfo(format: .heic, width: 320, height: 240)),
        MediaSnifferCase("low-overhead HEIC 64×48", Samples.heicMini64x48, ImageInfo(format: .heic, width: 64, height: 48)),
        MediaSnifferCase(
            "HEIF brands, same boxes",
            Samples.heic(replacing: 8, with: Samples.ascii("mif1") + [0, 0, 0, 0] + Samples.ascii("mif1miaf")),
            ImageInfo(format: .heif, width: 4000, height: 3000)
        ),
    ]

    @Test("image format and size from the header", arguments: images)
    func imageSize(_ sample: MediaSnifferCase<ImageInfo>) throws {
        #expect(try MediaSniffer.imageInfo(of: sample.bytes) == sample.expected)
        #expect(MediaSniffer.format(of: sample.bytes) == sample.expected.format)
        #expect(MediaSniffer.describeNonMedia(sample.bytes) == nil)
    }

    @Test("any collection of bytes: Data, slices, a collection that is not contiguous")
    func collectionKinds() throws {
        let jpeg = Samples.jpeg4032x3024
        let expected = ImageInfo(format: .jpeg, width: 4032, height: 3024)
        #expect(try MediaSniffer.imageInfo(of: Data(jpeg)) == expected)
        #expect(try MediaSniffer.imageInfo(of: Data([0x00] + jpeg).dropFirst()) == expected)
        #expect(try MediaSniffer.imageInfo(of: ([0x00] + jpeg)[1...]) == expected)
        #expect(try MediaSniffer.imageInfo(of: jpeg.lazy.map { $0 }) == expected)
        #expect(MediaSniffer.format(of: Set([UInt8(0x42)])) == nil)
    }

    @Test("the 3.6 GB GIF is read, not refused: the pixel count is the caller's budget")
    func pixelCount() throws {
        let info = try MediaSniffer.imageInfo(of: Samples.gif30000)
        #expect(info.pixelCount == 900_000_000)
        #expect(ImageInfo(format: .png, width: .max, height: 2).pixelCount == .max)
    }

    /// Markers C0 to CF: all are frame headers except DHT (C4), JPG (C8) and DAC (CC).
    @Test("JPEG frame headers are SOF0-SOF15 less C4, C8, CC", arguments: Array(UInt8(0xC0)...0xCF))
    func jpegFrameMarkers(_ marker: UInt8) throws {
        let info = try MediaSniffer.imageInfo(of: Samples.jpegWithLeadingSegment(marker))
        let isFrameHeader = ![0xC4, 0xC8, 0xCC].contains(marker)
        #expect(info == ImageInfo(format: .jpeg, width: isFrameHeader ? 111 : 640, height: isFrameHeader ? 222 : 480))
    }

    static let formats: [MediaSnifferCase<MediaFormat?>] = [
        MediaSnifferCase("PNG", Samples.png640x480, .png),
        MediaSnifferCase("JPEG", Samples.jpeg4032x3024, .jpeg),
        MediaSnifferCase("GIF", Samples.gif30000, .gif),
        MediaSnifferCase("WebP", Samples.webPLossless400x300, .webp),
        MediaSnifferCase("HEIC", Samples.heic4000x3000, .heic),
        MediaSnifferCase("HEIC by compatible brand", Samples.heicByCompatibleBrand, .heic),
        MediaSnifferCase("HEIF", Samples.heifGeneric, .heif),
        MediaSnifferCase("HEIF sequence", Samples.heifSequence, .heif),
        MediaSnifferCase("MP3 with ID3", Samples.mp3WithID3, .mp3),
        MediaSnifferCase("MP3 frame", Samples.mp3Frame, .mp3),
        MediaSnifferCase("M4A", Samples.m4a, .m4a),
        MediaSnifferCase("WAV", Samples.wav, .wav),
        MediaSnifferCase("AIFF", Samples.aiff, .aiff),
        MediaSnifferCase("AIFF-C", Samples.aifc, .aiff),
        MediaSnifferCase("MP4", Samples.mp4, .mp4),
        MediaSnifferCase("M4V with an M4A brand", Samples.m4v, .mp4),
        MediaSnifferCase("QuickTime ftyp", Samples.movFileType, .mov),
        MediaSnifferCase("QuickTime wide + mdat", Samples.movWideMdat, .mov),
        MediaSnifferCase("QuickTime moov first", Samples.movMoovFirst, .mov),
        MediaSnifferCase("QuickTime free + moov", Samples.movFreeThenMoov, .mov),
        MediaSnifferCase("MPEG program stream", Samples.mpegProgramStream, .mpeg),
        MediaSnifferCase("MPEG video", Samples.mpegVideo, .mpeg),
        MediaSnifferCase("AVI", Samples.avi, .avi),
        MediaSnifferCase("AVIF", Samples.avif, nil),
        MediaSnifferCase("low-overhead HEIC (mif3 + heic)", Samples.heicMini64x48, .heic),
        MediaSnifferCase("low-overhead AVIF (mif3 + avif)", Samples.avifMini, nil),
        MediaSnifferCase("ADTS AAC (layer bits 00)", [0xFF, 0xF1, 0x50, 0x80, 0x00, 0x1F, 0xFC], nil),
        MediaSnifferCase("free + something else", Samples.ascii("\0\0\0\u{10}free") + Array(repeating: 0, count: 8) + Samples.ascii("\0\0\0\u{8}abcd"), nil),
        MediaSnifferCase("BMP", Samples.ascii("BM") + [0x36, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x36, 0x00], nil),
        MediaSnifferCase("empty", [], nil),
    ]

    @Test("format from the first bytes", arguments: formats)
    func format(_ sample: MediaSnifferCase<MediaFormat?>) {
        #expect(MediaSniffer.format(of: sample.bytes) == sample.expected)
        // Only the first formatPrefixLength bytes count: whatever follows changes nothing.
        let padded = sample.bytes + Array(repeating: 0xAB, count: MediaSniffer.formatPrefixLength)
        #expect(MediaSniffer.format(of: padded.prefix(MediaSniffer.formatPrefixLength)) == MediaSniffer.format(of: padded))
    }

    @Test("audio and video are not images", arguments: formats.filter { $0.expected.map { $0.kind != .image } ?? false })
    func notAnImage(_ sample: MediaSnifferCase<MediaFormat?>) {
        #expect(Samples.errorCode(sample.bytes) == .notAnImage)
    }

    @Test("MP3 given as an image: the exact error")
    func mp3AsImage() {
        #expect(throws: SniffError(code: .notAnImage, message: "got MP3 audio, not an image")) {
            try MediaSniffer.imageInfo(of: Samples.mp3WithID3)
        }
    }

    static let nonMedia: [MediaSnifferCase<(phrase: String?, code: SniffError.Code)>] = [
        MediaSnifferCase(
            "an error page sent with status 200",
            Samples.ascii("<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>Page not found</title></head>\n<body><h1>Oops</h1></body></html>\n"),
            ("an HTML page", .html)
        ),
        MediaSnifferCase("BOM, blank lines, then <html>", [0xEF, 0xBB, 0xBF] + Samples.ascii("\r\n\t <HTML><body>Sign in</body></HTML>"), ("an HTML page", .html)),
        MediaSnifferCase("a bare HTML fragment", Samples.ascii("<p>Moved</p>"), ("an HTML page", .html)),
        MediaSnifferCase("JSON error", Samples.ascii(#"{"error":"not found"}"#), ("JSON", .json)),
        MediaSnifferCase("JSON array", Samples.ascii(#"  [{"id": 1}]"#), ("JSON", .json)),
        MediaSnifferCase("text that starts with a bracket", Samples.ascii("[error] upstream timed out"), ("text", .text)),
        MediaSnifferCase("plain text", Samples.ascii("Not Found"), ("text", .text)),
        MediaSnifferCase("UTF-8 text", Samples.ascii("Fichier introuvable — réessayez"), ("text", .text)),
        MediaSnifferCase(
            "a storage service's XML error",
            Samples.ascii("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>AccessDenied</Code></Error>"),
            ("an XML document", .xml)
        ),
        MediaSnifferCase("an SVG avatar", Samples.ascii("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>"), ("an SVG image", .svg)),
        MediaSnifferCase("a short JSON body", Samples.ascii("{}"), ("JSON", .json)),
    ]

    @Test("non-media bytes are named, and rejected as such", arguments: nonMedia)
    func nonMediaBytes(_ sample: MediaSnifferCase<(phrase: String?, code: SniffError.Code)>) {
        #expect(MediaSniffer.describeNonMedia(sample.bytes) == sample.expected.phrase)
        #expect(MediaSniffer.format(of: sample.bytes) == nil)
        #expect(Samples.errorCode(sample.bytes) == sample.expected.code)
    }

    @Test("the JSON and HTML errors read as one line for a person")
    func nonMediaMessages() {
        #expect(throws: SniffError(code: .json, message: "got JSON, not an image")) {
            try MediaSniffer.imageInfo(of: Samples.ascii(#"{"error":"not found"}"#))
        }
        #expect(throws: SniffError(code: .html, message: "got an HTML page, not an image")) {
            try MediaSniffer.imageInfo(of: Samples.ascii("<!doctype html><title>404</title>"))
        }
    }

    @Test("binary, media and empty bytes are not described as text")
    func binaryIsNotDescribed() {
        #expect(MediaSniffer.describeNonMedia([]) == nil)
        #expect(MediaSniffer.describeNonMedia([0x00, 0x01, 0x02, 0xFE, 0x80, 0x90]) == nil)
        #expect(MediaSniffer.describeNonMedia(Samples.gif30000) == nil)
        #expect(MediaSniffer.describeNonMedia(Samples.ascii("GIF8")) == nil)  // the start of a GIF
        #expect(MediaSniffer.describeNonMedia(Samples.ascii("<") + [0x00, 0x9F, 0x01, 0x02]) == nil)
    }
}
