// The complete Notification Service Extension for an app that sends through Firebase Cloud
// Messaging.
//
// Herald never imports a provider SDK. This extension target links Firebase's
// `FirebaseMessaging` itself, beside `HeraldNotificationService` (Swift Package Manager:
// https://github.com/firebase/firebase-ios-sdk, product `FirebaseMessaging`; CocoaPods: the
// `FirebaseMessaging` pod). The Info.plist is the one in ../APNs (same principal class); the
// built-in `fcm` layout is detected from `gcm.message_id`, `google.c.*` or `fcm_options`, so no
// `Layout` key is needed.
//
// Firebase calls checked against firebase/firebase-ios-sdk (release 12.19.0):
//   FirebaseMessaging/Sources/Public/FirebaseMessaging/FIRMessaging+ExtensionHelper.h
//     + (FIRMessagingExtensionHelper *)extensionHelper NS_SWIFT_NAME(serviceExtension());
//   FirebaseMessaging/Sources/Public/FirebaseMessaging/FIRMessagingExtensionHelper.h
//     - populateNotificationContent:withContentHandler:
//     - exportDeliveryMetricsToBigQueryWithMessageInfo:
// with the Swift spellings of Firebase's own sample
// (FirebaseMessaging/Apps/AdvancedSample/NotificationServiceExtension/NotificationService.swift).
// Herald's tests compile and run this file unchanged on Linux against a stand-in of those two
// calls (Tests/Examples/FirebaseMessaging); against the real SDK it is UNVERIFIED, as no iOS
// SDK exists on the machines that build Herald.
//
// What Firebase's helper does (FIRMessagingExtensionHelper.m, as read in that release):
// `populateNotificationContent` downloads `fcm_options.image`, sets `attachments` to that one
// image when the download succeeds, and calls the handler; without an image it calls the
// handler at once. Herald already downloads `fcm_options.image` itself, so the helper is only
// asked when Herald attached nothing. The helper is one object for the whole process
// (`serviceExtension()` returns a shared instance) that keeps only the last content and handler
// it was given: if two notifications are in it at once, the first may never get its handler
// called (and its image may land on the second). Herald's delivery guard still delivers the
// first, with the content handed to Firebase, when iOS's time runs out (about 30 s); asking the
// helper only when Herald has no attachment keeps this rare.

// HeraldNotificationService re-exports UserNotifications (and Intents): no other import needed.
import FirebaseMessaging
import HeraldNotificationService

// `nonisolated`: Xcode 26 makes new targets MainActor by default, and a MainActor subclass
// clashes with Herald's nonisolated class (iOS calls an extension off the main thread).
nonisolated final class NotificationService: CommunicationNotificationService {
    override func forward(
        _ content: UNNotificationContent, for request: UNNotificationRequest,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        // Optional: FCM delivery metrics exported to BigQuery (Firebase's opt-in feature).
        // Messaging.serviceExtension().exportDeliveryMetricsToBigQuery(withMessageInfo: request.content.userInfo)

        guard content.attachments.isEmpty,
              let mutableContent = content.mutableCopy() as? UNMutableNotificationContent
        else {
            contentHandler(content)
            return
        }
        Messaging.serviceExtension().populateNotificationContent(mutableContent, withContentHandler: contentHandler)
    }
}
