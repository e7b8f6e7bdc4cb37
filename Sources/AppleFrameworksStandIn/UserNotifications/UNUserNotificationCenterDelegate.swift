import Foundation

/// What the app implements to present notifications that arrive in the foreground and to handle
/// the user's responses; set as `UNUserNotificationCenter.delegate`.
///
/// Source: UNUserNotificationCenter.h, `@protocol UNUserNotificationCenterDelegate <NSObject>`
/// whose methods are all `@optional` (macOS 12.3 SDK copy, phracker/MacOSX-SDKs MacOSX12.3.sdk);
/// the Swift declarations from Apple's documentation pages
/// (developer.apple.com/documentation/usernotifications/unusernotificationcenterdelegate and its
/// two methods): `protocol UNUserNotificationCenterDelegate : NSObjectProtocol`, `optional func`
/// requirements whose completion handlers are `@escaping @Sendable`, and the async forms `...
/// willPresent notification: UNNotification) async -> UNNotificationPresentationOptions` and `...
/// didReceive response: UNNotificationResponse) async`. Neither the protocol nor its methods
/// carry `@MainActor` there: a MainActor type that adopts it marks its implementations
/// `nonisolated`, as apps built with Xcode 16 and 26 do, since the system calls them on a
/// background queue. UNVERIFIED beyond those pages (no Xcode 26 Swift interface was read).
///
/// Deviation: Swift has no optional requirements outside `@objc`, so each requirement has a
/// default in a protocol extension (stand-in convention: this is the module's first optional
/// Objective-C requirement). The defaults do what iOS does when the method is missing:
/// `willPresent` answers `[]` (Apple's page: "as if you had passed
/// UNNotificationPresentationOptionNone"), `didReceive` completes at once. On iOS the completion
/// and async forms are one Objective-C method, so calling either reaches whichever the adopter
/// wrote; here the async forms' defaults call the completion forms, so calling the async form
/// reaches either, while calling the completion form of an adopter that wrote only the async
/// form gets the default. A test that plays the system should call the async forms.
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))`
/// on the protocol; each method's own attribute below, repeated on its default.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public protocol UNUserNotificationCenterDelegate: NSObjectProtocol {
    /// Source: Apple's page, `optional func userNotificationCenter(_ center: UNUserNotificationCenter,
    /// willPresent notification: UNNotification, withCompletionHandler completionHandler: @escaping
    /// @Sendable (UNNotificationPresentationOptions) -> Void)`.
    /// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))`.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void)

    /// Source: Apple's page, `optional func userNotificationCenter(_ center: UNUserNotificationCenter,
    /// willPresent notification: UNNotification) async -> UNNotificationPresentationOptions`.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions

    /// Source: Apple's page, `optional func userNotificationCenter(_ center: UNUserNotificationCenter,
    /// didReceive response: UNNotificationResponse, withCompletionHandler completionHandler:
    /// @escaping @Sendable () -> Void)`.
    /// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
    /// API_UNAVAILABLE(tvos)`.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void)

    /// Source: Apple's page, `optional func userNotificationCenter(_ center: UNUserNotificationCenter,
    /// didReceive response: UNNotificationResponse) async`.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async
}

extension UNUserNotificationCenterDelegate {
    /// Default for an adopter that does not implement it: presents nothing (`[]`), as iOS does.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([])
    }

    /// Default: calls the completion-handler form, the adopter's or its default.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
    public func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions
    {
        await withCheckedContinuation { continuation in
            userNotificationCenter(center, willPresent: notification) { continuation.resume(returning: $0) }
        }
    }

    /// Default for an adopter that does not implement it: completes at once.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping @Sendable () -> Void
    ) {
        completionHandler()
    }

    /// Default: calls the completion-handler form, the adopter's or its default.
    @available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
    @available(tvOS, unavailable)
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        await withCheckedContinuation { continuation in
            userNotificationCenter(center, didReceive: response) { continuation.resume() }
        }
    }
}
