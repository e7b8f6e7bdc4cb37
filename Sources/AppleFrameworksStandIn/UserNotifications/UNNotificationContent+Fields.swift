import Foundation

extension UNNotificationContent {
    /// Every value a content holds; copying a content copies this.
    ///
    /// Defaults: empty strings, `nil`, `[]`, `[:]`, 0, except `interruptionLevel`, which is
    /// `.active`. UNVERIFIED: Apple's default interruption level (the reference lists it as
    /// unverified); `.active` is what a notification without `interruption-level` behaves as.
    struct Fields {
        var title = ""
        var subtitle = ""
        var body = ""
        var badge: NSNumber?
        var sound: UNNotificationSound?
        var userInfo: [AnyHashable: Any] = [:]
        var attachments: [UNNotificationAttachment] = []
        var categoryIdentifier = ""
        var threadIdentifier = ""
        var launchImageName = ""
        var summaryArgument = ""
        var summaryArgumentCount = 0
        var targetContentIdentifier: String?
        var interruptionLevel: UNNotificationInterruptionLevel = .active
        var relevanceScore: Double = 0
        var filterCriteria: String?
        /// Stand-in only: the provider of the `updating(from:)` that made this content, carried
        /// through copies while `copiesKeepContentProvider` is true. UNVERIFIED: whether a copy
        /// of updated content keeps what the update added on iOS.
        var contentProvider: (any UNNotificationContentProviding)?
        /// Stand-in only: `StandInBehavior.copiesKeepContentProvider` at the update.
        var copiesKeepContentProvider = true

        /// The fields a copy gets: without the provider when the behaviour said copies drop it.
        var forCopy: Fields {
            var copied = self
            if !copiesKeepContentProvider { copied.contentProvider = nil }
            return copied
        }
    }
}
