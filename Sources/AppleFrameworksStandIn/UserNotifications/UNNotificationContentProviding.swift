import Foundation

/// An object that `UNNotificationContent.updating(from:)` can take content from.
///
/// Source: reference, UserNotifications:
/// `protocol UNNotificationContentProviding : NSObjectProtocol  // INSendMessageIntent and INStartCallIntent conform (iOS 15)`.
/// Deviation: `INStartCallIntent` is not declared in the stand-in (the adapter does not use it).
@available(iOS 15.0, *)
public protocol UNNotificationContentProviding: NSObjectProtocol {}
