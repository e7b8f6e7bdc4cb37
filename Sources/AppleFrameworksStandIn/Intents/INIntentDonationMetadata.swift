import Foundation

/// The base class of the extra information an intent's donation carries.
///
/// Source: the reference names the type (`INSendMessageIntentDonationMetadata :
/// INIntentDonationMetadata`, `INIntent.donationMetadata`) and nothing else.
/// UNVERIFIED: its initializers (the stand-in's base class has no public one; create
/// `INSendMessageIntentDonationMetadata`).
/// Availability: Apple's documentation page, iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
open class INIntentDonationMetadata: NSObject {
    override init() {
        super.init()
    }

    /// A copy, for `INIntent.donationMetadata`'s copy-on-set model.
    func standInCopy() -> INIntentDonationMetadata {
        INIntentDonationMetadata()
    }
}
