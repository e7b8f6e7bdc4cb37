// A test stand-in for OneSignal's `OneSignalExtension` (iOS SDK 5), just enough for
// Examples/NotificationServiceExtensions/OneSignal to compile and run on Linux.
//
// Signatures: OneSignalExtension.h as quoted in that example (both class methods return
// UNMutableNotificationContent*; the content argument is nullable; the Swift names are the ones
// OneSignal's own Swift template calls). Behaviour: modelled on the example's reading of
// OneSignalNotificationServiceExtensionHandler.m: OneSignal replaces `attachments` with what its
// own downloads got, then calls the handler. Tests script the downloads and count the calls,
// per request identifier, because the example calls OneSignal on a dispatch thread where no
// task-local value reaches.

import Foundation

#if canImport(UserNotifications)
import UserNotifications
#else
import AppleFrameworksStandIn
#endif

public final class OneSignalExtension: NSObject {
    /// What OneSignal was given for one request, and what it handed back.
    public struct Call: @unchecked Sendable {
        // @unchecked: UN* contents are immutable snapshots once recorded.
        public let received: UNNotificationContent
        public let handedBack: UNNotificationContent?
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var downloads: [String: [UNNotificationAttachment]] = [:]
    nonisolated(unsafe) private static var calls: [String: [Call]] = [:]
    nonisolated(unsafe) private static var expiryCalls: [String: Int] = [:]

    /// Sets what OneSignal's own attachment download yields for a request (default: nothing,
    /// as when its download of `att` fails).
    public static func script(downloads attachments: [UNNotificationAttachment], for requestIdentifier: String) {
        lock.withLock { downloads[requestIdentifier] = attachments }
    }

    /// The calls made for a request, in order.
    public static func calls(for requestIdentifier: String) -> [Call] {
        lock.withLock { calls[requestIdentifier] ?? [] }
    }

    /// How often the expiry method was called for a request.
    public static func expiryCallCount(for requestIdentifier: String) -> Int {
        lock.withLock { expiryCalls[requestIdentifier] ?? 0 }
    }

    @discardableResult
    public static func didReceiveNotificationExtensionRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?,
        withContentHandler contentHandler: ((UNNotificationContent) -> Void)?
    ) -> UNMutableNotificationContent? {
        let identifier = request.identifier
        let content = replacementContent ?? (request.content.mutableCopy() as? UNMutableNotificationContent)
        let processed = content?.mutableCopy() as? UNMutableNotificationContent
        processed?.attachments = lock.withLock { downloads[identifier] ?? [] }
        lock.withLock {
            calls[identifier, default: []].append(Call(received: content ?? request.content, handedBack: processed))
        }
        if let processed { contentHandler?(processed) }
        return processed
    }

    @discardableResult
    public static func serviceExtensionTimeWillExpireRequest(
        _ request: UNNotificationRequest, with replacementContent: UNMutableNotificationContent?
    ) -> UNMutableNotificationContent? {
        lock.withLock { expiryCalls[request.identifier, default: 0] += 1 }
        return replacementContent
    }
}
