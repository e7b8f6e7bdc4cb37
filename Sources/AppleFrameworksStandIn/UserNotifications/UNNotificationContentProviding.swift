import Foundation

/// An object that `UNNotificationContent.updating(from:)` can take content from.
///
/// Source: reference, UserNotifications:
/// `protocol UNNotificationContentProviding : NSObjectProtocol  // INSendMessageIntent and INStartCallIntent conform (iOS 15)`.
/// Deviation: `INStartCallIntent` is not declared in the stand-in (the adapter does not use it).
/// Availability: UNNotificationContent.h, `API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0),
/// tvos(15.0))` (iOS 15 SDK copy); Apple's documentation page gives the same.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
public protocol UNNotificationContentProviding: NSObjectProtocol {}
