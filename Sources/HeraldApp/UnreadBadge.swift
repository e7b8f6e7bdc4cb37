import Foundation
import HeraldEnrichment

/// The app's unread count and the icon's badge, set together: the app-side call that keeps
/// Herald's count in step.
///
/// When pushes carry a badge increment, the extension adds it to a count it keeps in the app
/// group (``/HeraldEnrichment/BadgeCounter``) and shows the count as the badge; a delete takes it
/// off again. Only the app knows when the user has read the messages, or what its server says is
/// unread: it then calls ``set(_:center:)``, which writes the count the extension adds to and the
/// badge iOS shows, so that the next push counts on from there.
///
/// ```swift
/// let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: "group.com.example.chat")!
/// let badge = try UnreadBadge(appGroupContainer: container)  // the group the extension's AppGroup names
/// try await badge.set(0)  // the user read everything
/// ```
///
/// Anything else that sets the badge (`UIApplication.applicationIconBadgeNumber`, a provider's
/// SDK) makes the two drift apart.
public struct UnreadBadge: Sendable {
    /// The count the extension adds to.
    public let counter: BadgeCounter

    /// - Parameter counter: the count in the app group the extension's `AppGroup` setting names
    ///   (``/HeraldEnrichment/BadgeCounter/inContainer(_:)`` on its container).
    public init(counter: BadgeCounter) {
        self.counter = counter
    }

    /// The count in an app group's container, where the extension keeps it when its `AppGroup`
    /// setting names that group (``/HeraldEnrichment/BadgeCounter/inContainer(_:)``).
    ///
    /// - Parameter container: the group's container
    ///   (`FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`).
    /// - Throws: when the counter's folders cannot be made.
    public init(appGroupContainer container: URL) throws {
        self.init(counter: try BadgeCounter.inContainer(container))
    }

    /// The unread count now.
    public func count() throws(BadgeCounterError) -> Int {
        try counter.count()
    }

    /// Sets the count and the icon's badge to `count` (below 0 counts as 0; 0 clears the badge).
    ///
    /// Apple: `UNUserNotificationCenter.setBadgeCount(_:)` is iOS 16 and macOS 13, Herald's floor.
    ///
    /// - Parameters:
    ///   - count: the unread count.
    ///   - center: the notification center whose badge to set.
    /// - Throws: ``/HeraldEnrichment/BadgeCounterError`` when the count cannot be written (the
    ///   badge is then left as it was), or the error iOS gives for the badge.
    public func set(_ count: Int, center: UNUserNotificationCenter = .current()) async throws {
        let count = max(count, 0)
        try counter.set(count)
        try await center.setBadgeCount(count)
    }
}
