// The complete Notification Service Extension for an app that sends through OneSignal
// (OneSignal iOS SDK 5).
//
// Herald never imports a provider SDK. This extension target links OneSignal's
// `OneSignalExtension` library itself, beside `HeraldNotificationService`:
//   - Swift Package Manager: https://github.com/OneSignal/OneSignal-XCFramework, product
//     `OneSignalExtension` (checked in that package's Package.swift, release 5.5.3);
//   - CocoaPods: the `OneSignalXCFramework/OneSignalExtension` subspec (checked in
//     OneSignalXCFramework.podspec 5.0.3), or `OneSignalXCFramework` as OneSignal's own
//     templates do.
// The Info.plist is the one in ../APNs (same principal class); the built-in `onesignal` layout
// is detected from `custom.i`, `custom.a` or `os_data`, so no `Layout` key is needed.
//
// OneSignal calls checked against OneSignal/OneSignal-iOS-SDK,
// iOS_SDK/OneSignalSDK/OneSignalExtension/OneSignalExtension.h (SDK 5, where the call without
// a content handler is deprecated):
//   + didReceiveNotificationExtensionRequest:withMutableNotificationContent:withContentHandler:
//   + serviceExtensionTimeWillExpireRequest:withMutableNotificationContent:
// both returning UNMutableNotificationContent*. The Swift spellings below are the ones
// OneSignal's own Swift template uses (OneSignal/onesignal-expo-plugin,
// serviceExtensionFiles/NotificationService.swift). Herald's tests compile and run this file
// unchanged on Linux against a stand-in of those two calls (Tests/Examples/OneSignalExtension);
// against the real SDK it is UNVERIFIED, as no iOS SDK exists on the machines that build Herald.
//
// What OneSignal does with the content (OneSignalNotificationServiceExtensionHandler.m, as read
// in the SDK source; may change between releases):
//   - adds its action buttons (a category) unless the payload sets a category, adjusts the
//     badge, and reports a receive receipt;
//   - downloads the payload's `att` media again, synchronously, and REPLACES `attachments` with
//     what it got (an empty list when its downloads fail); the handler below puts Herald's
//     attachments back in that case;
//   - calls the handler, then blocks the calling thread (up to 30 s) until its receive receipt
//     is sent. Herald delivers as soon as the handler is called, and calls this hook on a
//     dispatch thread, so the wait holds no thread of Swift concurrency's pool.
// If OneSignal has not called the handler when iOS's time runs out, Herald delivers the content
// it handed to OneSignal: its delivery guard lets exactly one content through.

// HeraldNotificationService re-exports UserNotifications (and Intents): no other import needed.
import HeraldNotificationService
import OneSignalExtension

// `nonisolated`: Xcode 26 makes new targets MainActor by default, and a MainActor subclass
// clashes with Herald's nonisolated class (iOS calls an extension off the main thread).
nonisolated final class NotificationService: CommunicationNotificationService {
    override func forward(
        _ content: UNNotificationContent, for request: UNNotificationRequest,
        contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        guard let mutableContent = content.mutableCopy() as? UNMutableNotificationContent else {
            contentHandler(content)
            return
        }
        let heraldAttachments = content.attachments
        _ = OneSignalExtension.didReceiveNotificationExtensionRequest(
            request, with: mutableContent,
            withContentHandler: { processed in
                // OneSignal replaced the attachments and got none: keep the ones Herald downloaded.
                guard processed.attachments.isEmpty, !heraldAttachments.isEmpty,
                      let restored = processed.mutableCopy() as? UNMutableNotificationContent
                else {
                    contentHandler(processed)
                    return
                }
                restored.attachments = heraldAttachments
                contentHandler(restored)
            })
    }

    override func forwardExpiry(for request: UNNotificationRequest) {
        // Kept as in OneSignal's template. Herald does not wait for this call or use its result:
        // on expiry it delivers the content it handed to OneSignal, or its best content so far.
        _ = OneSignalExtension.serviceExtensionTimeWillExpireRequest(
            request, with: request.content.mutableCopy() as? UNMutableNotificationContent)
    }
}
