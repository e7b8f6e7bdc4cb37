// A test stand-in for Firebase's `Messaging` extension helper, just enough for
// Examples/NotificationServiceExtensions/Firebase to compile and run on Linux.
//
// Signatures: FIRMessaging+ExtensionHelper.h and FIRMessagingExtensionHelper.h as quoted in
// that example (`serviceExtension()` returns one shared helper;
// `populateNotificationContent(_:withContentHandler:)`). Behaviour: modelled on the example's
// reading of FIRMessagingExtensionHelper.m: without an image to download, the helper calls the
// handler at once with the content it was given. Tests read the calls per request identifier
// (the content's `userInfo["request"]`), because the example calls it on a dispatch thread.

import Foundation

#if canImport(UserNotifications)
import UserNotifications
#else
import AppleFrameworksStandIn
#endif

public final class Messaging: NSObject {
    private static let helper = MessagingExtensionHelper()

    /// The process-wide helper, as Firebase's `extensionHelper` class method returns it.
    public static func serviceExtension() -> MessagingExtensionHelper { helper }
}

public final class MessagingExtensionHelper: NSObject, @unchecked Sendable {
    // @unchecked: `populated` is only touched while `lock` is held.
    private let lock = NSLock()
    private var populated: [UNNotificationContent] = []

    /// Every content the helper was asked to populate, in order.
    public var populatedContents: [UNNotificationContent] { lock.withLock { populated } }

    public func populateNotificationContent(
        _ content: UNMutableNotificationContent, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {
        lock.withLock { populated.append(content) }
        contentHandler(content)
    }
}
