import Foundation

/// The app's notification center: its delivered notifications, categories, badge and delegate.
///
/// Source: UNUserNotificationCenter.h, `@interface UNUserNotificationCenter : NSObject` with
/// `@property (nullable, weak) id <UNUserNotificationCenterDelegate> delegate`,
/// `+currentNotificationCenter` and `- init NS_UNAVAILABLE` (macOS 12.3 SDK copy,
/// phracker/MacOSX-SDKs MacOSX12.3.sdk; the iOS 13 copy in mkalmes/moby
/// UserNotifications.framework.h is the same for these); Apple's documentation page
/// (developer.apple.com/documentation/usernotifications/unusernotificationcenter): `class func
/// current() -> UNUserNotificationCenter`, `weak var delegate: (any
/// UNUserNotificationCenterDelegate)?`, and a conformance list without `Sendable` (the 2025 pages,
/// which do list it for the option sets). Apple's page also says the object may be used "from any
/// of your app's threads"; Swift still sees a non-Sendable class, and so does the stand-in.
/// The methods are in `UNUserNotificationCenter+Delivered.swift`, `+Categories.swift` and
/// `+Badge.swift`.
///
/// Model: the center's state (delivered notifications, removals, categories, badge) is kept by a
/// `StandInRecorder`, so tests running in parallel never share it. `current()` returns the center
/// of `StandInRecorder.current`, one instance per recorder; a center keeps using the recorder it
/// was made for wherever it is called from (a detached task, another binding), and records into
/// `StandInRecorder.shared` once that recorder is gone (it holds it weakly: the recorder keeps
/// the center). Completion handlers are called before the method returns, on the caller's thread
/// (Apple's pages: the block "may be executed on a background thread"; code must not rely on
/// either); the async forms return when the call is done.
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))`
/// on the class; none on `delegate` and `current()`.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNUserNotificationCenter: NSObject {
    private weak var storedRecorder: StandInRecorder?

    init(recorder: StandInRecorder) {
        storedRecorder = recorder
        super.init()
    }

    /// Source: UNUserNotificationCenter.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("UNUserNotificationCenter.init() is unavailable")
    }

    /// The recorder that keeps this center's state.
    var recorder: StandInRecorder { storedRecorder ?? .shared }

    /// The object told about notifications arriving in the foreground and about the user's
    /// responses; set it before the app finishes launching. Held weakly.
    ///
    /// Source: Apple's page, `weak var delegate: (any UNUserNotificationCenterDelegate)? { get set }`.
    /// Model: kept by this instance, as iOS keeps it on the app's one center; the stand-in never
    /// calls it (a test calls its methods, as for `UNNotificationServiceExtension`).
    open weak var delegate: (any UNUserNotificationCenterDelegate)?

    /// The app's notification center.
    ///
    /// Source: Apple's page, `class func current() -> UNUserNotificationCenter`
    /// (`+currentNotificationCenter`).
    /// Model: `StandInRecorder.current.notificationCenter`, so `current() === current()` inside
    /// one binding and two bindings get two centers.
    open class func current() -> UNUserNotificationCenter {
        StandInRecorder.current.notificationCenter
    }
}
