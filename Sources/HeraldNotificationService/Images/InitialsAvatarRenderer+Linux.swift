#if !(canImport(CoreText) && canImport(ImageIO))
import Foundation
import HeraldCore

extension InitialsAvatarRenderer {
    /// No CoreText here (Linux): nothing can draw text, so no avatar is drawn.
    static func platformImage(of avatar: InitialsAvatar, pixelSize: Int) -> Data? {
        nil
    }
}
#endif
