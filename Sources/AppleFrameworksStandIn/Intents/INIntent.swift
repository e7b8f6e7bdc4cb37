import Foundation

/// The base class of every intent.
///
/// Source: the reference declares only what the adapter uses: `INSendMessageIntent : INIntent`,
/// `INIntent: var donationMetadata: INIntentDonationMetadata?  // iOS 15` and the Swift
/// overlay's `setImage(_:forParameterNamed:)` (see `INIntent+SetImage.swift`).
/// UNVERIFIED: Apple's INIntent also has `identifier`, `intentDescription` and more, conforms to
/// NSCopying and NSSecureCoding, and has a public `init()`; the stand-in declares none of these.
/// Availability: Apple's documentation page for INIntent, iOS 10.0, macOS 11.0, watchOS 3.2,
/// tvOS 14.0 (the reference gives none; the iOS 15 SDK's generated interface,
/// DougGregor/swift-concurrency-objc iOS/Intents/INIntent.swift, gives iOS 10.0).
@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
open class INIntent: NSObject {
    /// Images set with `setImage(_:forParameterNamed:)`, by parameter name.
    var parameterImages: [String: INImage] = [:]
    var storedDonationMetadata: INIntentDonationMetadata?

    override init() {
        super.init()
    }

    /// Extra information for the donation (iOS 15): for messages, an
    /// `INSendMessageIntentDonationMetadata`.
    ///
    /// Source: reference, `var donationMetadata: INIntentDonationMetadata?  // iOS 15`.
    /// Model: setting stores a copy, so set every field of the metadata before assigning it.
    /// UNVERIFIED: that Apple's property copies (the reference gives no attribute; copying is
    /// the stricter assumption). Apple's documentation page declares it
    /// `@NSCopying var donationMetadata: INIntentDonationMetadata? { get set }`.
    /// Availability: Apple's documentation page, iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open var donationMetadata: INIntentDonationMetadata? {
        get { storedDonationMetadata }
        set { storedDonationMetadata = newValue?.standInCopy() }
    }
}
