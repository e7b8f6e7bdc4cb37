import HeraldCore
import HeraldEnrichment
import Testing

private typealias Samples = MediaSnifferSamples
private typealias Offset = MediaSnifferSamples.HEICOffset

@Suite("MediaSniffer robustness")
struct MediaSnifferRobustnessTests {
    static func replacing(_ bytes: [UInt8], at offset: Int, with replacement: [UInt8]) -> [UInt8] {
        var bytes = bytes
        bytes.replaceSubrange(offset..<offset + replacement.count, with: replacement)
        return bytes
    }

    static let failures: [MediaSnifferCase<SniffError.Code>] = [
        MediaSnifferCase("empty", [], .truncated),
        MediaSnifferCase("one zero byte", [0x00], .truncated),
        MediaSnifferCase("PNG, first 4 bytes of the signature", Array(Samples.png640x480.prefix(4)), .truncated),
        MediaSnifferCase("PNG cut after the signature", Array(Samples.png640x480.prefix(8)), .truncated),
        MediaSnifferCase("PNG cut before the IHDR data", Array(Samples.png640x480.prefix(16)), .truncated),
        MediaSnifferCase("PNG cut inside the height", Array(Samples.png640x480.prefix(23)), .truncated),
        MediaSnifferCase("PNG width 0", replacing(Samples.png640x480, at: 16, with: [0, 0, 0, 0]), .malformedHeader),
        MediaSnifferCase("PNG width 2^31", replacing(Samples.png640x480, at: 16, with: [0x80, 0, 0, 0]), .malformedHeader),
        MediaSnifferCase("PNG first chunk IDAT", replacing(Samples.png640x480, at: 12, with: Samples.ascii("IDAT")), .malformedHeader),
        MediaSnifferCase("PNG IHDR of 12 bytes", replacing(Samples.png640x480, at: 11, with: [0x0C]), .malformedHeader),
        MediaSnifferCase("GIF height 0", replacing(Samples.gif30000, at: 8, with: [0, 0]), .malformedHeader),
        MediaSnifferCase("GIF cut in the width", Array(Samples.gif30000.prefix(7)), .truncated),
        MediaSnifferCase("JPEG EOI before a frame header", [0xFF, 0xD8, 0xFF, 0xD9], .malformedHeader),
        MediaSnifferCase("JPEG scan before a frame header", [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00], .malformedHeader),
        MediaSnifferCase("JPEG segment length 1", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0x00, 0x00], .malformedHeader),
        MediaSnifferCase("JPEG frame header length 7", replacing(Samples.jpegWithLeadingSegment(0xC0), at: 5, with: [0x07]), .malformedHeader),
        MediaSnifferCase("JPEG width 0", replacing(Samples.jpegWithLeadingSegment(0xC0), at: 9, with: [0, 0]), .malformedHeader),
        MediaSnifferCase("JPEG cut inside the EXIF segment", Array(Samples.jpeg4032x3024.prefix(5000)), .truncated),
        MediaSnifferCase("JPEG cut inside the frame header", Array(Samples.jpegWithLeadingSegment(0xC0).prefix(9)), .truncated),
        MediaSnifferCase("WebP VP8 inter frame", replacing(Samples.webPLossy(), at: 20, with: [0x71]), .malformedHeader),
        MediaSnifferCase("WebP VP8 without start code", replacing(Samples.webPLossy(), at: 23, with: [0x9D, 0x01, 0x2B]), .malformedHeader),
        MediaSnifferCase("WebP VP8L version 1", replacing(Samples.webPLossless400x300, at: 24, with: [0x30]), .malformedHeader),
        MediaSnifferCase("WebP VP8L without signature", replacing(Samples.webPLossless400x300, at: 20, with: [0x2E]), .malformedHeader),
        MediaSnifferCase("WebP first chunk ALPH", replacing(Samples.webPExtended2000x1500, at: 12, with: Samples.ascii("ALPH")), .malformedHeader),
        MediaSnifferCase(
            "WebP VP8X canvas 2^24 × 2^24",
            replacing(Samples.webPExtended2000x1500, at: 24, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
            .malformedHeader
        ),
        MediaSnifferCase("WebP cut before the chunk", Array(Samples.webPLossy().prefix(14)), .truncated),
        MediaSnifferCase("HEIC primary width 0", Samples.heic(replacing: Offset.secondISPEWidth, with: [0, 0, 0, 0]), .malformedHeader),
        MediaSnifferCase("HEIC primary width 2^32 - 1", Samples.heic(replacing: Offset.secondISPEWidth, with: [0xFF, 0xFF, 0xFF, 0xFF]), .malformedHeader),
        MediaSnifferCase("HEIC meta of 3 bytes", Samples.heic(replacing: Offset.metaSize, with: [0, 0, 0, 3]), .malformedHeader),
        MediaSnifferCase("HEIC ipma overruns iprp", Samples.heic(replacing: Offset.ipmaSize, with: [0, 0, 0, 0x30]), .malformedHeader),
        MediaSnifferCase(
            "HEIC ipma claims 2^32 - 1 entries, none for the primary item",
            replacing(Samples.heic(replacing: Offset.primaryItemID, with: [0, 7]), at: Offset.ipmaSize + 12, with: [0xFF, 0xFF, 0xFF, 0xFF]),
            .malformedHeader
        ),
        MediaSnifferCase(
            "HEIC without ispe",
            replacing(Samples.heic(replacing: Offset.firstISPEWidth - 8, with: Samples.ascii("xxxx")), at: Offset.secondISPEWidth - 8, with: Samples.ascii("yyyy")),
            .malformedHeader
        ),
        MediaSnifferCase("HEIC hdlr of size 0 swallows the rest of meta", Samples.heic(replacing: 52, with: [0, 0, 0, 0]), .malformedHeader),
        MediaSnifferCase(
            "HEIC free box with largesize 2^64 - 1 before meta",
            Samples.heic(replacing: 32, with: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]),
            .truncated
        ),
        MediaSnifferCase("HEIC meta of size 0 (to the end of the file)", Samples.heic(replacing: Offset.metaSize, with: [0, 0, 0, 0]), .truncated),
        MediaSnifferCase("HEIC cut inside meta", Array(Samples.heic4000x3000.prefix(150)), .truncated),
        MediaSnifferCase("HEIC cut after ftyp", Array(Samples.heic4000x3000.prefix(24)), .truncated),
        MediaSnifferCase("low-overhead HEIC cut in its width", Array(Samples.heicMini320x240.prefix(27)), .truncated),
        MediaSnifferCase("low-overhead HEIC, mini version 1", replacing(Samples.heicMini64x48, at: 24, with: [0x48]), .malformedHeader),
        MediaSnifferCase("low-overhead HEIC, mini too short for its size", replacing(Samples.heicMini64x48, at: 19, with: [0x0A]), .malformedHeader),
        MediaSnifferCase("ID3 and no more", Samples.ascii("ID3"), .truncated),
        MediaSnifferCase("ZIP", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00, 0x08, 0x00], .unknownFormat),
        MediaSnifferCase("BMP", Samples.ascii("BM") + [0x36, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x36, 0x00], .unknownFormat),
        MediaSnifferCase("AVIF", Samples.avif, .unknownFormat),
    ]

    @Test("truncated, malformed and unknown bytes", arguments: failures)
    func failure(_ sample: MediaSnifferCase<SniffError.Code>) {
        #expect(Samples.errorCode(sample.bytes) == sample.expected)
    }

    @Test("messages name the format and where the bytes end")
    func messages() {
        #expect(throws: SniffError(code: .truncated, message: "the PNG data ends after 16 bytes, before its width and height")) {
            try MediaSniffer.imageInfo(of: Samples.png640x480.prefix(16))
        }
        #expect(throws: SniffError(code: .malformedHeader, message: "malformed GIF header: a height of 0")) {
            try MediaSniffer.imageInfo(of: Self.replacing(Samples.gif30000, at: 8, with: [0, 0]))
        }
        #expect(throws: SniffError(code: .unknownFormat, message: "not a media format Herald knows (starts with 50 4B 03 04 0A)")) {
            try MediaSniffer.imageInfo(of: [0x50, 0x4B, 0x03, 0x04, 0x0A])
        }
        #expect(throws: SniffError(code: .truncated, message: "the data is empty")) {
            try MediaSniffer.imageInfo(of: [])
        }
    }

    // MARK: Totality

    static let imageSamples = MediaSnifferTests.images
    static let formatSamples = MediaSnifferTests.formats

    @Test("every prefix of a valid image gives its size or truncated, never another answer", arguments: imageSamples)
    func everyPrefixOfAnImage(_ sample: MediaSnifferCase<ImageInfo>) {
        var wrong: [Int] = []
        for cut in 0...sample.bytes.count {
            let prefix = sample.bytes[..<cut]
            let result = Result { () throws(SniffError) in try MediaSniffer.imageInfo(of: prefix) }
            let format = MediaSniffer.format(of: prefix)
            switch result {
            case .success(let info) where info == sample.expected: break
            case .failure(let error) where error.code == .truncated: break
            default: wrong.append(cut)
            }
            if format != nil, format != sample.expected.format { wrong.append(cut) }
        }
        #expect(wrong.isEmpty, "cuts with a wrong answer: \(wrong.prefix(10))")
    }

    @Test("every prefix of a media file names its format or nothing", arguments: formatSamples)
    func everyPrefixOfAFormat(_ sample: MediaSnifferCase<MediaFormat?>) {
        let wrong = (0...sample.bytes.count).filter { cut in
            let format = MediaSniffer.format(of: sample.bytes[..<cut])
            return format != nil && format != sample.expected
        }
        #expect(wrong.isEmpty, "cuts with a wrong format: \(wrong.prefix(10))")
    }

    /// The cuts at which `bytes` fails consistency: a prefix whose format or size differs from
    /// the whole's. Also runs `describeNonMedia`, which must simply return.
    static func inconsistentCuts(_ bytes: [UInt8], cuts: some Sequence<Int>) -> [Int] {
        let format = MediaSniffer.format(of: bytes)
        let info = Result { () throws(SniffError) in try MediaSniffer.imageInfo(of: bytes) }
        _ = MediaSniffer.describeNonMedia(bytes)
        return cuts.filter { cut in
            let prefix = bytes[..<cut]
            _ = MediaSniffer.describeNonMedia(prefix)
            let prefixFormat = MediaSniffer.format(of: prefix)
            if prefixFormat != nil, prefixFormat != format { return true }
            if case .success(let prefixInfo) = Result(catching: { () throws(SniffError) in try MediaSniffer.imageInfo(of: prefix) }) {
                return info != .success(prefixInfo)
            }
            return false
        }
    }

    @Test("thousands of random byte arrays: no crash, prefixes agree with the whole")
    func randomBytes() {
        var random = SeededGenerator(seed: 0x4865_7261_6C64)
        var failures: [[UInt8]] = []
        for _ in 0..<4000 {
            let bytes = (0..<Int.random(in: 0...96, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let cuts = (0..<4).map { _ in Int.random(in: 0...bytes.count, using: &random) }
            if !Self.inconsistentCuts(bytes, cuts: cuts).isEmpty { failures.append(bytes) }
        }
        #expect(failures.isEmpty, "inconsistent: \(failures.prefix(3))")
    }

    @Test("real headers with random tails and random edits: no crash, prefixes agree")
    func mutatedSamples() {
        var random = SeededGenerator(seed: 2025)
        let samples = Self.imageSamples.map(\.bytes) + Self.formatSamples.map(\.bytes)
        let interesting: [[UInt8]] = [[0, 0, 0, 0], [0, 0, 0, 1], [0, 0, 0, 7], [0, 0, 0, 8], [0x7F, 0xFF, 0xFF, 0xFF], [0xFF, 0xFF, 0xFF, 0xFF]]
        var failures: [[UInt8]] = []
        for sample in samples where !sample.isEmpty {
            for round in 0..<150 {
                var bytes = sample
                if round % 3 == 0 {
                    // The sample's start, then random bytes.
                    bytes = Array(sample.prefix(Int.random(in: 1...min(sample.count, 64), using: &random)))
                    bytes += (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
                } else {
                    for _ in 0..<Int.random(in: 1...3, using: &random) {
                        let offset = Int.random(in: 0..<bytes.count, using: &random)
                        if round % 3 == 1 || offset + 4 > bytes.count {
                            bytes[offset] = UInt8.random(in: 0...255, using: &random)
                        } else {
                            // A size field gone absurd: 0, 1, 7, 8, 2^31 - 1, 2^32 - 1.
                            bytes.replaceSubrange(offset..<offset + 4, with: interesting.randomElement(using: &random) ?? [])
                        }
                    }
                }
                let cuts = (0..<6).map { _ in Int.random(in: 0...bytes.count, using: &random) }
                if !Self.inconsistentCuts(bytes, cuts: cuts).isEmpty { failures.append(bytes) }
            }
        }
        #expect(failures.isEmpty, "inconsistent: \(failures.prefix(2).map { $0.prefix(80) })")
    }

    /// Inputs built to make a careless parser loop, trap or go quadratic. Each must simply
    /// return; how fast is for the benchmarks.
    @Test("hostile inputs end")
    func hostileInputs() {
        let ftyp = Array(Samples.heic4000x3000.prefix(24))
        let megabyte = 1 << 20
        let cases: [(String, [UInt8], SniffError.Code)] = [
            ("JPEG, then a megabyte of fill bytes", [0xFF, 0xD8] + Array(repeating: 0xFF, count: megabyte), .truncated),
            ("JPEG, then a megabyte that is no marker", [0xFF, 0xD8, 0xFF, 0x00] + Array(repeating: 0x11, count: megabyte), .truncated),
            ("JPEG, 200 000 empty comment segments", [0xFF, 0xD8] + Array(repeating: [0xFF, 0xFE, 0x00, 0x02], count: 200_000).flatMap { $0 }, .truncated),
            ("HEIC, 100 000 empty free boxes and no meta", ftyp + Array(repeating: [0, 0, 0, 8] + Samples.ascii("free"), count: 100_000).flatMap { $0 }, .truncated),
            (
                "HEIC, a meta of 50 000 empty children",
                ftyp + [0x00, 0x06, 0x1A, 0x8C] + Samples.ascii("meta") + [0, 0, 0, 0]
                    + Array(repeating: [0, 0, 0, 8] + Samples.ascii("free"), count: 50_000).flatMap { $0 },
                .malformedHeader
            ),
            ("PNG with a CgBI chunk of 2^31 - 1 bytes", Array(Samples.cgbiPNG120x90.prefix(8)) + [0x7F, 0xFF, 0xFF, 0xFF] + Samples.ascii("CgBI"), .truncated),
        ]
        for (name, bytes, code) in cases {
            #expect(Samples.errorCode(bytes) == code, "\(name)")
            _ = MediaSniffer.format(of: bytes)
            _ = MediaSniffer.describeNonMedia(bytes)
        }
    }
}
