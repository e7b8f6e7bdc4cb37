import Foundation

/// Lets exactly one of several racing paths deliver a notification's content.
///
/// A provider's forward hook calling its handler and `serviceExtensionTimeWillExpire` both try
/// to deliver (``EnrichmentSession`` holds the one guard of a notification); the first wins and
/// every later call is a no-op. Create one guard per notification request: guards share no state, so concurrent
/// notifications in one extension process cannot interfere.
///
/// The handler runs outside the lock, once, on the thread of the winning call, so a handler
/// that (wrongly) calls ``deliver(_:)-(Content)`` again returns `false` instead of deadlocking. The
/// guard lets go of the handler as it calls it, and with it of whatever the handler holds.
///
/// `Content` need not be `Sendable`: the guard never keeps it, it only passes the winner's
/// content to the handler on the winner's thread.
public final class DeliveryGuard<Content>: @unchecked Sendable {
    // @unchecked: `handler` is only read and written while `lock` is held; no `Content` is
    // ever stored.
    private let lock = NSLock()
    /// Until something is delivered.
    private var handler: (@Sendable (Content) -> Void)?

    /// - Parameter handler: receives the content, exactly once (iOS's `contentHandler`).
    public init(handler: @escaping @Sendable (Content) -> Void) {
        self.handler = handler
    }

    /// Delivers `content` unless something was delivered already.
    ///
    /// - Returns: whether this call delivered.
    @discardableResult
    public func deliver(_ content: Content) -> Bool {
        deliver { content }
    }

    /// Delivers the content `make` builds, building it only when this call wins.
    ///
    /// - Returns: whether this call delivered.
    @discardableResult
    public func deliver(_ make: () -> Content) -> Bool {
        let winner = lock.withLock {
            defer { handler = nil }
            return handler
        }
        winner?(make())
        return winner != nil
    }

    /// Whether content has been delivered.
    public var hasDelivered: Bool {
        lock.withLock { handler == nil }
    }
}
