import Foundation
import HeraldCore
import HeraldEnrichment

/// Maps an enriched notification's fields and attachments onto `UNMutableNotificationContent`.
struct NotificationContentBuilder {
    /// New content: the request's content with Herald's fields and attachments.
    ///
    /// - Returns: the content and a decision for each attachment iOS refused.
    func content(for notification: EnrichedNotification, from original: UNNotificationContent) -> (UNMutableNotificationContent, [Decision]) {
        let fields = notification.content
        guard !notification.deliversNothing else {
            // Empty content, which iOS shows as nothing when the extension has the filtering
            // entitlement. The badge alone may still change the app icon without showing
            // anything, as shipping apps do (Element X, Comm, Delta Chat; UNVERIFIED by Apple).
            let nothing = UNMutableNotificationContent()
            if let badge = fields.badge { nothing.badge = NSNumber(value: badge) }
            return (nothing, [])
        }
        // The copy keeps what Herald does not model (userInfo, launch image, summary argument).
        let content = (original.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
        // What a later edit or retraction finds this notification by, sealed ids included.
        if let record = DeliveredNotification.record(for: notification.message, badgeIncrement: notification.countedInBadge) {
            content.userInfo[DeliveredNotification.recordKey] = record
        }
        content.title = fields.title
        content.subtitle = fields.subtitle
        content.body = fields.body
        content.threadIdentifier = fields.threadIdentifier
        content.categoryIdentifier = fields.categoryIdentifier
        if let badge = fields.badge { content.badge = NSNumber(value: badge) }
        if let sound = fields.sound, let mapped = NotificationContentBuilder.sound(sound) {
            content.sound = mapped
        }
        if let level = fields.interruptionLevel, let mapped = NotificationContentBuilder.interruptionLevel(level) {
            content.interruptionLevel = mapped
        }
        if let score = fields.relevanceScore { content.relevanceScore = min(max(score, 0), 1) }
        if let target = fields.targetContentIdentifier { content.targetContentIdentifier = target }
        if let criteria = fields.filterCriteria { content.filterCriteria = criteria }
        var decisions: [Decision] = []
        var attachments: [UNNotificationAttachment] = []
        for (index, result) in notification.attachments.enumerated() where result.status == .downloaded {
            guard let file = result.file else { continue }
            var options: [AnyHashable: Any] = [:]
            options[UNNotificationAttachmentOptionsTypeHintKey] = result.format?.uniformTypeIdentifier
            do {
                attachments.append(try UNNotificationAttachment(identifier: "herald-\(index + 1)", url: file, options: options))
            } catch {
                decisions.append(Decision(.attachmentRefusedByIOS, "iOS refused attachment \(index + 1) (\(file.lastPathComponent)): \(error)"))
            }
        }
        content.attachments = attachments
        return (content, decisions)
    }

    /// The sound for `aps.sound`; `nil` (keep the original's) for a non-critical sound without a name.
    ///
    /// A critical sound named `default`, or with no (or an empty) name, is the default critical
    /// sound; either kind plays at the payload's `volume` when it has one, else at full volume
    /// (`defaultCritical`, or a named sound at 1).
    static func sound(_ sound: Sound) -> UNNotificationSound? {
        if sound.isCritical {
            let volume = sound.playedVolume.map(Float.init)
            guard let name = sound.name, !name.isEmpty, name != "default" else {
                return volume.map { UNNotificationSound.defaultCriticalSound(withAudioVolume: $0) } ?? UNNotificationSound.defaultCritical
            }
            return UNNotificationSound.criticalSoundNamed(UNNotificationSoundName(name), withAudioVolume: volume ?? 1)
        }
        guard let name = sound.name else { return nil }
        return name == "default" ? UNNotificationSound.default : UNNotificationSound(named: UNNotificationSoundName(name))
    }

    static func interruptionLevel(_ level: InterruptionLevel) -> UNNotificationInterruptionLevel? {
        switch level {
        case .passive: .passive
        case .active: .active
        case .timeSensitive: .timeSensitive
        case .critical: .critical
        default: nil
        }
    }
}
