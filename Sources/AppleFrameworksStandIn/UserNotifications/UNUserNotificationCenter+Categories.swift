import Foundation

// The app's notification categories.
//
// Source: UNUserNotificationCenter.h, `-setNotificationCategories:` and
// `-getNotificationCategoriesWithCompletionHandler:`, each `API_UNAVAILABLE(tvos)` (macOS 12.3 SDK
// copy, phracker/MacOSX-SDKs MacOSX12.3.sdk); the Swift declarations, the `@Sendable` handler
// included, from Apple's documentation pages (developer.apple.com/documentation/usernotifications/
// unusernotificationcenter/setnotificationcategories(_:) and
// .../getnotificationcategories(completionhandler:)), which give iOS 10.0, macOS 10.14, watchOS 3.0
// and no tvOS. The async form has the completion-handler method's availability (UNVERIFIED, as in
// `UNUserNotificationCenter+Delivered.swift`).
extension UNUserNotificationCenter {
    /// Registers the app's categories, replacing those registered before.
    ///
    /// Source: Apple's page, `func setNotificationCategories(_ categories:
    /// Set<UNNotificationCategory>)`: "replacing any previously registered categories".
    /// Model: kept in `StandInRecorder.categories`; each call counts in
    /// `StandInRecorder.categorySetCount`.
    ///
    /// - Parameter categories: every category the app supports.
    @available(tvOS, unavailable)
    public func setNotificationCategories(_ categories: Set<UNNotificationCategory>) {
        recorder.recordCategories(categories)
    }

    /// Answers the registered categories.
    ///
    /// Source: Apple's page, `func getNotificationCategories(completionHandler: @escaping @Sendable
    /// (Set<UNNotificationCategory>) -> Void)`.
    /// Model: the set last registered (the same instances; empty before any), handed to
    /// `completionHandler` before the call returns.
    ///
    /// - Parameter completionHandler: gets the categories.
    @available(tvOS, unavailable)
    public func getNotificationCategories(completionHandler: @escaping @Sendable (Set<UNNotificationCategory>) -> Void) {
        completionHandler(recorder.categories)
    }

    /// The registered categories.
    ///
    /// Source: Apple's page, `func notificationCategories() async -> Set<UNNotificationCategory>`.
    ///
    /// - Returns: the set last registered; empty before any.
    @available(tvOS, unavailable)
    public func notificationCategories() async -> Set<UNNotificationCategory> {
        recorder.categories
    }
}
