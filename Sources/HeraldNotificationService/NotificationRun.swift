import Foundation
import HeraldEnrichment

/// One notification in flight: what iOS handed over, how far the pipeline got, and the one
/// delivery that ends it.
///
/// Three threads share a run: the pipeline's task, the forward hook's queue, and iOS's call of
/// `serviceExtensionTimeWillExpire()`. Whichever delivers first wins (``deliver(_:)``). The line
/// between the forward hook and expiry is drawn under one lock (``handToHook(_:)``,
/// ``beginExpiry()``): the hook never starts once expiry has begun, and expiry delivers what the
/// hook was handed, if it started. Internal, so tests can follow a run.
final class NotificationRun: @unchecked Sendable {
    // @unchecked: `handed`, `expiring` and `pipeline` are only touched while `lock` is held.
    // Everything else is a `let` nothing mutates: `request` has only read-only properties,
    // `original` is a SharedContent, and `delivery` calls iOS's content handler (see `init`).
    let request: UNNotificationRequest
    /// The push as received, for an unreadable payload or an expiry before the pipeline began.
    let original: SharedContent
    private let delivery: DeliveryGuard<UNNotificationContent>
    private let lock = NSLock()
    private var handed: SharedContent?
    private var expiring = false
    private var pipeline: (progress: EnrichmentProgress, task: Task<Void, Never>)?

    /// - Parameters:
    ///   - request: iOS's request.
    ///   - contentHandler: iOS's content handler; called exactly once, by ``deliver(_:)``.
    init(request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        self.request = request
        original = SharedContent(request.content)
        // iOS's handler is not `@Sendable` in the SDK, yet iOS takes the content from whichever
        // thread finishes: it calls didReceive and serviceExtensionTimeWillExpire on threads of
        // its choosing, and provider SDKs call the handler from their own queues. The guard
        // calls it once, on the thread that wins; this binding is the one place Herald vouches
        // for it.
        nonisolated(unsafe) let contentHandler = contentHandler
        delivery = DeliveryGuard { contentHandler($0) }
    }

    /// Starts the pipeline; from now on expiry takes its best content so far and cancels it.
    func start<C: Clock<Duration>>(_ session: EnrichmentSession<C, SharedContent>) {
        let task = session.start()
        lock.withLock { pipeline = (session.progress, task) }
    }

    /// What the pipeline has published so far, once it started.
    var progress: EnrichmentProgress? { lock.withLock { pipeline?.progress } }

    /// The pipeline's task, once it started. It holds the session (and through its closures the
    /// service) only while it runs, so a finished run keeps neither alive.
    var task: Task<Void, Never>? { lock.withLock { pipeline?.task } }

    /// Records `content` as what the forward hook is handed, unless expiry has begun.
    ///
    /// - Returns: whether the forward hook may start.
    func handToHook(_ content: SharedContent) -> Bool {
        lock.withLock {
            guard !expiring else { return false }
            handed = content
            return true
        }
    }

    /// What the forward hook was handed, if it started.
    var handedToHook: SharedContent? { lock.withLock { handed } }

    /// Expiry begins: the forward hook does not start from now on.
    ///
    /// - Returns: what the hook was handed, if it started: expiry delivers that.
    func beginExpiry() -> SharedContent? {
        lock.withLock {
            expiring = true
            return handed
        }
    }

    /// Delivers `content` to iOS, unless something was delivered already.
    func deliver(_ content: UNNotificationContent) {
        delivery.deliver(content)
    }

    /// Delivers the content `make` builds, building it only if nothing was delivered yet.
    func deliver(_ make: () -> UNNotificationContent) {
        delivery.deliver(make)
    }
}
