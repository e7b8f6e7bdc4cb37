#if !os(macOS)
import Foundation
import HeraldCore

extension MessageIntentBuilder {
    /// Sets the avatar as the intent's sender image and, in a group, as its group image.
    ///
    /// `setImage(_:forParameterNamed:)` taking a key path is iOS 12+ and unavailable on macOS
    /// (Apple's Intents overlay); macOS builds use `MessageIntentBuilder+macOS.swift`.
    ///
    /// - Returns: no decisions: every image is set.
    func setParameterImages(_ avatar: Data, on intent: INSendMessageIntent, isGroup: Bool) -> [Decision] {
        intent.setImage(INImage(imageData: avatar), forParameterNamed: \.sender)
        if isGroup {
            // Herald's message model has no group picture: the sender's stands in for it.
            intent.setImage(INImage(imageData: avatar), forParameterNamed: \.speakableGroupName)
        }
        return []
    }
}
#endif
