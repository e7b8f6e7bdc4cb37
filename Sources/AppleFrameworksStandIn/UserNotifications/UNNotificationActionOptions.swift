import Foundation

/// How an action behaves when the user chooses it.
///
/// Source: UNNotificationAction.h, `typedef NS_OPTIONS(NSUInteger, UNNotificationActionOptions)`
/// with AuthenticationRequired (1 << 0), Destructive (1 << 1) and Foreground (1 << 2) (macOS 12.0
/// SDK copy, phracker/MacOSX-SDKs MacOSX12.0.sdk; the iOS 13 copy in mkalmes/moby
/// UserNotifications.framework.h is the same); imported as an OptionSet struct with `init(rawValue:
/// UInt)` and `static var` constants, Sendable as Swift imports every NS_OPTIONS type (Apple's
/// pages list the conformance for the category and presentation options).
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the type and none on its constants.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
public struct UNNotificationActionOptions: OptionSet, Sendable {
    /// The options' bits, as in the header.
    public var rawValue: UInt

    /// Options from their bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The device must be unlocked before the action runs.
    public static var authenticationRequired: UNNotificationActionOptions { Self(rawValue: 1 << 0) }

    /// The action is shown as destructive.
    public static var destructive: UNNotificationActionOptions { Self(rawValue: 1 << 1) }

    /// The action opens the app in the foreground.
    public static var foreground: UNNotificationActionOptions { Self(rawValue: 1 << 2) }
}
