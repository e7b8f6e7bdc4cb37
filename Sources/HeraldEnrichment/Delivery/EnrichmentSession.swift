import Foundation
import HeraldCore

/// One notification's run, and the one owner of its delivery: the pipeline, a finishing step,
/// the hand-off to a forward hook, and exactly one delivery, whether the pipeline completes, the
/// finishing step fails, the hook answers, or time expires first.
///
/// Whoever delivers, it goes through the session's one ``DeliveryGuard``: the run handing its
/// content on, the forward hook answering (once or more, late or never), and ``expire(because:)``.
/// The line between the hook and expiry is drawn under one lock: the hook never starts once
/// expiry has begun, and expiry delivers what the hook was handed, if it started. Otherwise
/// expiry delivers the best content reached so far, never less than what was done: the
/// finished content if it is ready, else the decrypted text and the downloads that ended, else
/// the push as received (or, for a sealed payload without text, the configured fallback text).
///
/// The iOS adapter makes one per `didReceive`: its finishing step maps the enriched value onto
/// Apple types (intent donation, `updating(from:)`), its forward hook calls the provider's SDK,
/// and its `deliver` is iOS's content handler. `herald preview` uses the enriched value itself.
/// Sessions share nothing, so several can run in one process.
public final class EnrichmentSession<C: Clock<Duration>, Content: Sendable>: @unchecked Sendable {
    // @unchecked: `task`, `handed` and `expiring` are only touched while `lock` is held;
    // everything else is immutable or Sendable itself.

    /// Hands finished content on before delivery (a provider's SDK): it calls `deliver` with
    /// what should be delivered, once, more than once, late or never. `deliver` delivers at
    /// once, on the caller's thread, unless something was delivered already, and keeps nothing.
    public typealias Forward = @Sendable (_ content: Content, _ deliver: @escaping @Sendable (Content) -> Void) -> Void

    /// What the session delivers from.
    private enum Source {
        /// A payload, run through the pipeline and the finishing step.
        case payload(
            Payload, Enricher<C>, finish: @Sendable (EnrichedNotification) async throws -> Content,
            fallback: @Sendable (EnrichedNotification) -> Content)
        /// Content to hand on as it is (a payload that cannot be read).
        case asReceived(Content)
    }

    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private var handed: Content?
    private var expiring = false
    private let source: Source
    private let forward: Forward
    private let forwardExpiry: @Sendable () -> Void
    private let delivery: DeliveryGuard<Content>
    /// The best content so far, for an early delivery.
    public let progress = EnrichmentProgress()

    /// A session that runs `payload` through the pipeline.
    ///
    /// - Parameters:
    ///   - enricher: the pipeline.
    ///   - payload: the notification's payload.
    ///   - finish: turns the complete enriched value into the content to deliver; may fail.
    ///   - fallback: turns a partial enriched value into content, synchronously (expiry, or a
    ///     failed `finish`).
    ///   - forward: hands the finished content on before delivery; by default delivers it.
    ///   - forwardExpiry: told once, on the first ``expire(because:)``, before expiry delivers
    ///     (a provider's own expiry method); by default nothing.
    ///   - deliver: receives the content exactly once (iOS's `contentHandler`).
    public init(
        enricher: Enricher<C>, payload: Payload,
        finish: @escaping @Sendable (EnrichedNotification) async throws -> Content,
        fallback: @escaping @Sendable (EnrichedNotification) -> Content,
        forward: @escaping Forward = { content, deliver in deliver(content) },
        forwardExpiry: @escaping @Sendable () -> Void = {},
        deliver: @escaping @Sendable (Content) -> Void
    ) {
        self.source = .payload(payload, enricher, finish: finish, fallback: fallback)
        self.forward = forward
        self.forwardExpiry = forwardExpiry
        self.delivery = DeliveryGuard(handler: deliver)
    }

    /// A session for a push whose payload cannot be read: no pipeline runs, the forward hook is
    /// handed `received` as it is, and expiry delivers it unless the hook answered first.
    ///
    /// - Parameters:
    ///   - received: the push as received.
    ///   - forward: hands `received` on before delivery; by default delivers it.
    ///   - forwardExpiry: told once, on the first ``expire(because:)``, before expiry delivers;
    ///     by default nothing.
    ///   - deliver: receives the content exactly once (iOS's `contentHandler`).
    public init(
        received: Content,
        forward: @escaping Forward = { content, deliver in deliver(content) },
        forwardExpiry: @escaping @Sendable () -> Void = {},
        deliver: @escaping @Sendable (Content) -> Void
    ) {
        self.source = .asReceived(received)
        self.forward = forward
        self.forwardExpiry = forwardExpiry
        self.delivery = DeliveryGuard(handler: deliver)
    }

    /// Whether content has been delivered.
    public var hasDelivered: Bool { delivery.hasDelivered }

    /// What the forward hook was handed, once it started.
    public var handedToHook: Content? { lock.withLock { handed } }

    /// Starts the run in a task of its own; ``expire(because:)`` can cut it short.
    ///
    /// - Returns: the task (the same one on every call), for a caller that wants to await the
    ///   end of the run.
    @discardableResult
    public func start() -> Task<Void, Never> {
        lock.withLock {
            if let task { return task }
            let started = Task { await self.run() }
            task = started
            return started
        }
    }

    /// Runs the pipeline and the finishing step, then hands the content to the forward hook,
    /// unless expiry began first.
    public func run() async {
        switch source {
        case .asReceived(let content):
            handToHook(content)
        case .payload(let payload, let enricher, let finish, let fallback):
            let enriched = await enricher.enrich(payload, progress: progress)
            guard !lock.withLock({ expiring }), !Task.isCancelled else { return }
            do {
                handToHook(try await finish(enriched))
            } catch {
                var partial = enriched
                partial.decisions.append(Decision(.finishFailed, "finishing failed (\(error)); delivering the content without it"))
                handToHook(fallback(partial))
            }
        }
    }

    /// Delivers the best content reached so far, now, and cancels every download still running.
    ///
    /// Call from `serviceExtensionTimeWillExpire`. From here the forward hook does not start;
    /// `forwardExpiry` is told (on the first call only), then the content the hook was handed
    /// is delivered if it started, else the best content so far, unless something was
    /// delivered already (the hook's answer, perhaps to `forwardExpiry`).
    ///
    /// - Parameter reason: why, for the decision trace; default the extension's time expiring.
    public func expire(because reason: String = "the extension's time expired") {
        let (first, handed) = lock.withLock {
            defer { expiring = true }
            return (!expiring, self.handed)
        }
        if first { forwardExpiry() }
        delivery.deliver { handed ?? bestSoFar(because: reason) }
        lock.withLock { task }?.cancel()
    }

    /// Records `content` as handed to the forward hook and starts the hook, unless expiry has
    /// begun (expiry then delivers, without the hook) or the hook started already (a second
    /// ``run()``).
    private func handToHook(_ content: Content) {
        let starts = lock.withLock {
            guard !expiring, handed == nil else { return false }
            handed = content
            return true
        }
        guard starts else { return }
        forward(content) { [delivery] answer in delivery.deliver(answer) }
    }

    /// The best content reached so far, when the forward hook has not started.
    private func bestSoFar(because reason: String) -> Content {
        switch source {
        case .asReceived(let content):
            return content
        case .payload(let payload, let enricher, _, let fallback):
            guard let notification = progress.snapshot(because: reason) else {
                let configuration = enricher.configuration
                return fallback(.asSent(
                    Preview(payload: payload, layout: configuration.layout), payload: payload,
                    encryptedFallbackText: configuration.encryptedFallbackText,
                    decisions: [Decision(.expired, "delivered as received because \(reason)")]))
            }
            return fallback(notification)
        }
    }
}
