import Foundation

// The app's notification center, as the stand-in models it: each recorder keeps the state of one
// `UNUserNotificationCenter` (its `notificationCenter`, which `UNUserNotificationCenter.current()`
// returns while the recorder is bound), so tests running in parallel never share it.
//
// Model (UNVERIFIED where Apple states nothing):
// - Delivered notifications are listed in delivery order. Delivering a request whose identifier
//   is already listed replaces that notification, with the new request and date, as iOS does
//   for a request with the same identifier (UNUserNotificationCenter.h) or a push with the same
//   collapse id; the stand-in keeps its place in the list (UNVERIFIED whether iOS does or moves it
//   to the top).
// - `add(_:withCompletionHandler:)` records the request and, when it has no trigger, delivers it
//   at once, dated now.
// - A removal applies to the notifications delivered before it, and takes effect as the
//   `StandInBehavior.removalTakesEffect` in force at the call says: at once, after a number of
//   later reads (`getDeliveredNotifications(completionHandler:)` and `deliveredNotifications()`),
//   or never. Reading the recorder's properties never counts as a read.
// - Categories and the badge count are what was last set.
//
// Stand-in only; no Apple counterpart.
extension StandInRecorder {
    /// The app's notification center while this recorder is bound: what
    /// `UNUserNotificationCenter.current()` returns then, the same instance every time (so its
    /// `delegate` stays set), and a different one for every recorder.
    public var notificationCenter: UNUserNotificationCenter {
        lock.withLock {
            if let center = notificationCenterState.center { return center }
            let center = UNUserNotificationCenter(recorder: self)
            notificationCenterState.center = center
            return center
        }
    }

    /// The notifications the center lists now, in delivery order: those delivered and not
    /// removed, and those whose removal has not taken effect yet. What the next
    /// `getDeliveredNotifications(completionHandler:)` answers; reading this is not a read.
    public var deliveredNotifications: [UNNotification] {
        lock.withLock { notificationCenterState.entries.map(\.notification) }
    }

    /// Delivers a notification for `request`, as iOS does for a push or a local request: last in
    /// the list, or, when a notification with the request's identifier is listed, in its place.
    ///
    /// - Parameters:
    ///   - request: the request; its `identifier` is what removals name.
    ///   - date: the notification's `date`.
    public func deliver(_ request: UNNotificationRequest, date: Date = Date()) {
        lock.withLock { notificationCenterState.deliver(request, date: date) }
    }

    /// The identifiers of every `removeDeliveredNotifications(withIdentifiers:)` call, in order,
    /// whether or not the removal has taken effect.
    public var removals: [[String]] { lock.withLock { notificationCenterState.removals } }

    /// How many times `removeAllDeliveredNotifications()` was called.
    public var removeAllCount: Int { lock.withLock { notificationCenterState.removeAllCount } }

    /// How many removals (of either kind) wait for reads before they take effect
    /// (`StandInBehavior.RemovalTiming.afterReads(_:)`).
    public var pendingRemovalCount: Int { lock.withLock { notificationCenterState.pendingRemovalCount } }

    /// Every request given to `add(_:withCompletionHandler:)` or `add(_:)`, in order.
    public var addedRequests: [UNNotificationRequest] { lock.withLock { notificationCenterState.addedRequests } }

    /// The categories last given to `setNotificationCategories(_:)`; empty before any.
    public var categories: Set<UNNotificationCategory> { lock.withLock { notificationCenterState.categories } }

    /// How many times `setNotificationCategories(_:)` was called.
    public var categorySetCount: Int { lock.withLock { notificationCenterState.categorySetCount } }

    /// The count last given to `setBadgeCount`; `nil` before any.
    public var badgeCount: Int? { lock.withLock { notificationCenterState.badgeCounts.last } }

    /// Every count given to `setBadgeCount`, in order.
    public var badgeCounts: [Int] { lock.withLock { notificationCenterState.badgeCounts } }

    // MARK: - Called by UNUserNotificationCenter

    /// A read: the delivered notifications, then the read is counted for pending removals.
    func readDeliveredNotifications() -> [UNNotification] {
        lock.withLock { notificationCenterState.read() }
    }

    /// Records a removal of `identifiers`, or of all when `nil`, under the current behaviour.
    func recordRemoval(of identifiers: [String]?) {
        let timing = behavior.removalTakesEffect
        lock.withLock { notificationCenterState.remove(identifiers, timing: timing) }
    }

    func recordAdd(_ request: UNNotificationRequest) {
        let now = Date()
        lock.withLock { notificationCenterState.add(request, date: now) }
    }

    func recordCategories(_ categories: Set<UNNotificationCategory>) {
        lock.withLock { notificationCenterState.setCategories(categories) }
    }

    func recordBadgeCount(_ count: Int) {
        lock.withLock { notificationCenterState.setBadgeCount(count) }
    }
}
