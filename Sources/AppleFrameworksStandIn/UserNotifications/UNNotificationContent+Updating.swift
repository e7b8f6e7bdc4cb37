import Foundation

// The stand-in's model of what `updating(from:)` returns.
//
// Stated by Apple (reference; Apple's page): the result is a copy; the receiver is unchanged;
// an invalid provider makes it throw a `UNError.Code`; the result should go to the content
// handler unmodified. Stated by the reference's runtime facts: with fewer than two recipients
// iOS treats the message as direct and ignores `speakableGroupName`, unless
// `INSendMessageIntentDonationMetadata.recipientCount` says otherwise.
//
// Model (UNVERIFIED; Apple does not say which fields of the returned content change):
// - the result is an immutable `UNNotificationContent` with every value of the receiver;
// - it remembers the provider (`StandInInspection.contentProvider(of:)`), also through copies
//   unless `StandInBehavior.copiesKeepContentProvider` is false;
// - for an `INSendMessageIntent`, the title becomes the group name for a group (a group name and
//   at least two recipients, counted as the larger of `recipients.count` and the metadata's
//   `recipientCount`), else the sender's display name (kept when there is no sender);
// - the subtitle is cleared, unless `StandInBehavior.updatingClearsSubtitle` is false;
// - any other provider changes no field;
// - the stand-in never finds a provider invalid by itself: it throws only on cue.
extension UNNotificationContent {
    /// The result of updating this content from `provider`, and whether it was treated as a group.
    func standInUpdated(
        from provider: any UNNotificationContentProviding, clearsSubtitle: Bool, copiesKeepProvider: Bool
    ) -> (content: UNNotificationContent, treatedAsGroup: Bool) {
        var updated = fields
        updated.contentProvider = provider
        updated.copiesKeepContentProvider = copiesKeepProvider
        var treatedAsGroup = false
        if let intent = provider as? INSendMessageIntent {
            let metadataCount = (intent.donationMetadata as? INSendMessageIntentDonationMetadata)?.recipientCount ?? 0
            let recipientCount = max(intent.storedRecipients?.count ?? 0, metadataCount)
            if let groupName = intent.speakableGroupName, recipientCount >= 2 {
                treatedAsGroup = true
                updated.title = groupName.storedSpokenPhrase
            } else if let sender = intent.sender {
                updated.title = sender.displayName
            }
            if clearsSubtitle { updated.subtitle = "" }
        }
        return (UNNotificationContent(fields: updated), treatedAsGroup)
    }
}
