import Foundation

/// The principal class of a Notification Service Extension; subclass it.
///
/// Source: reference, UserNotifications: `open class UNNotificationServiceExtension : NSObject
/// // iOS 10` with `open func didReceive(_:withContentHandler:)` and
/// `open func serviceExtensionTimeWillExpire()`. The reference's runtime facts: about 30 s for
/// `didReceive`, then `serviceExtensionTimeWillExpire()`; without delivered content iOS shows
/// the original.
/// Model: the stand-in does not run the extension; a test plays iOS by calling the two methods.
/// UNVERIFIED: what Apple's own implementations do; the stand-in's do nothing.
/// UNVERIFIED: whether newer SDKs mark `contentHandler` `@Sendable` (the reference's signature
/// does not).
/// Availability: UNNotificationServiceExtension.h, `API_AVAILABLE(macos(10.14), ios(10.0),
/// watchos(6.0)) API_UNAVAILABLE(tvos)` on the class, none on its methods (iOS 13 SDK copy,
/// mkalmes/moby UserNotifications.framework.h); Apple's documentation page gives iOS 10.0,
/// macOS 10.14, watchOS 6.0 and no tvOS.
@available(iOS 10.0, macOS 10.14, watchOS 6.0, *)
@available(tvOS, unavailable)
open class UNNotificationServiceExtension: NSObject {
    /// The system creates the extension with `init()`.
    ///
    /// UNVERIFIED: inherited NSObject init, not in the reference.
    public override init() {
        super.init()
    }

    /// Called with a remote notification's request; call `contentHandler` once with the content
    /// to show.
    ///
    /// Source: reference, `open func didReceive(_ request: UNNotificationRequest,
    /// withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)`.
    open func didReceive(
        _ request: UNNotificationRequest,
        withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void
    ) {}

    /// Called shortly before iOS ends the extension; deliver the best content at once.
    ///
    /// Source: reference, `open func serviceExtensionTimeWillExpire()`.
    open func serviceExtensionTimeWillExpire() {}
}
