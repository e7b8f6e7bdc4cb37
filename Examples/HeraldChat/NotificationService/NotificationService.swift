// HeraldChat's Notification Service Extension: all of it.
//
// Apple documentation followed:
//   - UNNotificationServiceExtension
//     https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension
//   - Implementing communication notifications
//     https://developer.apple.com/documentation/usernotifications/implementing-communication-notifications
//
// `CommunicationNotificationService` (Herald's `HeraldNotificationService` library, linked to
// this target only) is that subclass done once: it reads the payload, downloads the avatar
// within the time budget (or draws the sender's initials), donates the `INSendMessageIntent`,
// calls `updating(from:)` and delivers exactly once. It reads its settings from the `Herald`
// dictionary of Info.plist beside this file (the App Group it shares with the app, the
// fallback for deleted messages); docs/extension-guide.md section 6 lists every key.
// Herald's tests compile this file unchanged, with default MainActor isolation as this
// target has it, and run it on a stand-in of UserNotifications and Intents
// (Tests/Examples/HeraldChatExtension). Against the real SDK it is UNVERIFIED: no Xcode
// exists where Herald is built.

import HeraldNotificationService

// `nonisolated`: the target's Default Actor Isolation is MainActor (Xcode 26's default), and a
// MainActor subclass clashes with Herald's nonisolated class; iOS calls an extension off the
// main thread anyway.
nonisolated final class NotificationService: CommunicationNotificationService {}
