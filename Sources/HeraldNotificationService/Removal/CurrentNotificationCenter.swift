import HeraldEnrichment

/// The app's notifications as iOS shows them, through `UNUserNotificationCenter.current()`:
/// what an edit or a retraction removes from.
///
/// Apple: `deliveredNotifications()` (the async form of `getDeliveredNotifications`, iOS 10 and
/// macOS 10.14 with Swift concurrency) and `removeDeliveredNotifications(withIdentifiers:)`
/// (iOS 10, macOS 10.14). Shipping extensions call both (Element X, Telegram, Comm); removal
/// has no completion handler, so ``HeraldEnrichment/NotificationRemover`` reads the list again until
/// the removed notifications are gone (UNVERIFIED: when iOS applies a removal).
struct CurrentNotificationCenter: DeliveredNotificationCenter {
    func delivered() async -> [DeliveredNotification] {
        await UNUserNotificationCenter.current().deliveredNotifications().map { notification in
            let request = notification.request
            return DeliveredNotification(
                requestIdentifier: request.identifier, threadIdentifier: request.content.threadIdentifier, userInfo: request.content.userInfo)
        }
    }

    func removeDelivered(withIdentifiers identifiers: [String]) {
        UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: identifiers)
    }
}
