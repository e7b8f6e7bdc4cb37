#if canImport(ImageIO)
import Foundation
import ImageIO

// UNVERIFIED: compiled and run only on Apple platforms; no Apple SDK exists where Herald is
// built and tested (Linux). The calls follow the behaviour facts in docs/architecture.md.
extension AvatarDownsampler {
    /// A PNG thumbnail at most `maximumPixelSize` on its longest side, made by ImageIO from a
    /// source that is not cached, so the full image is never decoded.
    static func platformThumbnail(of data: Data, maximumPixelSize: Int) -> Data? {
        let sourceOptions = [kCGImageSourceShouldCache: false] as CFDictionary
        guard let source = CGImageSourceCreateWithData(data as CFData, sourceOptions) else { return nil }
        let thumbnailOptions = [
            kCGImageSourceCreateThumbnailFromImageAlways: true,
            kCGImageSourceThumbnailMaxPixelSize: maximumPixelSize,
            kCGImageSourceCreateThumbnailWithTransform: true,
            kCGImageSourceShouldCacheImmediately: true,
        ] as CFDictionary
        return CGImageSourceCreateThumbnailAtIndex(source, 0, thumbnailOptions)?.pngData
    }
}
#endif
