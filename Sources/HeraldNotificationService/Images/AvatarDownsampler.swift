import Foundation
import HeraldCore
import HeraldEnrichment

/// Shrinks an avatar before it reaches `INImage(imageData:)`, so a huge image is never decoded
/// in full inside the extension's ~24 MB.
struct AvatarDownsampler: Sendable {
    /// A thumbnail of the image at most `maximumPixelSize` on its longest side, or `nil` when
    /// it cannot be made.
    let thumbnail: @Sendable (_ image: Data, _ maximumPixelSize: Int) -> Data?

    /// The platform's: ImageIO on Apple platforms; none on Linux, where every attempt fails.
    static let platform = AvatarDownsampler(thumbnail: AvatarDownsampler.platformThumbnail(of:maximumPixelSize:))

    /// The avatar to hand to Intents: downsampled when it needs to be and can be; as
    /// downloaded when it cannot be but stays within `pixelLimit`; else none.
    ///
    /// - Parameters:
    ///   - avatar: the pipeline's avatar.
    ///   - maximumPixelSize: the longest side of the downsampled avatar.
    ///   - pixelLimit: the most pixels an avatar may have to be passed on as downloaded.
    ///   - subject: how the decision names it: "avatar" or "group avatar".
    /// - Returns: the bytes to use (`nil` for no avatar), and a decision when they are not what
    ///   was downloaded.
    func prepare(_ avatar: AvatarResult, maximumPixelSize: Int, pixelLimit: Int, subject: String = "avatar") -> (Data?, Decision?) {
        guard let data = avatar.data else { return (nil, nil) }
        guard avatar.needsDownsampling else { return (data, nil) }
        if let smaller = thumbnail(data, maximumPixelSize) {
            return (smaller, Decision(.avatarDownsampled, "\(subject) downsampled to at most \(maximumPixelSize) px (\(data.count) → \(smaller.count) bytes)"))
        }
        let size = avatar.info.map { "\($0.width)×\($0.height)" } ?? "of unknown size"
        // The pipeline records the size of every avatar it accepts: one without is not passed on.
        guard let pixels = avatar.info?.pixelCount, pixels <= pixelLimit else {
            return (nil, Decision(
                .avatarDropped,
                "the \(subject) (\(size)) could not be downsampled and has more than \(pixelLimit) pixels: left out, rather than decoded in full in the extension's memory"))
        }
        return (data, Decision(.avatarNotDownsampled, "the \(subject) (\(size)) could not be downsampled here; it is used as downloaded (within the \(pixelLimit)-pixel limit)"))
    }
}

extension Decision.Code {
    /// An avatar larger than the display size was downsampled before it reached Intents.
    public static let avatarDownsampled = Decision.Code(rawValue: "avatar-downsampled")
    /// An avatar could not be downsampled (always on Linux), but has few enough pixels
    /// (``/HeraldEnrichment/EnrichmentConfiguration/maximumUndownsampledAvatarPixels``) to be used
    /// as downloaded.
    public static let avatarNotDownsampled = Decision.Code(rawValue: "avatar-not-downsampled")
    /// An avatar could not be downsampled and has too many pixels to be decoded in full in the
    /// extension's memory: it is left out.
    public static let avatarDropped = Decision.Code(rawValue: "avatar-dropped")
}
