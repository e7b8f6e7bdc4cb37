// The app delegate: the notification center's set-up before launch finishes, and the device
// token. UIKit: not compiled by Herald's tests (no Apple SDK where Herald is built);
// UNVERIFIED beyond Apple's documentation.
//
// Apple documentation followed:
//   - UIApplicationDelegate https://developer.apple.com/documentation/uikit/uiapplicationdelegate
//   - application(_:willFinishLaunchingWithOptions:)
//     https://developer.apple.com/documentation/uikit/uiapplicationdelegate/application(_:willfinishlaunchingwithoptions:)
//   - Registering your app with APNs
//     https://developer.apple.com/documentation/usernotifications/registering-your-app-with-apns
//   - UNUserNotificationCenter delegate, setNotificationCategories(_:)
//     https://developer.apple.com/documentation/usernotifications/unusernotificationcenter

import HeraldApp
import UIKit

final class AppDelegate: NSObject, UIApplicationDelegate {
    let chat = ChatModel()

    // Kept for the app's whole life: the notification center holds its delegate weakly.
    private lazy var notifications = NotificationDelegate(
        actions: MessageActions(
            titles: .init(
                reply: String(localized: "Reply"), send: String(localized: "Send"), placeholder: String(localized: "Message"),
                markAsRead: String(localized: "Mark as Read"))
        ) { [chat] response in
            await chat.handle(response)
        },
        shown: { [chat] message in
            await chat.received(message)
        })

    func application(_ application: UIApplication, willFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        // Before launch finishes, or a Reply that launched the app in the background is missed
        // (Apple: the delegate must be set before the app finishes launching).
        let center = UNUserNotificationCenter.current()
        center.setNotificationCategories(notifications.actions.categories)
        center.delegate = notifications
        return true
    }

    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {
        chat.registered(deviceToken: deviceToken)
    }

    func application(_ application: UIApplication, didFailToRegisterForRemoteNotificationsWithError error: any Error) {
        chat.registrationFailed(error)
    }
}
