import HeraldCore
import Testing

@testable import HeraldEnrichment

@Suite("Media formats")
struct MediaFormatTests {
    @Test func kindsAndExtensions() {
        #expect(MediaFormat.jpeg.kind == .image && MediaFormat.jpeg.fileExtension == "jpg")
        #expect(MediaFormat.wav.kind == .audio)
        #expect(MediaFormat.mov.kind == .movie)
        #expect(MediaFormat(rawValue: "tiff").kind == .unknown)
        #expect(MediaFormat.mpeg.fileExtension == "mpg")
        #expect(!MediaFormat.webp.isDocumentedAttachmentFormat && MediaFormat.gif.isDocumentedAttachmentFormat)
    }
}
