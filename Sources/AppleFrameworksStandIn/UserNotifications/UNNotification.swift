import Foundation

/// A notification the system delivered: the request it came from and the date shown on it.
///
/// Apps never create one: the system hands them to `getDeliveredNotifications(completionHandler:)`
/// and the `UNUserNotificationCenterDelegate`. A test makes one with
/// `StandInNotifications.makeNotification(for:date:)`, or delivers one with
/// `StandInRecorder.deliver(_:date:)`.
///
/// Source: UNNotification.h, `@interface UNNotification : NSObject <NSCopying, NSSecureCoding>`
/// with `@property (readonly, copy) NSDate *date`, `@property (readonly, copy)
/// UNNotificationRequest *request` and `- init NS_UNAVAILABLE` (iOS 13 SDK copy, mkalmes/moby
/// UserNotifications.framework.h); Apple's documentation page
/// (developer.apple.com/documentation/usernotifications/unnotification): `var date: Date`,
/// `var request: UNNotificationRequest`, "Don't create notification objects directly".
/// Not Sendable: the page's conformance list has no `Sendable` (checked against the 2025 pages,
/// which list it for the option sets).
/// Deviation: Apple's class also conforms to NSSecureCoding; the stand-in's does not.
/// Availability: UNNotification.h, `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0))` on the class and none on its members; the page gives the same four versions.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNNotification: NSObject, NSCopying {
    let storedDate: Date
    let storedRequest: UNNotificationRequest

    init(storingDate date: Date, request: UNNotificationRequest) {
        storedDate = date
        storedRequest = request
        super.init()
    }

    /// Source: UNNotification.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotification.init() is unavailable")
    }

    /// The date shown on the notification: when it was delivered.
    ///
    /// Source: UNNotification.h `(readonly, copy) NSDate *date`; Apple's page, `var date: Date`.
    open var date: Date { storedDate }

    /// The request the notification was delivered for.
    ///
    /// Source: UNNotification.h `(readonly, copy) UNNotificationRequest *request`; Apple's page,
    /// `var request: UNNotificationRequest`. Model: the request delivered itself, not a copy
    /// (the stand-in's requests are immutable).
    open var request: UNNotificationRequest { storedRequest }

    /// A copy; notifications are immutable, so the receiver itself.
    ///
    /// Source: NSCopying, in the header's conformance list.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
