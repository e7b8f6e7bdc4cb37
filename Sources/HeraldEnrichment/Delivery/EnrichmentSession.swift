import Foundation
import HeraldCore

/// One notification's run: the pipeline, a finishing step, and exactly one delivery, whether
/// the pipeline completes, the finishing step fails, or time expires first.
///
/// The iOS adapter makes one per `didReceive`: its finishing step maps the enriched value onto
/// Apple types (intent donation, `updating(from:)`, the provider's forward hook) and its
/// fallback builds content synchronously for `serviceExtensionTimeWillExpire`. `herald preview`
/// uses the enriched value itself. Sessions share nothing, so several can run in one process.
public final class EnrichmentSession<C: Clock<Duration>, Content: Sendable>: @unchecked Sendable {
    // @unchecked: `task` is only touched while `lock` is held; everything else is immutable
    // or Sendable itself.
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private let enricher: Enricher<C>
    private let payload: Payload
    private let finish: @Sendable (EnrichedNotification) async throws -> Content
    private let fallback: @Sendable (EnrichedNotification) -> Content
    private let delivery: DeliveryGuard<Content>
    /// The best content so far, for an early delivery.
    public let progress = EnrichmentProgress()

    /// - Parameters:
    ///   - enricher: the pipeline.
    ///   - payload: the notification's payload.
    ///   - finish: turns the complete enriched value into the content to deliver; may fail.
    ///   - fallback: turns a partial enriched value into content, synchronously (expiry, or a
    ///     failed `finish`).
    ///   - deliver: receives the content exactly once (iOS's `contentHandler`).
    public init(
        enricher: Enricher<C>, payload: Payload,
        finish: @escaping @Sendable (EnrichedNotification) async throws -> Content,
        fallback: @escaping @Sendable (EnrichedNotification) -> Content,
        deliver: @escaping @Sendable (Content) -> Void
    ) {
        self.enricher = enricher
        self.payload = payload
        self.finish = finish
        self.fallback = fallback
        self.delivery = DeliveryGuard(handler: deliver)
    }

    /// Whether content has been delivered.
    public var hasDelivered: Bool { delivery.hasDelivered }

    /// Starts the run in a task of its own; ``expire()`` can cut it short.
    ///
    /// - Returns: the task, for a caller that wants to await the end of the run.
    @discardableResult
    public func start() -> Task<Void, Never> {
        lock.withLock {
            if let task { return task }
            let started = Task { await self.run() }
            task = started
            return started
        }
    }

    /// Runs the pipeline and the finishing step, then delivers, unless expiry delivered first.
    public func run() async {
        let enriched = await enricher.enrich(payload, progress: progress)
        guard !delivery.hasDelivered, !Task.isCancelled else { return }
        do {
            let content = try await finish(enriched)
            delivery.deliver(content)
        } catch {
            var partial = enriched
            partial.decisions.append(Decision(.finishFailed, "finishing failed (\(error)); delivering the content without it"))
            delivery.deliver { fallback(partial) }
        }
    }

    /// Delivers the best content reached so far, now, and cancels every download still running.
    ///
    /// Call from `serviceExtensionTimeWillExpire`. A no-op when content was delivered already.
    ///
    /// - Parameter reason: why, for the decision trace; default the extension's time expiring.
    public func expire(because reason: String = "the extension's time expired") {
        delivery.deliver {
            fallback(progress.snapshot(because: reason) ?? originalContent(reason: reason))
        }
        lock.withLock { task }?.cancel()
    }

    /// The payload as received, when expiry comes before the pipeline published anything.
    private func originalContent(reason: String) -> EnrichedNotification {
        let preview = Preview(payload: payload, layout: enricher.configuration.layout)
        return EnrichedNotification(
            stage: .original, layoutName: preview.layout.name, extensionWillRun: preview.extensionWillRun, content: preview.content,
            message: preview.message, decisions: preview.decisions + [Decision(.expired, "delivered as received because \(reason)")])
    }
}
