#if !canImport(ImageIO)
import Foundation

extension AvatarDownsampler {
    /// No ImageIO here (Linux): nothing can decode an image, so nothing is downsampled.
    static func platformThumbnail(of data: Data, maximumPixelSize: Int) -> Data? {
        nil
    }
}
#endif
