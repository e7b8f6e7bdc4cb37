import Foundation

/// What caused a notification to be delivered; declared only as the type of
/// `UNNotificationRequest.trigger`.
///
/// Source: the reference names the type (`trigger: UNNotificationTrigger?`) and nothing else.
/// UNVERIFIED: everything below. Apple's class is abstract (`UNPushNotificationTrigger` and
/// others subclass it) with `var repeats: Bool { get }`; NSCopying is implied by the
/// reference's `@NSCopying var trigger`. The stand-in has no public initializer, so tests pass
/// `trigger: nil`.
/// Availability: UNNotificationTrigger.h, `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0))` on the class, none on `repeats` (iOS 13 SDK copy, mkalmes/moby
/// UserNotifications.framework.h).
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNNotificationTrigger: NSObject, NSCopying {
    let storedRepeats: Bool

    init(repeats: Bool) {
        storedRepeats = repeats
        super.init()
    }

    /// UNNotificationTrigger.h: `- (instancetype)init NS_UNAVAILABLE;` (iOS 13 SDK copy).
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationTrigger.init() is unavailable")
    }

    /// Whether the trigger fires again. UNNotificationTrigger.h: `@property (readonly) BOOL repeats`
    /// (not in the reference).
    open var repeats: Bool { storedRepeats }

    /// A copy; triggers are immutable, so the receiver itself.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
