import Foundation

/// The base class of the extra information an intent's donation carries.
///
/// Source: the reference names the type (`INSendMessageIntentDonationMetadata :
/// INIntentDonationMetadata`, `INIntent.donationMetadata`) and nothing else.
/// UNVERIFIED: its availability (not annotated; its only use is iOS 15) and initializers (the stand-in's base
/// class has no public one; create `INSendMessageIntentDonationMetadata`).
open class INIntentDonationMetadata: NSObject {
    override init() {
        super.init()
    }

    /// A copy, for `INIntent.donationMetadata`'s copy-on-set model.
    func standInCopy() -> INIntentDonationMetadata {
        INIntentDonationMetadata()
    }
}
