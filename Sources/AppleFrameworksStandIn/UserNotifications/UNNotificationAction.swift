import Foundation

/// A button on a notification of a category: what the app does when the user chooses it.
///
/// Source: UNNotificationAction.h, `@interface UNNotificationAction : NSObject <NSCopying,
/// NSSecureCoding>` with the read-only `copy` properties `identifier` and `title`, `options`, `icon`
/// (iOS 15), `+actionWithIdentifier:title:options:`, `+actionWithIdentifier:title:options:icon:`
/// (iOS 15) and `- init NS_UNAVAILABLE` (macOS 12.0 SDK copy, phracker/MacOSX-SDKs MacOSX12.0.sdk);
/// Apple's documentation pages give the Swift initializers, with `options: UNNotificationActionOptions
/// = []`, and list no `Sendable` conformance.
/// Deviation: Apple's class also conforms to NSSecureCoding; the stand-in's does not.
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the class; the iOS 15 members carry `API_AVAILABLE(macos(12.0),
/// ios(15.0), watchos(8.0), tvos(15.0))` (Apple's pages leave tvOS out, where the class is
/// unavailable).
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationAction: NSObject, NSCopying {
    let storedIdentifier: String
    let storedTitle: String
    let storedOptions: UNNotificationActionOptions
    let storedIcon: UNNotificationActionIcon?

    init(storingIdentifier identifier: String, title: String, options: UNNotificationActionOptions,
         icon: UNNotificationActionIcon?) {
        storedIdentifier = identifier
        storedTitle = title
        storedOptions = options
        storedIcon = icon
        super.init()
    }

    /// Source: UNNotificationAction.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationAction.init() is unavailable")
    }

    /// An action with a title and options.
    ///
    /// Source: Apple's page, `convenience init(identifier: String, title: String, options:
    /// UNNotificationActionOptions = [])` (`+actionWithIdentifier:title:options:`).
    public convenience init(identifier: String, title: String, options: UNNotificationActionOptions = []) {
        self.init(storingIdentifier: identifier, title: title, options: options, icon: nil)
    }

    /// An action with a title, options and an icon.
    ///
    /// Source: Apple's page, `convenience init(identifier: String, title: String, options:
    /// UNNotificationActionOptions = [], icon: UNNotificationActionIcon?)`.
    /// Availability: the header's `API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0))`.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?
    ) {
        self.init(storingIdentifier: identifier, title: title, options: options, icon: icon)
    }

    /// The action's identifier, which the response's `actionIdentifier` carries.
    ///
    /// Source: header, `(copy, readonly) NSString *identifier`.
    open var identifier: String { storedIdentifier }

    /// The button's title. Source: header, `(copy, readonly) NSString *title`.
    open var title: String { storedTitle }

    /// Source: header, `(readonly) UNNotificationActionOptions options`.
    open var options: UNNotificationActionOptions { storedOptions }

    /// The icon, or `nil`.
    ///
    /// Source: Apple's page, `@NSCopying var icon: UNNotificationActionIcon? { get }`.
    /// Availability: the header's `API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0))`.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open var icon: UNNotificationActionIcon? { storedIcon }

    /// A copy; actions are immutable, so the receiver itself.
    ///
    /// Source: NSCopying, in the header's conformance list.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
