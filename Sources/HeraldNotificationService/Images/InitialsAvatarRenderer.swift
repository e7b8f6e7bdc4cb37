import Foundation
import HeraldCore

/// Draws the initials avatar ``CommunicationLayout`` chose for a sender or group without a
/// picture, as PNG bytes for `INImage(imageData:)`.
struct InitialsAvatarRenderer: Sendable {
    /// A PNG of `avatar`'s letters on its colour, `pixelSize` square; `nil` when it cannot be drawn.
    let draw: @Sendable (_ avatar: InitialsAvatar, _ pixelSize: Int) -> Data?

    /// The platform's: CoreGraphics and CoreText on Apple platforms, the system's own text
    /// rendering; none on Linux, where every attempt fails.
    static let platform = InitialsAvatarRenderer(draw: InitialsAvatarRenderer.platformImage(of:pixelSize:))

    /// The side of a drawn avatar, in pixels: 60 points at the 3x scale of current iPhones, well
    /// over the 40-odd points iOS shows an avatar at. A 180 × 180 bitmap costs 130 KB while it
    /// is drawn, well inside the extension's memory.
    static let pixelSize = 180
}
