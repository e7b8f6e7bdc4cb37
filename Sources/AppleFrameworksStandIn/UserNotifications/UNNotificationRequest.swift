import Foundation

/// A notification request: its identifier, content and trigger.
///
/// Source: reference, UserNotifications: `class UNNotificationRequest : NSObject  // iOS 10,
/// init() unavailable`, `convenience init(identifier:content:trigger:)`, and the read-only
/// `identifier`, `@NSCopying content`, `@NSCopying trigger`.
/// Availability: UNNotificationRequest.h, `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0))` on the class and no attribute on its members (iOS 13 SDK copy, mkalmes/moby
/// UserNotifications.framework.h); Apple's documentation page gives the same four versions.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNNotificationRequest: NSObject {
    let storedIdentifier: String
    let storedContent: UNNotificationContent
    let storedTrigger: UNNotificationTrigger?

    init(storingIdentifier identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        storedIdentifier = identifier
        storedContent = content
        storedTrigger = trigger
        super.init()
    }

    /// Source: reference, "init() unavailable"; UNNotificationRequest.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationRequest.init() is unavailable")
    }

    /// A request holding copies of `content` and `trigger`.
    ///
    /// Source: reference, `convenience init(identifier: String, content: UNNotificationContent,
    /// trigger: UNNotificationTrigger?)`. The copies model `@NSCopying`: changing a mutable
    /// content after creating the request does not change the request, and `content` is
    /// immutable (cast it to `UNMutableNotificationContent` and the cast fails; use
    /// `mutableCopy()`). UNVERIFIED: that Apple's `content` is never the mutable instance given.
    public convenience init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        let contentCopy = content.copy() as? UNNotificationContent ?? UNNotificationContent(fields: content.fields)
        self.init(
            storingIdentifier: identifier, content: contentCopy,
            trigger: trigger.map { $0.copy() as? UNNotificationTrigger ?? $0 })
    }

    /// Source: reference, `var identifier: String { get }`.
    open var identifier: String { storedIdentifier }

    /// Source: reference, `@NSCopying var content: UNNotificationContent { get }`.
    open var content: UNNotificationContent { storedContent }

    /// Source: reference, `@NSCopying var trigger: UNNotificationTrigger? { get }`.
    open var trigger: UNNotificationTrigger? { storedTrigger }
}
