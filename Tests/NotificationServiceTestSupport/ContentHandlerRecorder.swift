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

#if canImport(AppleFrameworksStandIn)
import HeraldCore

extension UNNotificationServiceExtension {
    /// Hands a push to the extension as iOS does, with `recorder` watching the stand-in, and
    /// waits for what iOS's content handler receives (see ``ContentHandlerRecorder/waitForDelivery()``).
    ///
    /// - Parameters:
    ///   - payload: the push as iOS receives it.
    ///   - recorder: records donations and updates, and scripts the stand-in's behaviour.
    /// - Returns: every content delivered.
    public func deliveries(for payload: JSONValue, recording recorder: StandInRecorder = StandInRecorder()) async -> [UNNotificationContent] {
        let handler = ContentHandlerRecorder()
        return await StandInRecorder.$current.withValue(recorder) {
            didReceive(request(payload), withContentHandler: handler.handler)
            return await handler.waitForDelivery()
        }
    }
}
#endif
