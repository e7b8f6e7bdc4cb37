import Foundation

/// How to present a notification that arrives while the app is in the foreground: the answer of
/// `UNUserNotificationCenterDelegate.userNotificationCenter(_:willPresent:withCompletionHandler:)`.
///
/// Source: UNUserNotificationCenter.h, `typedef NS_OPTIONS(NSUInteger,
/// UNNotificationPresentationOptions)` with Badge (1 << 0), Sound (1 << 1), Alert (1 << 2,
/// deprecated), List (1 << 3) and Banner (1 << 4) (macOS 12.3 SDK copy, phracker/MacOSX-SDKs
/// MacOSX12.3.sdk); Apple's documentation page
/// (developer.apple.com/documentation/usernotifications/unnotificationpresentationoptions):
/// `struct UNNotificationPresentationOptions` conforming to OptionSet and Sendable (not
/// Hashable), with `init(rawValue: UInt)` and `static var` constants.
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))`
/// on the type; each constant's own attribute below.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    /// The options' bits, as in the header.
    public var rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Apply the notification's badge to the app's icon. Header: no attribute of its own.
    public static var badge: UNNotificationPresentationOptions { Self(rawValue: 1 << 0) }

    /// Play the notification's sound. Header: no attribute of its own.
    public static var sound: UNNotificationPresentationOptions { Self(rawValue: 1 << 1) }

    /// Show the alert; replaced by `list` and `banner`.
    ///
    /// Header: `API_DEPRECATED_WITH_REPLACEMENT("UNNotificationPresentationOptionList |
    /// UNNotificationPresentationOptionBanner", macos(10.14, 11.0), ios(10.0, 14.0), watchos(3.0,
    /// 7.0), tvos(10.0, 14.0))`. UNVERIFIED: that Swift drops the replacement text, which names no
    /// single Swift declaration, so the attributes carry no message; Apple's page gives the same
    /// four ranges.
    @available(iOS, introduced: 10.0, deprecated: 14.0)
    @available(macOS, introduced: 10.14, deprecated: 11.0)
    @available(watchOS, introduced: 3.0, deprecated: 7.0)
    @available(tvOS, introduced: 10.0, deprecated: 14.0)
    public static var alert: UNNotificationPresentationOptions { Self(rawValue: 1 << 2) }

    /// Show the notification in Notification Center.
    ///
    /// Header: `API_AVAILABLE(macos(11.0), ios(14.0), watchos(7.0), tvos(14.0))`.
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
    public static var list: UNNotificationPresentationOptions { Self(rawValue: 1 << 3) }

    /// Present the notification as a banner.
    ///
    /// Header: `API_AVAILABLE(macos(11.0), ios(14.0), watchos(7.0), tvos(14.0))`.
    @available(iOS 14.0, macOS 11.0, watchOS 7.0, tvOS 14.0, *)
    public static var banner: UNNotificationPresentationOptions { Self(rawValue: 1 << 4) }
}
