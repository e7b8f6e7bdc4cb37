/// An image's format and pixel size, read from its header without decoding it.
///
/// The size is the encoded one, before any orientation is applied: a portrait photo whose
/// EXIF orientation (or HEIF `irot`) turns it shows as landscape here. The pixel count, which
/// is what memory depends on, is the same either way.
///
/// Width and height from ``MediaSniffer/imageInfo(of:)`` are always in `1...Int(Int32.max)`,
/// so `width * height` cannot overflow a 64-bit `Int`.
public struct ImageInfo: Hashable, Sendable {
    /// The image format, one of the image formats of ``MediaFormat``.
    public let format: MediaFormat
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int

    /// An image size, as a test or a fake fetcher would build one.
    ///
    /// - Parameters:
    ///   - format: the image format.
    ///   - width: width in pixels.
    ///   - height: height in pixels.
    public init(format: MediaFormat, width: Int, height: Int) {
        self.format = format
        self.width = width
        self.height = height
    }

    /// `width × height`, or `Int.max` when that overflows (which sniffed sizes never do).
    ///
    /// Decoding needs about four bytes per pixel, whatever the file size: a 30000 × 30000 GIF
    /// of a few hundred bytes asks for 3.6 GB.
    public var pixelCount: Int {
        let (product, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? Int.max : product
    }
}
