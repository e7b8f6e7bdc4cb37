#if !os(macOS)
import Foundation
import HeraldCore

extension MessageIntentBuilder {
    /// Whether an intent takes images for its parameters here: yes on iOS.
    static let hasParameterImages = true

    /// Sets the sender's avatar as the intent's sender image and, in a group, the picture
    /// ``CommunicationLayout/groupImage`` chose as its group image.
    ///
    /// `setImage(_:forParameterNamed:)` taking a key path is iOS 12+ and unavailable on macOS
    /// (Apple's Intents overlay); macOS builds use `MessageIntentBuilder+macOS.swift`.
    ///
    /// - Returns: no decisions (the layout's own say which picture the group shows).
    func setParameterImages(sender: Data?, group: Data?, on intent: INSendMessageIntent, isGroup: Bool) -> [Decision] {
        if let sender {
            intent.setImage(INImage(imageData: sender), forParameterNamed: \.sender)
        }
        if isGroup, let group {
            intent.setImage(INImage(imageData: group), forParameterNamed: \.speakableGroupName)
        }
        return []
    }
}
#endif
