#if os(macOS)
import Foundation
import HeraldCore

// UNVERIFIED: compiled only on macOS; no Apple SDK exists where Herald is built and tested.
extension MessageIntentBuilder {
    /// Whether an intent takes images for its parameters here: not on macOS.
    static let hasParameterImages = false

    /// macOS has no parameter images: Apple's Intents overlay marks the key-path
    /// `setImage(_:forParameterNamed:)` unavailable there. The avatar stays on the sender's
    /// `INPerson` only, and a group gets no image.
    ///
    /// - Returns: a decision saying so.
    func setParameterImages(sender: Data?, group: Data?, on intent: INSendMessageIntent, isGroup: Bool) -> [Decision] {
        [Decision(.parameterImagesUnavailable, "macOS has no intent parameter images: the avatar is on the sender only\(isGroup ? ", the group has none" : "")")]
    }
}
#endif
