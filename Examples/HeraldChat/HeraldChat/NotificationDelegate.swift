// The notification center's delegate. Foundation and HeraldApp only: Herald's tests compile
// this file (Tests/Examples/HeraldChatApp) against a stand-in of UserNotifications, with
// default MainActor isolation and approachable concurrency as the app target has them.
//
// Apple documentation followed:
//   - UNUserNotificationCenterDelegate
//     https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate
//   - userNotificationCenter(_:willPresent:withCompletionHandler:) (its async form)
//     https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:willpresent:withcompletionhandler:)
//   - userNotificationCenter(_:didReceive:withCompletionHandler:) (its async form)
//     https://developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate/usernotificationcenter(_:didreceive:withcompletionhandler:)

import Foundation
import HeraldApp

/// Shows a message's notification while HeraldChat is open (iOS shows none by default, and the
/// app is open when its user sends the first push from the desk), tells the app about it, and
/// hands every response to HeraldApp's `MessageActions`.
///
/// HeraldApp's `MessageActions.install()` would make `MessageActions` the delegate itself;
/// an app with a delegate of its own registers `MessageActions.categories` and forwards the
/// responses, as this one does (docs/extension-guide.md, section 13).
///
/// `nonisolated`: iOS calls the delegate on a queue of its own, not the main thread, while
/// the target's default isolation is MainActor.
/// UNVERIFIED: that Xcode 26's SDK declares these requirements nonisolated, as Apple's pages
/// show them and Herald's stand-in mirrors them; no Xcode exists where Herald is built.
nonisolated final class NotificationDelegate: NSObject, UNUserNotificationCenterDelegate, Sendable {
    /// Reply and Mark as Read.
    let actions: MessageActions
    /// Told of each notification shown while the app is open, so that its message joins the
    /// conversation list.
    private let shown: @Sendable (ReceivedMessage) async -> Void

    init(actions: MessageActions, shown: @escaping @Sendable (ReceivedMessage) async -> Void) {
        self.actions = actions
        self.shown = shown
        super.init()
    }

    // `@concurrent`: with Approachable Concurrency on (SWIFT_APPROACHABLE_CONCURRENCY), a
    // nonisolated async method runs on its caller's actor, and could not hand the center and
    // the response, which are not Sendable, to HeraldApp's method, which runs on none ("sending
    // 'center' risks causing data races"). Both then run off every actor, as iOS calls them.
    @concurrent func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    {
        if let message = ReceivedMessage(notification.request) { await shown(message) }
        return [.banner, .list, .sound, .badge]
    }

    @concurrent func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        await actions.userNotificationCenter(center, didReceive: response)
    }
}
