import Foundation

#if canImport(UserNotifications)
import UserNotifications
#else
import AppleFrameworksStandIn
#endif

/// Collects what iOS's content handler receives and lets a test wait for it.
public final class ContentHandlerRecorder: @unchecked Sendable {
    // @unchecked: `received` is only touched while `lock` is held.
    private let lock = NSLock()
    private var received: [UNNotificationContent] = []

    public init() {}

    public var handler: (UNNotificationContent) -> Void { { content in self.lock.withLock { self.received.append(content) } } }
    public var deliveries: [UNNotificationContent] { lock.withLock { received } }

    /// Waits until something was delivered (up to a few seconds), then a little longer so a
    /// second, wrong delivery would be seen too.
    public func waitForDelivery() async -> [UNNotificationContent] {
        for _ in 0..<500 where deliveries.isEmpty {
            try? await Task.sleep(for: .milliseconds(10))  // a real pause between polls
        }
        try? await Task.sleep(for: .milliseconds(100))  // room for a double delivery to show
        return deliveries
    }
}
