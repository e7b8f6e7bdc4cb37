import Foundation

/// The state of a recorder's `UNUserNotificationCenter`: what it shows, what it was asked.
/// A value kept by `StandInRecorder` and changed only while the recorder's lock is held.
///
/// Stand-in only; no Apple counterpart. The model it implements is described at
/// `StandInRecorder+NotificationCenter.swift`.
struct NotificationCenterState {
    /// A delivered notification and when, in delivery order, it was delivered.
    struct Entry {
        var notification: UNNotification
        var sequence: Int
    }

    /// A removal waiting for its reads (`StandInBehavior.RemovalTiming.afterReads(_:)`).
    struct PendingRemoval {
        /// The request identifiers to remove; `nil` for all.
        var identifiers: Set<String>?
        /// The last delivery it applies to: later deliveries are not removed by it.
        var lastSequence: Int
        /// Reads still to answer with the notifications listed.
        var readsLeft: Int
    }

    /// The recorder's center, made on first use and kept by `reset()`.
    var center: UNUserNotificationCenter?
    private(set) var entries: [Entry] = []
    private var nextSequence = 0
    private var pendingRemovals: [PendingRemoval] = []
    private(set) var removals: [[String]] = []
    private(set) var removeAllCount = 0
    private(set) var addedRequests: [UNNotificationRequest] = []
    private(set) var categories: Set<UNNotificationCategory> = []
    private(set) var categorySetCount = 0
    private(set) var badgeCounts: [Int] = []

    var pendingRemovalCount: Int { pendingRemovals.count }

    /// Empty state, with `center` if one was made already.
    init(center: UNUserNotificationCenter? = nil) {
        self.center = center
    }

    /// Delivers `request`: in place of a delivered notification with its identifier, else last.
    mutating func deliver(_ request: UNNotificationRequest, date: Date) {
        let entry = Entry(notification: UNNotification(storingDate: date, request: request), sequence: nextSequence)
        nextSequence += 1
        if let index = entries.firstIndex(where: { $0.notification.request.identifier == request.identifier }) {
            entries[index] = entry
        } else {
            entries.append(entry)
        }
    }

    mutating func add(_ request: UNNotificationRequest, date: Date) {
        addedRequests.append(request)
        if request.trigger == nil { deliver(request, date: date) }
    }

    /// Records a removal of `identifiers` (`nil`: all) and applies it as `timing` says.
    mutating func remove(_ identifiers: [String]?, timing: StandInBehavior.RemovalTiming) {
        if let identifiers { removals.append(identifiers) } else { removeAllCount += 1 }
        let removal = PendingRemoval(identifiers: identifiers.map(Set.init), lastSequence: nextSequence - 1, readsLeft: 0)
        switch timing {
        case .atOnce:
            apply(removal)
        case .afterReads(let reads) where reads <= 0:
            apply(removal)
        case .afterReads(let reads):
            pendingRemovals.append(PendingRemoval(
                identifiers: removal.identifiers, lastSequence: removal.lastSequence, readsLeft: reads))
        case .never:
            break
        }
    }

    /// Answers a read of the delivered notifications, then counts it for the pending removals.
    mutating func read() -> [UNNotification] {
        let answer = entries.map(\.notification)
        for index in pendingRemovals.indices { pendingRemovals[index].readsLeft -= 1 }
        let due = pendingRemovals.filter { $0.readsLeft <= 0 }
        pendingRemovals.removeAll { $0.readsLeft <= 0 }
        for removal in due { apply(removal) }
        return answer
    }

    mutating func setCategories(_ newCategories: Set<UNNotificationCategory>) {
        categories = newCategories
        categorySetCount += 1
    }

    mutating func setBadgeCount(_ count: Int) {
        badgeCounts.append(count)
    }

    /// Forgets everything but the center.
    mutating func reset() {
        self = NotificationCenterState(center: center)
    }

    private mutating func apply(_ removal: PendingRemoval) {
        entries.removeAll { entry in
            entry.sequence <= removal.lastSequence
                && (removal.identifiers?.contains(entry.notification.request.identifier) ?? true)
        }
    }
}
