import HeraldCore

/// Removes the delivered notifications a push's ``MessageAction`` names, then reads iOS's list
/// again until they are gone from it, all before a deadline, so that the push's own content is
/// delivered only once the old notifications are off the screen.
///
/// Why it reads the list again: iOS's `removeDeliveredNotifications(withIdentifiers:)` returns
/// at once and has no completion handler, and Apple does not say when the removal takes effect,
/// nor whether it survives the extension's end (UNVERIFIED). Shipping apps wait a fixed time
/// after removing (Telegram 1.0 s, Comm 0.1 s); one report observes that a later
/// `getDeliveredNotifications` answers only once earlier removals are done (iOS 16, UNVERIFIED).
/// Reading until the list no longer shows them waits for what iOS reports, as long as it takes
/// and no longer, and says so when it does not happen in time.
struct NotificationRemover<C: Clock<Duration>>: Sendable {
    /// iOS's list, and removal from it.
    let center: any DeliveredNotificationCenter
    /// Where the deadline and the pauses between reads take their time from.
    let clock: C
    /// The longest the removal may take, its reads included (the budget still bounds it).
    let timeout: Duration

    /// The pause between two reads of the list while a removal is not yet shown in it.
    static var pause: Duration { .milliseconds(50) }

    /// Removes what `action` names and waits until iOS's list no longer shows it.
    ///
    /// - Parameters:
    ///   - action: what the push does to earlier notifications.
    ///   - budgetEnd: the pipeline's budget, which bounds the removal's own ``timeout``.
    /// - Returns: the notifications asked to be removed (whether or not iOS's list confirmed
    ///   it in time), and the decisions: what was removed and whether the list confirmed it.
    func remove(_ action: MessageAction, budgetEnd: C.Instant) async -> (removed: [DeliveredNotification], decisions: [Decision]) {
        let deadline = min(clock.now.advanced(by: timeout), budgetEnd)
        let subject = action.subject
        guard let shown = await read(until: deadline) else {
            return ([], [Decision(.removalUnconfirmed, "iOS did not list the delivered notifications within \(timeout) or the budget; \(subject) may stay on screen")])
        }
        let removed = shown.filter { $0.isNamed(by: action) }
        let targets = removed.map(\.requestIdentifier)
        guard !targets.isEmpty else {
            return ([], [Decision(.nothingToRemove, "no delivered notification of \(subject) is shown (of \(shown.count)); nothing to remove")])
        }
        center.removeDelivered(withIdentifiers: targets)
        var reads = 0
        while true {
            guard let listed = await read(until: deadline) else { break }
            reads += 1
            let remaining = Set(listed.map(\.requestIdentifier)).intersection(targets)
            if remaining.isEmpty {
                return (removed, [Decision(
                    .notificationsRemoved,
                    "removed \(targets.count) delivered notification\(targets.count == 1 ? "" : "s") of \(subject); gone from iOS's list after \(reads) read\(reads == 1 ? "" : "s")")])
            }
            let now = clock.now
            guard now < deadline, !Task.isCancelled else { break }
            do {
                try await clock.sleep(until: min(now.advanced(by: Self.pause), deadline), tolerance: nil)
            } catch {
                break  // Cancelled: delivery cannot wait (expiry).
            }
        }
        return (removed, [Decision(
            .removalUnconfirmed,
            "asked iOS to remove \(targets.count) delivered notification\(targets.count == 1 ? "" : "s") of \(subject), but its list still showed them when the removal's time (\(timeout) or the budget) ran out; they may stay on screen")])
    }

    /// iOS's list, or `nil` when it does not answer before `deadline` (or the task is cancelled).
    private func read(until deadline: C.Instant) async -> [DeliveredNotification]? {
        guard !Task.isCancelled else { return nil }
        let center = self.center
        switch await Deadline.run(until: deadline, on: clock, { await center.delivered() }) {
        case .finished(let list): return Task.isCancelled ? nil : list
        case .timedOut: return nil
        }
    }
}
