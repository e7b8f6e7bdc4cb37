/// How a group conversation gets its group line on iOS, which treats a message with fewer than
/// two recipients as direct and then ignores its group name.
///
/// The extension reads it from the Info.plist key `GroupPadding`; ``CommunicationLayout``
/// applies it.
public enum GroupPadding: String, Sendable, CaseIterable {
    /// Add placeholder recipients up to two.
    case pad
    /// Set `INSendMessageIntentDonationMetadata.recipientCount` only (iOS 15), as Signal does.
    case metadata
    /// Both: placeholders, and a recipient count of at least two.
    case both
}
