import Foundation

/// How the system handles notifications of a category.
///
/// Source: UNNotificationCategory.h, `typedef NS_OPTIONS(NSUInteger,
/// UNNotificationCategoryOptions)` with CustomDismissAction (1 << 0), AllowInCarPlay (1 << 1),
/// HiddenPreviewsShowTitle (1 << 2), HiddenPreviewsShowSubtitle (1 << 3) and AllowAnnouncement
/// (1 << 4) (a public copy of the iOS 15-era header, the one that deprecates AllowAnnouncement;
/// the iOS 13 copy in mkalmes/moby UserNotifications.framework.h has the same bits); Apple's
/// documentation page (developer.apple.com/documentation/usernotifications/unnotificationcategoryoptions):
/// a struct conforming to OptionSet and Sendable (not Hashable), `init(rawValue: UInt)`, `static
/// var` constants.
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the type; each constant's own attribute below.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public struct UNNotificationCategoryOptions: OptionSet, Sendable {
    /// The options' bits, as in the header.
    public var rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Send the dismiss action to the center's delegate. Header: no attribute of its own.
    public static var customDismissAction: UNNotificationCategoryOptions { Self(rawValue: 1 << 0) }

    /// Allow CarPlay to show notifications of the category. Header: `API_UNAVAILABLE(macos)`.
    @available(macOS, unavailable)
    public static var allowInCarPlay: UNNotificationCategoryOptions { Self(rawValue: 1 << 1) }

    /// Show the title when the user hides previews.
    ///
    /// Header: `API_AVAILABLE(macos(10.14), ios(11.0)) API_UNAVAILABLE(watchos, tvos)`.
    @available(iOS 11.0, macOS 10.14, *)
    @available(watchOS, unavailable)
    @available(tvOS, unavailable)
    public static var hiddenPreviewsShowTitle: UNNotificationCategoryOptions { Self(rawValue: 1 << 2) }

    /// Show the subtitle when the user hides previews.
    ///
    /// Header: `API_AVAILABLE(macos(10.14), ios(11.0)) API_UNAVAILABLE(watchos, tvos)`.
    @available(iOS 11.0, macOS 10.14, *)
    @available(watchOS, unavailable)
    @available(tvOS, unavailable)
    public static var hiddenPreviewsShowSubtitle: UNNotificationCategoryOptions { Self(rawValue: 1 << 3) }

    /// Let Siri announce notifications of the category; ignored since iOS 15.
    ///
    /// Header (iOS 15-era copy): `API_DEPRECATED("Announcement option is ignored", ios(13.0,
    /// 15.0), watchos(6.0, 7.0)) API_UNAVAILABLE(macos, tvos)`; the iOS 13 copy has
    /// `API_AVAILABLE(ios(13.0), watchos(6.0)) API_UNAVAILABLE(macos, tvos)`.
    @available(iOS, introduced: 13.0, deprecated: 15.0, message: "Announcement option is ignored")
    @available(macOS, unavailable)
    @available(watchOS, introduced: 6.0, deprecated: 7.0, message: "Announcement option is ignored")
    @available(tvOS, unavailable)
    public static var allowAnnouncement: UNNotificationCategoryOptions { Self(rawValue: 1 << 4) }
}
