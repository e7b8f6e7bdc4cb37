import Foundation
@_spi(HeraldTools) import HeraldCore
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
    // on different threads. One run per service: like Apple's template, which keeps its
    // handler in the instance, Herald takes iOS to make a service per request (UNVERIFIED).
    private let lock = NSLock()
    private var current: NotificationRun?

    /// The notification in flight, if any: for tests that must know when its pipeline has
    /// finished and whether the forward hook was handed content, so they wait on events rather
    /// than on time.
    var inFlight: NotificationRun? { lock.withLock { current } }

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
        let run = NotificationRun(request: request, contentHandler: contentHandler)
        lock.withLock { current = run }
        // The pipeline's task and the hook's queue call this service's (overridable) methods, as
        // iOS itself calls it from more than one thread: its own state is behind `lock`, and
        // subclasses are told to keep theirs thread-safe (see the class's comment).
        nonisolated(unsafe) let service = self
        // Off the cooperative pool: a provider's hook may block its thread (OneSignal's waits for
        // its receive receipt), which must not stall Swift concurrency, nor iOS's thread. Never
        // once expiry has begun: the provider has heard of it, and Herald delivers without it.
        let forwardToProvider: @Sendable (SharedContent) -> Void = { content in
            guard run.handToHook(content) else { return }
            DispatchQueue.global().async {
                service.forward(content.content, for: run.request) { run.deliver($0) }
            }
        }
        let payload: Payload
        do {
            payload = try Payload(userInfo: request.content.userInfo)
        } catch {
            log(Decision(.communicationSkipped, "the payload cannot be read (\(error)); delivering it as received"))
            // The provider's own processing still runs, and expiry still delivers.
            forwardToProvider(run.original)
            return
        }
        let enricher = Enricher(
            configuration: configuration.enrichment, clock: ContinuousClock(), fetcher: makeFetcher(for: configuration),
            keyProvider: makeKeyProvider(for: configuration))
        run.start(EnrichmentSession<ContinuousClock, SharedContent>(
            enricher: enricher, payload: payload,
            finish: { enriched in await service.finish(enriched, original: run.original.content, configuration: configuration) },
            fallback: { enriched in service.plain(enriched, original: run.original.content) },
            deliver: forwardToProvider))
    }

    open override func serviceExtensionTimeWillExpire() {
        guard let run = lock.withLock({ current }) else { return }
        // First: from here the forward hook cannot start, so the provider never hears of the
        // content after it heard of expiry.
        let handed = run.beginExpiry()
        forwardExpiry(for: run.request)
        run.deliver {
            if let handed { return handed.content }
            let best = run.progress?.snapshot(because: "the extension's time expired")
            return best.map { plain($0, original: run.original.content).content } ?? run.original.content
        }
        // Cancels every download still running; a result that comes anyway finds the hook
        // closed and the guard used.
        run.task?.cancel()
    }

    /// Content without the communication layout: fields, decryption and attachments only.
    private func plain(_ enriched: EnrichedNotification, original: UNNotificationContent) -> SharedContent {
        let (content, decisions) = NotificationContentBuilder().content(for: enriched, from: original)
        (enriched.decisions + decisions).forEach(log)
        return SharedContent(content)
    }

    /// The bytes of a downloaded avatar to hand to Intents, downsampled (see ``AvatarDownsampler``).
    private func prepare(_ result: AvatarResult?, _ subject: String, _ configuration: ServiceConfiguration) -> Data? {
        guard let result else { return nil }
        let (prepared, decision) = avatarDownsampler.prepare(
            result, maximumPixelSize: configuration.avatarSize, pixelLimit: configuration.enrichment.maximumUndownsampledAvatarPixels, subject: subject)
        if let decision { log(decision) }
        return prepared
    }

    /// The communication notification: intent, donation, `updating(from:)`.
    private func finish(
        _ enriched: EnrichedNotification, original: UNNotificationContent, configuration: ServiceConfiguration
    ) async -> SharedContent {
        let (content, contentDecisions) = NotificationContentBuilder().content(for: enriched, from: original)
        // Logged as soon as they are known: a process killed later still leaves these lines.
        (enriched.decisions + contentDecisions).forEach(log)
        let plainContent = SharedContent(content)
        guard enriched.isCommunication else {
            log(Decision(.communicationSkipped, "no sender: delivered without the communication layout"))
            return plainContent
        }
        // One at a time, so at most one image is decoded in the extension's memory at once.
        let (avatar, groupAvatar) = (prepare(enriched.avatar, "avatar", configuration), prepare(enriched.groupAvatar, "group avatar", configuration))
        guard let (intent, intentDecisions) = MessageIntentBuilder(groupPadding: configuration.groupPadding)
            .intent(for: enriched, avatar: avatar, groupAvatar: groupAvatar)
        else { return plainContent }  // no sender: returned above already
        intentDecisions.forEach(log)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        // Apple: donate first, then update. The wait is bounded.
        switch await Self.donate(interaction, timeout: donationTimeout) {
        case .timedOut:
            log(Decision(.donationTimedOut, "the intent donation did not finish within \(donationTimeout); delivered without the layout"))
            return plainContent
        case .failed(let error):
            log(Decision(.donationFailed, "the intent donation failed (\(error)); delivered without the layout"))
            return plainContent
        case .donated:
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
            else { return SharedContent(updated) }
            if restoresSubtitle {
                final.subtitle = content.subtitle
                log(Decision(.subtitleRestored, "updating(from:) cleared the subtitle; restored \"\(content.subtitle)\""))
            }
            if restoresAttachments {
                final.attachments = content.attachments
            }
            return SharedContent(final)
        } catch {
            log(Decision(.updateFailed, "updating(from:) failed (\(error)); delivered without the layout"))
            return plainContent
        }
    }

    /// How an intent donation ended.
    private enum DonationOutcome: Sendable {
        case donated
        /// With the error's description.
        case failed(String)
        case timedOut
    }

    /// Donates the interaction and waits for iOS to confirm it, for at most `timeout`.
    ///
    /// The interaction never leaves this task: iOS's completion (on a thread of its own) and a
    /// timer race through one guard to end the wait, and only the outcome, a value, crosses.
    private static func donate(_ interaction: INInteraction, timeout: Duration) async -> DonationOutcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<DonationOutcome, Never>) in
            let outcome = DeliveryGuard<DonationOutcome> { continuation.resume(returning: $0) }
            let timer = Task {
                do {
                    try await Task.sleep(for: timeout.clampedToLongestWait)
                    outcome.deliver(.timedOut)
                } catch {
                    // Cancelled: the donation ended first.
                }
            }
            interaction.donate { error in
                outcome.deliver(error.map { .failed(String(describing: $0)) } ?? .donated)
                timer.cancel()
            }
        }
    }
}
