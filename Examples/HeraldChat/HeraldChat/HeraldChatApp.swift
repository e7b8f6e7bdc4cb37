// HeraldChat: a small chat app whose pushes arrive as messages from a person, through
// Herald's Notification Service Extension (../NotificationService). SwiftUI and UIKit: this
// file is not compiled by Herald's tests (no Apple SDK where Herald is built); UNVERIFIED
// beyond Apple's documentation.
//
// Apple documentation followed:
//   - App https://developer.apple.com/documentation/swiftui/app
//   - UIApplicationDelegateAdaptor https://developer.apple.com/documentation/swiftui/uiapplicationdelegateadaptor
//   - environmentObject(_:) https://developer.apple.com/documentation/swiftui/view/environmentobject(_:)

import SwiftUI

@main
struct HeraldChatApp: App {
    // The app delegate receives the device token and sets up the notification center before
    // launch finishes (AppDelegate.swift).
    @UIApplicationDelegateAdaptor(AppDelegate.self) private var appDelegate

    var body: some Scene {
        WindowGroup {
            ContentView()
                .environmentObject(appDelegate.chat)
        }
    }
}
