import Foundation
import FuzzSupport
import HeraldEnrichment

/// Downloaded bytes as the phone checks them before any decode: ``MediaSniffer``'s format,
/// image size and non-media description.
///
/// Beyond not trapping, it checks the promises of the sniffer's documentation: `format(of:)`
/// looks at no more than `formatPrefixLength` bytes and its answer for a prefix only ever goes
/// from nil to the final format; a size is in `1...Int32.max`; bytes that are a known format are
/// never described as text; and bytes not contiguous in memory get the same answers.
@main
enum MediaSnifferTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(MediaSnifferTarget.self, $0, $1) } }

    static func run(_ input: inout FuzzInput) {
        let bytes = Array(input.rest())
        let format = MediaSniffer.format(of: bytes)
        checkPrefixes(of: bytes, format: format)
        let description = MediaSniffer.describeNonMedia(bytes)
        require(format == nil || description == nil, "bytes of format \(format!) described as \(description!)")

        let info = imageInfo(bytes)
        if case .success(let image) = info {
            require((1...Int(Int32.max)).contains(image.width) && (1...Int(Int32.max)).contains(image.height), "size \(image.width) × \(image.height)")
            require(format == nil || format == image.format, "format(of:) says \(format!), imageInfo says \(image.format)")
        }
        // Not contiguous: the sniffer copies once and must answer the same.
        require(imageInfo(bytes.lazy.map { $0 }) == info, "a non-contiguous collection gets another answer")
        require(MediaSniffer.format(of: bytes.lazy.map { $0 }) == format, "a non-contiguous collection gets another format")
    }

    /// Every prefix up to `formatPrefixLength` bytes: nil, or the format of the whole.
    static func checkPrefixes(of bytes: [UInt8], format: MediaFormat?) {
        let limit = MediaSniffer.formatPrefixLength
        require(MediaSniffer.format(of: bytes.prefix(limit)) == format, "format(of:) looked past \(limit) bytes")
        var seen: MediaFormat?
        for count in 0...min(bytes.count, limit) {
            let answer = MediaSniffer.format(of: bytes.prefix(count))
            require(answer == nil || answer == format, "a \(count)-byte prefix is \(answer!), the whole is \(format.map(\.rawValue) ?? "nil")")
            require(seen == nil || answer == seen, "the answer went from \(seen!) to \(answer.map(\.rawValue) ?? "nil") at \(count) bytes")
            seen = answer ?? seen
        }
    }

    static func imageInfo(_ bytes: some Collection<UInt8>) -> Result<ImageInfo, SniffError> {
        Result { () throws(SniffError) in try MediaSniffer.imageInfo(of: bytes) }
    }

    /// The hand-built headers of the sniffer's tests (linked from Tests/HeraldEnrichmentTests).
    static var seeds: [(name: String, bytes: [UInt8])] {
        typealias S = MediaSnifferSamples
        let samples: [(String, [UInt8])] = [
            ("png", S.png640x480), ("png-real", S.realPNG3x2), ("png-cgbi", S.cgbiPNG120x90),
            ("png-idat", Array(TestMedia.png(width: 64, height: 48, padding: 32))),
            ("jpeg", S.jpeg4032x3024), ("jpeg-app0", S.jpegWithLeadingSegment(0xE0)), ("jpeg-sof", S.jpegWithLeadingSegment(0xC1)),
            ("gif89a", S.gif30000), ("gif87a", S.gif87a16x9),
            ("webp-vp8", S.webPLossy()), ("webp-vp8l", S.webPLossless400x300), ("webp-vp8x", S.webPExtended2000x1500),
            ("heic", S.heic4000x3000), ("heic-brand", S.heicByCompatibleBrand), ("heif", S.heifGeneric), ("heif-sequence", S.heifSequence),
            ("heic-mini", S.heicMini320x240), ("heic-mini-small", S.heicMini64x48), ("avif", S.avif), ("avif-mini", S.avifMini),
            ("mp3-id3", S.mp3WithID3), ("mp3-frame", S.mp3Frame), ("mp3-long", Array(TestMedia.mp3(count: 2000))),
            ("m4a", S.m4a), ("wav", S.wav), ("aiff", S.aiff), ("aifc", S.aifc), ("mp4", S.mp4), ("m4v", S.m4v),
            ("mov-ftyp", S.movFileType), ("mov-wide", S.movWideMdat), ("mov-moov", S.movMoovFirst), ("mov-free", S.movFreeThenMoov),
            ("mpeg-ps", S.mpegProgramStream), ("mpeg-video", S.mpegVideo), ("avi", S.avi),
            ("html", Array(TestMedia.html)), ("json", Array(TestMedia.json)),
        ]
        return samples.map { (name: "sample-\($0.0)", bytes: $0.1) }
    }
}
