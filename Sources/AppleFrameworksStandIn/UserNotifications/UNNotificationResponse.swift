import Foundation

// The two action identifiers the system gives a response when the user chose none of the app's
// actions.
//
// Source: UNNotificationResponse.h, `extern NSString *const UNNotificationDefaultActionIdentifier`
// and `UNNotificationDismissActionIdentifier` (iOS 13 SDK copy, mkalmes/moby
// UserNotifications.framework.h); Apple's documentation page for UNNotificationResponse lists them
// as `let UNNotificationDefaultActionIdentifier: String` and `let
// UNNotificationDismissActionIdentifier: String`, so Swift spells them as global constants.
// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
// API_UNAVAILABLE(tvos)` on each.
// UNVERIFIED: their values, "com.apple.UNNotificationDefaultActionIdentifier" and
// "com.apple.UNNotificationDismissActionIdentifier", are not in Apple's documentation; public
// test code asserts them against the SDK.

/// The user opened the app from the notification.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public let UNNotificationDefaultActionIdentifier: String = "com.apple.UNNotificationDefaultActionIdentifier"

/// The user dismissed the notification; sent only for categories with `customDismissAction`.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public let UNNotificationDismissActionIdentifier: String = "com.apple.UNNotificationDismissActionIdentifier"

/// The user's response to a delivered notification: which notification, and which action.
///
/// Apps never create one: the system hands it to `userNotificationCenter(_:didReceive:...)`. A
/// test makes one with `StandInNotifications.makeResponse(to:actionIdentifier:)`.
///
/// Source: UNNotificationResponse.h, `@interface UNNotificationResponse : NSObject <NSCopying,
/// NSSecureCoding>` with `@property (readonly, copy) UNNotification *notification`, `@property
/// (readonly, copy) NSString *actionIdentifier` and `- init NS_UNAVAILABLE` (iOS 13 SDK copy,
/// mkalmes/moby UserNotifications.framework.h); Apple's documentation page
/// (developer.apple.com/documentation/usernotifications/unnotificationresponse): "You don't create
/// UNNotificationResponse objects yourself"; no `Sendable` in its conformance list.
/// Deviation: Apple's `targetScene` (iOS 13, a UIKit `UIScene`) is not declared, and Apple's class
/// also conforms to NSSecureCoding; the stand-in's does not.
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the class and none on its members; the page gives the same versions
/// and no tvOS.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationResponse: NSObject, NSCopying {
    let storedNotification: UNNotification
    let storedActionIdentifier: String

    init(storingNotification notification: UNNotification, actionIdentifier: String) {
        storedNotification = notification
        storedActionIdentifier = actionIdentifier
        super.init()
    }

    /// Source: UNNotificationResponse.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationResponse.init() is unavailable")
    }

    /// The notification the user responded to.
    ///
    /// Source: header, `(readonly, copy) UNNotification *notification`; Apple's page, `var
    /// notification: UNNotification`. Model: the notification itself, not a copy.
    open var notification: UNNotification { storedNotification }

    /// The chosen action's identifier, `UNNotificationDefaultActionIdentifier` or
    /// `UNNotificationDismissActionIdentifier`.
    ///
    /// Source: header, `(readonly, copy) NSString *actionIdentifier`; Apple's page, `var
    /// actionIdentifier: String`.
    open var actionIdentifier: String { storedActionIdentifier }

    /// A copy; responses are immutable, so the receiver itself.
    ///
    /// Source: NSCopying, in the header's conformance list.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
