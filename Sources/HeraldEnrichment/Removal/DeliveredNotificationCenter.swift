/// The notifications iOS shows for the app, as the extension sees them: the list, and the
/// removal of some. The iOS adapter's is `UNUserNotificationCenter.current()`; tests give their
/// own.
///
/// iOS's removal has no completion handler, and Apple does not say when it takes effect
/// (UNVERIFIED): `NotificationRemover` therefore reads the list again until the removed
/// notifications are gone from it, within a deadline.
public protocol DeliveredNotificationCenter: Sendable {
    /// The app's notifications iOS shows now.
    func delivered() async -> [DeliveredNotification]

    /// Asks iOS to remove the notifications of these requests; it returns before they are gone.
    func removeDelivered(withIdentifiers identifiers: [String])
}
