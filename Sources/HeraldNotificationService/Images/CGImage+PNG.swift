#if canImport(ImageIO)
import Foundation
import ImageIO

// UNVERIFIED: compiled and run only on Apple platforms; no Apple SDK exists where Herald is
// built and tested (Linux).
extension CGImage {
    /// The image as PNG bytes, encoded by ImageIO; `nil` when it cannot be encoded. What the
    /// downsampled avatars and the drawn initials hand to `INImage(imageData:)`.
    var pngData: Data? {
        let output = NSMutableData()
        guard let destination = CGImageDestinationCreateWithData(output as CFMutableData, "public.png" as CFString, 1, nil) else { return nil }
        CGImageDestinationAddImage(destination, self, nil)
        guard CGImageDestinationFinalize(destination) else { return nil }
        return output as Data
    }
}
#endif
