#if !os(macOS)
import Foundation
import HeraldCore

extension MessageIntentBuilder {
    /// Sets the sender's avatar as the intent's sender image and, in a group, the group's
    /// picture as its group image (the sender's stands in when the group has none).
    ///
    /// `setImage(_:forParameterNamed:)` taking a key path is iOS 12+ and unavailable on macOS
    /// (Apple's Intents overlay); macOS builds use `MessageIntentBuilder+macOS.swift`.
    ///
    /// - Returns: a decision when the sender's picture stands in for the group's.
    func setParameterImages(sender: Data?, group: Data?, on intent: INSendMessageIntent, isGroup: Bool) -> [Decision] {
        if let sender {
            intent.setImage(INImage(imageData: sender), forParameterNamed: \.sender)
        }
        guard isGroup, let groupImage = group ?? sender else { return [] }
        intent.setImage(INImage(imageData: groupImage), forParameterNamed: \.speakableGroupName)
        return group == nil ? [Decision(.groupImageFromSender, "the group has no picture of its own: the sender's avatar is its image")] : []
    }
}
#endif
