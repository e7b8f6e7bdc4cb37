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
/// a provider SDK (OneSignal, Firebase) before delivery: the handler the hook calls delivers
/// through the notification's ``/HeraldEnrichment/EnrichmentSession``, the one owner of delivery,
/// so iOS receives content exactly once whatever the hook does.
///
/// Subclasses that add stored state must keep it thread-safe: iOS may call
/// ``serviceExtensionTimeWillExpire()`` on another thread than ``didReceive(_:withContentHandler:)``.
open class CommunicationNotificationService: UNNotificationServiceExtension {
    // The only mutable state, `current`, is behind `lock`: iOS may call the two entry points
    // on different threads. One session per service: like Apple's template, which keeps its
    // handler in the instance, Herald takes iOS to make a service per request (UNVERIFIED).
    private let lock = NSLock()
    private var current: (session: any NotificationSession, task: Task<Void, Never>)?

    /// The notification in flight, if any, and its session's task: for tests that must know
    /// when its run has ended, how far its pipeline got and what the forward hook was handed,
    /// so they wait on events rather than on time.
    var inFlight: (session: any NotificationSession, task: Task<Void, Never>)? { lock.withLock { current } }

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

    /// What draws the initials of a sender or group without a picture: CoreText on Apple
    /// platforms. Internal, so tests can draw on cue.
    var initialsRenderer: InitialsAvatarRenderer { .platform }

    /// Where every wait of the extension takes its time from (the pipeline's budget and
    /// deadlines, the donation's timeout): `ContinuousClock`. Internal, so tests can drive time
    /// with a manual clock.
    var clock: any Clock<Duration> { ContinuousClock() }

    /// The notifications iOS shows, which an edit or a retraction removes from:
    /// `UNUserNotificationCenter.current()`.
    var deliveredNotifications: any DeliveredNotificationCenter { CurrentNotificationCenter() }

    /// How long to wait for the intent donation before giving up the communication layout.
    open var donationTimeout: Duration { .seconds(3) }

    /// The network; by default `URLSession`.
    open func makeFetcher(for configuration: ServiceConfiguration) -> any Fetcher {
        URLSessionFetcher(allowHTTP: configuration.enrichment.allowHTTP)
    }

    /// Keys for end-to-end encrypted payloads; by default the shared keychain's, when the
    /// Info.plist names a `KeychainGroup` (see `KeychainKeyProvider`), else none.
    open func makeKeyProvider(for configuration: ServiceConfiguration) -> (any KeyProvider)? {
        KeyProviders.standard(for: configuration)
    }

    /// Runs after Herald's work, before delivery: call a provider's extension here and hand its
    /// result to `contentHandler` (calling it more than once, or late, is harmless). Should
    /// iOS's time run out and iOS let go of the service before the hook's queue reaches it, the
    /// content is delivered without the hook.
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
        // `self.`: a bare `clock` also names the C library's clock(), and with that overload in
        // play Swift does not open the existential for `start`'s generic parameter.
        start(request, contentHandler: contentHandler, clock: self.clock)
    }

    open override func serviceExtensionTimeWillExpire() {
        // The session tells the provider (forwardExpiry), delivers what the forward hook was
        // handed or its best content so far, and cancels every download still running.
        lock.withLock { current }?.session.expire(because: "the extension's time expired")
    }

    /// Makes the notification's session, on `clock`, and starts it.
    private func start<C: Clock<Duration>>(
        _ request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void, clock: C
    ) {
        let configuration = self.configuration
        for problem in configuration.problems { log(Decision(.configurationProblem, problem)) }
        // iOS's handler is not `@Sendable` in the SDK, yet iOS takes the content from whichever
        // thread finishes: it calls didReceive and serviceExtensionTimeWillExpire on threads of
        // its choosing, and provider SDKs call the handler from their own queues. The session's
        // guard calls it once, on the thread that wins; this binding is the one place Herald
        // vouches for it.
        nonisolated(unsafe) let contentHandler = contentHandler
        // The session's task and the hook's queue call this service's (overridable) methods, as
        // iOS itself calls it from more than one thread: its own state is behind `lock`, and
        // subclasses are told to keep theirs thread-safe (see the class's comment). They reach
        // it through a weak reference (see `WeakReference`); it is there until delivery.
        let reference = WeakReference(self)
        // Read on the hook's queue and on expiry: it has only read-only properties.
        nonisolated(unsafe) let request = request
        let original = SharedContent(request.content)
        // Off the cooperative pool: a provider's hook may block its thread (OneSignal's waits for
        // its receive receipt), which must not stall Swift concurrency, nor iOS's thread.
        let forward: EnrichmentSession<C, SharedContent>.Forward = { content, deliver in
            DispatchQueue.global().async {
                guard let service = reference.service else { return deliver(content) }
                service.forward(content.content, for: request) { deliver(SharedContent(answer: $0)) }
            }
        }
        let forwardExpiry: @Sendable () -> Void = { reference.service?.forwardExpiry(for: request) }
        // The service lives until its content is delivered, as iOS keeps it (iOS must, to call
        // serviceExtensionTimeWillExpire on it): the session's guard lets go of this closure,
        // and of the service, once it has delivered.
        nonisolated(unsafe) let service = self
        let deliver: @Sendable (SharedContent) -> Void = { content in withExtendedLifetime(service) { contentHandler(content.content) } }
        let session: EnrichmentSession<C, SharedContent>
        do {
            let payload = try Payload(userInfo: request.content.userInfo)
            let enricher = Enricher(
                configuration: configuration.enrichment, clock: clock, fetcher: makeFetcher(for: configuration),
                keyProvider: makeKeyProvider(for: configuration), deliveredNotifications: deliveredNotifications)
            session = EnrichmentSession(
                enricher: enricher, payload: payload,
                finish: { enriched in
                    guard let service = reference.service else { return Self.plain(enriched, original: original.content, log: nil) }
                    return await service.finish(enriched, original: original.content, configuration: configuration, clock: clock)
                },
                fallback: { enriched in Self.plain(enriched, original: original.content, log: reference.service?.log) },
                forward: forward, forwardExpiry: forwardExpiry, deliver: deliver)
        } catch {
            log(Decision(.communicationSkipped, "the payload cannot be read (\(error)); delivering it as received"))
            // The provider's own processing still runs, and expiry still delivers.
            session = EnrichmentSession(received: original, forward: forward, forwardExpiry: forwardExpiry, deliver: deliver)
        }
        // Kept before it starts, in one step: an expiry finds the session whenever it comes.
        lock.withLock { current = (session, session.start()) }
    }

    /// The service as its session's steps hold it: weakly. The service keeps its session, and
    /// a session keeping its service for good would keep both, with the downloads its progress
    /// holds, for as long as the extension's process lives, which may be many notifications.
    /// Until delivery the session's `deliver` keeps the service; after it, whatever step still
    /// runs (a pipeline cut short by expiry) finds it gone and does without it.
    private final class WeakReference: @unchecked Sendable {
        // @unchecked: `stored` is only read while `lock` is held (and written once, in `init`);
        // the service's own state is thread-safe (see the class's comment).
        private let lock = NSLock()
        private weak var stored: CommunicationNotificationService?

        init(_ service: CommunicationNotificationService) {
            stored = service
        }

        /// The service, while anything else keeps it.
        var service: CommunicationNotificationService? { lock.withLock { stored } }
    }

    /// Content without the communication layout: fields, decryption and attachments only; its
    /// decisions go to `log`, unless the service is gone.
    private static func plain(_ enriched: EnrichedNotification, original: UNNotificationContent, log: ((Decision) -> Void)?) -> SharedContent {
        let (content, decisions) = NotificationContentBuilder().content(for: enriched, from: original)
        if let log { (enriched.decisions + decisions).forEach(log) }
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
    private func finish<C: Clock<Duration>>(
        _ enriched: EnrichedNotification, original: UNNotificationContent, configuration: ServiceConfiguration, clock: C
    ) async -> SharedContent {
        let (content, contentDecisions) = NotificationContentBuilder().content(for: enriched, from: original)
        // Logged as soon as they are known: a process killed later still leaves these lines.
        (enriched.decisions + contentDecisions).forEach(log)
        let plainContent = SharedContent(content)
        guard enriched.isCommunication else {
            // A retraction shows nothing, or a plain "Message deleted": its decision says so.
            if enriched.message.sender == nil { log(Decision(.communicationSkipped, "no sender: delivered without the communication layout")) }
            return plainContent
        }
        // One at a time, so at most one image is decoded in the extension's memory at once.
        let (avatar, groupAvatar) = (prepare(enriched.avatar, "avatar", configuration), prepare(enriched.groupAvatar, "group avatar", configuration))
        var builder = MessageIntentBuilder(groupPadding: configuration.groupPadding, drawsInitials: configuration.drawsInitials)
        let renderer = initialsRenderer
        let cache = configuration.enrichment.avatarCache
        var drawings: DrawnAvatarCache?
        builder.drawInitials = { initials in
            // Opened once, and only when initials are drawn; its opening is told with the first
            // drawing. A drawing is kept beside downloaded avatars.
            let opened = drawings ?? DrawnAvatarCache(cache)
            let told = drawings == nil ? opened.openingDecisions : []
            drawings = opened
            let (image, problem) = opened.image(of: initials, pixelSize: InitialsAvatarRenderer.pixelSize, draw: renderer.draw)
            return (image, told + (problem.map { [$0] } ?? []))
        }
        guard let (intent, intentDecisions) = builder.intent(for: enriched, avatar: avatar, groupAvatar: groupAvatar)
        else { return plainContent }  // Never: isCommunication holds, so there is a sender.
        intentDecisions.forEach(log)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .incoming
        // Apple: donate first, then update. The wait is bounded.
        switch await Self.donate(interaction, timeout: donationTimeout, clock: clock) {
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

    /// Donates the interaction and waits for iOS to confirm it, for at most `timeout` on `clock`.
    ///
    /// The interaction never leaves this task: iOS's completion (on a thread of its own) and a
    /// timer race through one guard to end the wait, and only the outcome, a value, crosses.
    private static func donate<C: Clock<Duration>>(_ interaction: INInteraction, timeout: Duration, clock: C) async -> DonationOutcome {
        await withCheckedContinuation { (continuation: CheckedContinuation<DonationOutcome, Never>) in
            let outcome = DeliveryGuard<DonationOutcome> { continuation.resume(returning: $0) }
            let timer = Task {
                do {
                    try await clock.sleep(for: timeout.clampedToLongestWait)
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
