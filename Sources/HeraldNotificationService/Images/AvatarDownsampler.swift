import Foundation
import HeraldCore

/// Shrinks an avatar before it reaches `INImage(imageData:)`, so a huge image is never decoded
/// in full inside the extension's ~24 MB.
enum AvatarDownsampler {
    /// The avatar to hand to Intents: downsampled when it needs to be and the platform can.
    ///
    /// - Returns: the bytes to use, and a decision when they are not what was asked for.
    static func prepare(_ data: Data, needsDownsampling: Bool, maximumPixelSize: Int) -> (Data, Decision?) {
        guard needsDownsampling else { return (data, nil) }
        guard let smaller = thumbnail(of: data, maximumPixelSize: maximumPixelSize) else {
            return (data, Decision(.avatarNotDownsampled, "the avatar could not be downsampled here; it is used as downloaded"))
        }
        return (smaller, Decision(.avatarDownsampled, "avatar downsampled to at most \(maximumPixelSize) px (\(data.count) → \(smaller.count) bytes)"))
    }
}

extension Decision.Code {
    public static let avatarDownsampled = Decision.Code(rawValue: "avatar-downsampled")
    public static let avatarNotDownsampled = Decision.Code(rawValue: "avatar-not-downsampled")
}
