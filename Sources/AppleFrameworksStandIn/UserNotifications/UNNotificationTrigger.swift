import Foundation

/// What caused a notification to be delivered; declared only as the type of
/// `UNNotificationRequest.trigger`.
///
/// Source: the reference names the type (`trigger: UNNotificationTrigger?`) and nothing else.
/// UNVERIFIED: everything below. Apple's class is abstract (`UNPushNotificationTrigger` and
/// others subclass it) with `var repeats: Bool { get }`; NSCopying is implied by the
/// reference's `@NSCopying var trigger`. The stand-in has no public initializer, so tests pass
/// `trigger: nil`.
open class UNNotificationTrigger: NSObject, NSCopying {
    let storedRepeats: Bool

    init(repeats: Bool) {
        storedRepeats = repeats
        super.init()
    }

    /// UNVERIFIED: Apple's `init()` is unavailable as far as is known.
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationTrigger.init() is unavailable")
    }

    /// Whether the trigger fires again. UNVERIFIED (not in the reference).
    open var repeats: Bool { storedRepeats }

    /// A copy; triggers are immutable, so the receiver itself.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
