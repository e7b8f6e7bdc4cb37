import Foundation
import HeraldCore
import HeraldEnrichment

/// The drop-in Notification Service Extension: any provider's push, shown as a message from a
/// person (avatar, name, group line), delivered exactly once.
///
/// Use it with a one-line subclass named in the extension's Info.plist
/// (`NSExtensionPrincipalClass = $(PRODUCT_MODULE_NAME).NotificationService`):
///
/// ```swift
/// nonisolated final class NotificationService: CommunicationNotificationService {}
/// ```
///
/// and configure it with the Info.plist `Herald` dictionary (see ``ServiceConfiguration``).
/// `nonisolated` matters in a target with default MainActor isolation (new targets in Xcode
/// 26): without it the subclass's `init()` is inferred MainActor and clashes with this class's
/// nonisolated one. iOS calls an extension on a background thread, so it is right anyway.
///
/// Override ``forward(_:for:contentHandler:)`` and ``forwardExpiry(for:)`` to hand the result to
/// a provider SDK (OneSignal, Firebase) before delivery: Herald's delivery guard wraps the
/// handler the hook calls, so iOS receives content exactly once whatever the hook does.
///
/// Subclasses that add stored state must keep it thread-safe: iOS may call
/// ``serviceExtensionTimeWillExpire()`` on another thread than ``didReceive(_:withContentHandler:)``.
open class CommunicationNotificationService: UNNotificationServiceExtension {
    // The only mutable state, `current`, is behind `lock`: iOS may call the two entry points
    // on different threads.
    private let lock = NSLock()
    private var current: Run?

    /// One notification in flight. Internal, so tests can follow it (``inFlight``).
    struct Run {
        let request: SendableBox<UNNotificationRequest>
        /// What the pipeline has done so far, and its task; `nil` when the payload cannot be
        /// read: the push is forwarded as received. Not the session itself: its closures hold
        /// the service, which holds this run, and that cycle would keep every notification's
        /// run alive as long as the process.
        let progress: EnrichmentProgress?
        let task: Task<Void, Never>?
        let delivery: DeliveryGuard<SendableBox<UNNotificationContent>>
        let forwarded: ForwardedContent
    }

    /// The notification in flight, if any: for tests that must know when its pipeline has
    /// finished and whether the forward hook was handed content, so they wait on events rather
    /// than on time.
    var inFlight: Run? { lock.withLock { current } }

    /// The Info.plist configuration, read once per process.
    private static let infoPlistConfiguration = ServiceConfiguration(infoDictionary: Bundle.main.object(forInfoDictionaryKey: "Herald"))

    public override init() {
        super.init()
    }

    /// The configuration; by default the Info.plist `Herald` dictionary.
    open var configuration: ServiceConfiguration { Self.infoPlistConfiguration }

    /// What shrinks large avatars: ImageIO on Apple platforms. Internal, so tests can make it
    /// fail on cue.
    var avatarDownsampler: AvatarDownsampler { .platform }

    /// How long to wait for the intent donation before giving up the communication layout.
    open var donationTimeout: Duration { .seconds(3) }

    /// The network; by default `URLSession`.
    open func makeFetcher(for configuration: ServiceConfiguration) -> any Fetcher {
        URLSessionFetcher(allowHTTP: configuration.enrichment.allowHTTP)
    }

    /// Keys for end-to-end encrypted payloads; by default the shared keychain's, when the
    /// Info.plist names a `KeychainGroup` (see ``KeychainKeyProvider``), else none.
    open func makeKeyProvider(for configuration: ServiceConfiguration) -> (any KeyProvider)? {
        KeyProviders.standard(for: configuration)
    }

    /// Runs after Herald's work, before delivery: call a provider's extension here and hand its
    /// result to `contentHandler` (calling it more than once, or late, is harmless).
    open func forward(_ content: UNNotificationContent, for request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        contentHandler(content)
    }

    /// Runs when iOS is about to give up, before Herald delivers the best content it has: call a
    /// provider's expiry method here.
    open func forwardExpiry(for request: UNNotificationRequest) {}

    /// Receives every decision as it is taken, whatever the configured level: by default the
    /// system log (``DecisionLog``), which keeps those at or above the Info.plist `LogLevel`.
    open func log(_ decision: Decision) {
        DecisionLog.write(decision, minimum: configuration.logLevel)
    }

    open override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        let configuration = self.configuration
        for problem in configuration.problems { log(Decision(.configurationProblem, problem)) }
        let handler = SendableBox(value: contentHandler)
        let delivery = DeliveryGuard<SendableBox<UNNotificationContent>> { handler.value($0.value) }
        let original = SendableBox(value: request.content.copy() as? UNNotificationContent ?? request.content)
        let forwarded = ForwardedContent()
        let requestBox = SendableBox(value: request)
        // The pipeline's closures reach the (overridable) hooks through this box: the service's
        // own state is behind its lock, and a subclass's hooks are documented to be thread-safe.
        let service = SendableBox(value: self)
        // Off the cooperative pool: a provider's hook may block its thread (OneSignal's waits for
        // its receive receipt), which must not stall Swift concurrency, nor iOS's thread. Never
        // once expiry has begun: the provider has heard of it, and Herald delivers without it.
        let forwardToProvider: @Sendable (SendableBox<UNNotificationContent>) -> Void = { content in
            guard forwarded.start(content) else { return }
            DispatchQueue.global().async {
                service.value.forward(content.value, for: requestBox.value) { delivery.deliver(SendableBox(value: $0)) }
            }
        }
        let payload: Payload
        do {
            payload = try Payload(userInfo: request.content.userInfo)
        } catch {
            log(Decision(.communicationSkipped, "the payload cannot be read (\(error)); delivering it as received"))
            // The provider's own processing still runs, and expiry still delivers.
            lock.withLock { current = Run(request: requestBox, progress: nil, task: nil, delivery: delivery, forwarded: forwarded) }
            forwardToProvider(original)
            return
        }
        let enricher = Enricher(
            configuration: configuration.enrichment, clock: ContinuousClock(), fetcher: makeFetcher(for: configuration),
            keyProvider: makeKeyProvider(for: configuration))
        let session = EnrichmentSession<ContinuousClock, SendableBox<UNNotificationContent>>(
            enricher: enricher, payload: payload,
            finish: { enriched in await service.value.finish(enriched, original: original.value, configuration: configuration) },
            fallback: { enriched in service.value.plain(enriched, original: original.value) },
            deliver: forwardToProvider)
        // The task holds the session (and through it the service) only while it runs.
        let task = session.start()
        lock.withLock { current = Run(request: requestBox, progress: session.progress, task: task, delivery: delivery, forwarded: forwarded) }
    }

    open override func serviceExtensionTimeWillExpire() {
        guard let run = lock.withLock({ current }) else { return }
        // First: from here the forward hook cannot start, so the provider never hears of the
        // content after it heard of expiry.
        let forwarded = run.forwarded.close()
        forwardExpiry(for: run.request.value)
        run.delivery.deliver {
            if let forwarded { return forwarded }
            let best = run.progress?.snapshot(because: "the extension's time expired")
            return best.map { plain($0, original: run.request.value.content) } ?? SendableBox(value: run.request.value.content)
        }
        // Cancels every download still running; a result that comes anyway finds the hook
        // closed and the guard used.
        run.task?.cancel()
    }

    /// Content without the communication layout: fields, decryption and attachments only.
    private func plain(_ enriched: EnrichedNotification, original: UNNotificationContent) -> SendableBox<UNNotificationContent> {
        let (content, decisions) = NotificationContentBuilder().content(for: enriched, from: original)
        (enriched.decisions + decisions).forEach(log)
        return SendableBox(value: content.copy() as? UNNotificationContent ?? content)
    }

    /// The communication notification: intent, donation, `updating(from:)`.
    private func finish(
        _ enriched: EnrichedNotification, original: UNNotificationContent, configuration: ServiceConfiguration
    ) async -> SendableBox<UNNotificationContent> {
        let (content, contentDecisions) = NotificationContentBuilder().content(for: enriched, from: original)
        // Logged as soon as they are known: a process killed later still leaves these lines.
        (enriched.decisions + contentDecisions).forEach(log)
        let plainContent = SendableBox(value: content.copy() as? UNNotificationContent ?? content)
        guard enriched.isCommunication else {
            log(Decision(.communicationSkipped, "no sender: delivered without the communication layout"))
            return plainContent
        }
        var avatar: Data?
        if let result = enriched.avatar {
            let (prepared, decision) = avatarDownsampler.prepare(
                result, maximumPixelSize: configuration.avatarSize,
                pixelLimit: configuration.enrichment.maximumUndownsampledAvatarPixels)
            avatar = prepared
            if let decision { log(decision) }
        }
        let (intent, intentDecisions) = MessageIntentBuilder(groupPadding: configuration.groupPadding).intent(for: enriched, avatar: avatar)
        intentDecisions.forEach(log)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        let donation = SendableBox(value: interaction)
        // Apple: donate first, then update. The wait is bounded.
        switch await Deadline.run(until: .now + donationTimeout, on: ContinuousClock(), { await Self.donate(donation) }) {
        case .timedOut:
            log(Decision(.donationTimedOut, "the intent donation did not finish within \(donationTimeout); delivered without the layout"))
            return plainContent
        case .finished(let error?):
            log(Decision(.donationFailed, "the intent donation failed (\(error.value)); delivered without the layout"))
            return plainContent
        case .finished(nil):
            break
        }
        do {
            let updated = try content.updating(from: intent)
            let restoresSubtitle = updated.subtitle.isEmpty && !content.subtitle.isEmpty
            let restoresAttachments = updated.attachments.isEmpty && !content.attachments.isEmpty
            // Apple: the result of updating(from:) should go straight to the content handler.
            // It is copied only when iOS dropped something Herald must put back.
            guard restoresSubtitle || restoresAttachments,
                let final = updated.mutableCopy() as? UNMutableNotificationContent
            else { return SendableBox(value: updated) }
            if restoresSubtitle {
                final.subtitle = content.subtitle
                log(Decision(.subtitleRestored, "updating(from:) cleared the subtitle; restored \"\(content.subtitle)\""))
            }
            if restoresAttachments {
                final.attachments = content.attachments
            }
            return SendableBox(value: final.copy() as? UNNotificationContent ?? final)
        } catch {
            log(Decision(.updateFailed, "updating(from:) failed (\(error)); delivered without the layout"))
            return plainContent
        }
    }

    /// Donates and waits for the completion; the error, if any.
    private static func donate(_ interaction: SendableBox<INInteraction>) async -> SendableBox<any Error>? {
        await withCheckedContinuation { (continuation: CheckedContinuation<SendableBox<any Error>?, Never>) in
            interaction.value.donate { error in
                continuation.resume(returning: error.map { SendableBox(value: $0) })
            }
        }
    }
}

/// The content handed to the forward hook, kept so that expiry during the hook delivers it; and
/// the line between the two: once expiry has begun, the hook does not start.
final class ForwardedContent: @unchecked Sendable {
    // @unchecked: `stored` and `closed` are only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: SendableBox<UNNotificationContent>?
    private var closed = false

    /// Keeps `content` for expiry, unless expiry has begun.
    ///
    /// - Returns: whether the forward hook may start.
    func start(_ content: SendableBox<UNNotificationContent>) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            stored = content
            return true
        }
    }

    /// Expiry begins: no forward hook starts from now on.
    ///
    /// - Returns: the content the hook was handed, if it started.
    func close() -> SendableBox<UNNotificationContent>? {
        lock.withLock {
            closed = true
            return stored
        }
    }

    /// The content the hook was handed, if it started.
    var content: SendableBox<UNNotificationContent>? { lock.withLock { stored } }
}
