import Foundation

/// A type of notification the app supports: the actions its notifications show, and options.
///
/// A content's `categoryIdentifier` names the category; the app registers its categories with
/// `UNUserNotificationCenter.setNotificationCategories(_:)`.
///
/// Source: UNNotificationCategory.h, `@interface UNNotificationCategory : NSObject <NSCopying,
/// NSSecureCoding>` with the read-only `copy` properties `identifier`, `actions`,
/// `intentIdentifiers`, the read-only `options`, `+categoryWithIdentifier:actions:intentIdentifiers:options:`
/// and `- init NS_UNAVAILABLE` (iOS 13 SDK copy, mkalmes/moby UserNotifications.framework.h, and a
/// later public copy); Apple's documentation pages give `convenience init(identifier: String,
/// actions: [UNNotificationAction], intentIdentifiers: [String], options:
/// UNNotificationCategoryOptions = [])` and list no `Sendable` conformance.
/// Deviation: the initializers with `hiddenPreviewsBodyPlaceholder` and `categorySummaryFormat`
/// (iOS 11 and 12) and those two properties are not declared (Herald does not use them), and
/// Apple's class also conforms to NSSecureCoding; the stand-in's does not.
/// Model: equality and hashing are NSObject's, by identity (UNVERIFIED whether Apple's compares
/// values), so a `Set` holds two categories with one identifier as two.
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the class and none on the members declared here; Apple's pages give
/// the same versions and no tvOS.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationCategory: NSObject, NSCopying {
    let storedIdentifier: String
    let storedActions: [UNNotificationAction]
    let storedIntentIdentifiers: [String]
    let storedOptions: UNNotificationCategoryOptions

    init(storingIdentifier identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
         options: UNNotificationCategoryOptions) {
        storedIdentifier = identifier
        storedActions = actions
        storedIntentIdentifiers = intentIdentifiers
        storedOptions = options
        super.init()
    }

    /// Source: UNNotificationCategory.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationCategory.init() is unavailable")
    }

    /// A category with its actions, in the order the system shows them.
    ///
    /// Source: Apple's page, `convenience init(identifier: String, actions: [UNNotificationAction],
    /// intentIdentifiers: [String], options: UNNotificationCategoryOptions = [])`.
    /// Model: the actions are kept, not copied (the stand-in's actions are immutable).
    public convenience init(
        identifier: String, actions: [UNNotificationAction], intentIdentifiers: [String],
        options: UNNotificationCategoryOptions = []
    ) {
        self.init(storingIdentifier: identifier, actions: actions, intentIdentifiers: intentIdentifiers, options: options)
    }

    /// The identifier a content's `categoryIdentifier` names. Source: header, `(readonly, copy) NSString *identifier`.
    open var identifier: String { storedIdentifier }

    /// Source: header, `(readonly, copy) NSArray<UNNotificationAction *> *actions`.
    open var actions: [UNNotificationAction] { storedActions }

    /// Source: header, `(readonly, copy) NSArray<NSString *> *intentIdentifiers`.
    open var intentIdentifiers: [String] { storedIntentIdentifiers }

    /// Source: header, `(readonly) UNNotificationCategoryOptions options`.
    open var options: UNNotificationCategoryOptions { storedOptions }

    /// A copy; categories are immutable, so the receiver itself.
    ///
    /// Source: NSCopying, in the header's conformance list.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
