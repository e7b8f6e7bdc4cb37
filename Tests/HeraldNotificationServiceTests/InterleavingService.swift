// Only where AppleFrameworksStandIn exists (Linux): the interleaving tests observe the adapter
// through the stand-in.
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Foundation
import HeraldCore
import HeraldEnrichment
import HeraldTestSupport

@testable import HeraldNotificationService

/// A service whose network, clock, donation and provider hooks the interleaving test drives:
/// each download waits for the test, time moves only when the test moves it, and the forward
/// hook behaves as a provider SDK might.
final class InterleavingService: CommunicationNotificationService, @unchecked Sendable {
    // @unchecked: every `var` is only touched while `lock` is held.

    /// What the provider behind the forward hook does with the content it is handed.
    enum Hook: CaseIterable {
        /// Hands it straight back (Herald's default hook).
        case passesThrough
        /// Hands back its own mutable copy, with its category added (as OneSignal adds buttons).
        case replaces
        /// Hands back the content, then its own copy: a second call must change nothing.
        case answersTwice
        /// Keeps the handler and answers when the test says so (a network round trip).
        case holds
        /// Keeps the handler and never answers, even on expiry.
        case neverAnswers
    }

    /// What the provider does when ``forwardExpiry(for:)`` tells it time is up.
    enum ExpiryHook: CaseIterable {
        case onlyRecords
        /// Answers its held handler with its copy, as OneSignal's expiry method does.
        case answersHeldHandler
    }

    /// The category a provider's copy carries, so it is told apart from Herald's content.
    static let providerCategory = "provider-buttons"

    let fetcher = HeldFetcher()
    /// The service's clock: the pipeline's deadlines and the donation wait.
    let manualClock = ManualClock()
    let hook: Hook
    let expiryHook: ExpiryHook
    private let testConfiguration: ServiceConfiguration
    private let testDonationTimeout: Duration
    private let lock = NSLock()
    private var inputs: [UNNotificationContent] = []
    private var outputs: [UNNotificationContent] = []
    private var returns = 0
    private var heldHandler: ((UNNotificationContent) -> Void)?
    private var expiries = 0

    /// - Parameters:
    ///   - hook: what the provider does with the content.
    ///   - expiryHook: what it does on expiry.
    ///   - donationTimeout: zero to give up the donation at once, or a wait that ends when the
    ///     test moves the clock that far (or ends the donation).
    init(hook: Hook, expiryHook: ExpiryHook, donationTimeout: Duration) {
        var configuration = ServiceConfiguration()
        configuration.enrichment.attachmentDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-interleaving-\(UUID().uuidString)", isDirectory: true)
        configuration.enrichment.avatarCache = nil
        // A retraction then delivers empty content, which the checks can tell from any other.
        configuration.enrichment.retractFallback = .filtered
        self.testConfiguration = configuration
        self.hook = hook
        self.expiryHook = expiryHook
        self.testDonationTimeout = donationTimeout
        super.init()
    }

    override var configuration: ServiceConfiguration { testConfiguration }
    override var donationTimeout: Duration { testDonationTimeout }
    override var clock: any Clock<Duration> { manualClock }
    override func makeFetcher(for configuration: ServiceConfiguration) -> any Fetcher { fetcher }
    override func log(_ decision: Decision) {}

    override func forward(_ content: UNNotificationContent, for request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        lock.withLock { inputs.append(content) }
        switch hook {
        case .passesThrough:
            hand(content, to: contentHandler)
        case .replaces:
            hand(Self.providerCopy(of: content), to: contentHandler)
        case .answersTwice:
            hand(content, to: contentHandler)
            hand(Self.providerCopy(of: content), to: contentHandler)
        case .holds, .neverAnswers:
            lock.withLock { heldHandler = contentHandler }
        }
        lock.withLock { returns += 1 }
    }

    override func forwardExpiry(for request: UNNotificationRequest) {
        lock.withLock { expiries += 1 }
        if expiryHook == .answersHeldHandler { answerHeldHandler() }
    }

    /// Answers the handler a `.holds` provider keeps, with its copy of the content, late or
    /// again; does nothing for the other providers.
    func answerHeldHandler() {
        guard hook == .holds, let (handler, content) = lock.withLock({ heldHandler.map { ($0, inputs[0]) } }) else { return }
        hand(Self.providerCopy(of: content), to: handler)
    }

    /// Every content the forward hook was called with.
    var hookInputs: [UNNotificationContent] { lock.withLock { inputs } }
    /// Whether every call of the forward hook has returned (so whatever it delivers, it has).
    var hookReturned: Bool { lock.withLock { returns == inputs.count } }
    /// Every content the provider handed to Herald's handler, in order.
    var hookOutputs: [UNNotificationContent] { lock.withLock { outputs } }
    /// Whether the provider holds a handler it has not answered.
    var holdsUnanswered: Bool { lock.withLock { heldHandler != nil && outputs.isEmpty } }
    var expiryHookCalls: Int { lock.withLock { expiries } }

    /// Removes the files the pipeline wrote.
    func removeAttachments() {
        try? FileManager.default.removeItem(at: testConfiguration.enrichment.attachmentDirectory)
    }

    /// Recorded before the call, so whatever iOS receives from it is already in `outputs`.
    private func hand(_ content: UNNotificationContent, to handler: (UNNotificationContent) -> Void) {
        lock.withLock { outputs.append(content) }
        handler(content)
    }

    private static func providerCopy(of content: UNNotificationContent) -> UNNotificationContent {
        guard let copy = content.mutableCopy() as? UNMutableNotificationContent else { return content }
        copy.categoryIdentifier = providerCategory
        return copy
    }
}
#endif
