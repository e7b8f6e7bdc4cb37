import Foundation

/// What a message donation says about the message beyond the intent: mentions, replies, and
/// how many people the conversation has.
///
/// Source: reference, Intents: `class INSendMessageIntentDonationMetadata :
/// INIntentDonationMetadata  // iOS 15` with `init()` and four settable properties. The
/// reference's runtime facts: setting `recipientCount` (to two or more) makes iOS treat a message
/// with fewer than two recipients as a group one, as Signal does.
/// UNVERIFIED: the defaults (false, false, false, 0).
/// Availability: INSendMessageIntentDonationMetadata.h ("Copyright (c) 2016-2021"),
/// `API_AVAILABLE(ios(15.0), macos(12.0), watchos(8.0)) API_UNAVAILABLE(tvos)` on the class and
/// none on `init()` or the properties (the reference's table: `recipientCount` iOS 15, macOS 12).
@available(iOS 15.0, macOS 12.0, watchOS 8.0, *)
@available(tvOS, unavailable)
open class INSendMessageIntentDonationMetadata: INIntentDonationMetadata {
    /// Source: reference, `init()`.
    public override init() {
        super.init()
    }

    /// Source: reference, `var mentionsCurrentUser: Bool`.
    open var mentionsCurrentUser = false

    /// Source: reference, `var isReplyToCurrentUser: Bool`.
    open var isReplyToCurrentUser = false

    /// Source: reference, `var notifyRecipientAnyway: Bool`.
    open var notifyRecipientAnyway = false

    /// Source: reference, `var recipientCount: Int`.
    open var recipientCount = 0

    override func standInCopy() -> INIntentDonationMetadata {
        let copy = INSendMessageIntentDonationMetadata()
        copy.mentionsCurrentUser = mentionsCurrentUser
        copy.isReplyToCurrentUser = isReplyToCurrentUser
        copy.notifyRecipientAnyway = notifyRecipientAnyway
        copy.recipientCount = recipientCount
        return copy
    }
}
