import HeraldCore

/// What a change of the unread count (``BadgeCounter``) does to a notification: the badge it
/// shows, what it stands for in the count, and the decision.
struct BadgeChange {
    /// The badge to show; `nil` leaves the payload's.
    var badge: Int?
    /// What the notification added to the count (0 for a decrement or none).
    var counted = 0
    var decision: Decision
}

extension EnrichedNotification {
    /// Shows `change`'s badge and records what the notification now stands for in the count.
    mutating func apply(_ change: BadgeChange) {
        if let badge = change.badge { content.badge = badge }
        countedInBadge += change.counted
        decisions.append(change.decision)
    }
}
