// The proof that `import HeraldNotificationService` alone is enough for an extension: this
// target's files import nothing else, override every hook of `CommunicationNotificationService`
// and name every type those hooks take, return and throw. Remove a line of
// Sources/HeraldNotificationService/Exports.swift and this target no longer builds. It compiles
// as an Xcode 26 extension target does (default MainActor isolation), with member imports
// checked (SE-0444), as a target that turns that on checks them.

import HeraldNotificationService

/// An extension that overrides every hook: its own settings, no network, its own keys, a
/// forward hook that marks the content, and a log it keeps.
nonisolated final class NotificationService: CommunicationNotificationService {
    /// What the hooks were handed.
    let journal = Journal()
    /// The keys `makeKeyProvider(for:)` hands out.
    private let keys: KeyStore

    /// The service iOS makes: no keys.
    override init() {
        self.keys = KeyStore(keys: [:])
        super.init()
    }

    /// A service with decryption keys, for tests.
    init(keys: [String: SymmetricKey]) {
        self.keys = KeyStore(keys: keys)
        super.init()
    }

    /// Settings in code instead of the Info.plist `Herald` dictionary.
    override var configuration: ServiceConfiguration {
        var configuration = ServiceConfiguration()
        configuration.groupPadding = ServiceConfiguration.GroupPadding.metadata
        configuration.logLevel = ServiceConfiguration.LogLevel.error
        var enrichment: EnrichmentConfiguration = configuration.enrichment
        enrichment.encryptedFallbackText = KeyStore.fallbackText
        enrichment.layout = Layout.builtIn(named: "apns")
        enrichment.retractFallback = RetractFallback.visible
        enrichment.attachmentByteLimits[Message.Attachment.Kind.image] = 2_000_000
        // No disk and no app group in a test: no cache, count, contact map or content server.
        let cache: AvatarCacheConfiguration? = nil
        let counter: BadgeCounter? = nil
        let contacts: ContactMap? = nil
        let source: ContentSource? = nil
        (enrichment.avatarCache, enrichment.badgeCounter, enrichment.contactMap, enrichment.contentSource) = (cache, counter, contacts, source)
        configuration.enrichment = enrichment
        return configuration
    }

    override var donationTimeout: Duration { .seconds(2) }

    override func makeFetcher(for configuration: ServiceConfiguration) -> any Fetcher {
        journal.note("makeFetcher")
        return NoNetwork()
    }

    override func makeKeyProvider(for configuration: ServiceConfiguration) -> (any KeyProvider)? {
        journal.note("makeKeyProvider")
        return keys
    }

    override func forward(_ content: UNNotificationContent, for request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        journal.note("forward")
        guard let marked = content.mutableCopy() as? UNMutableNotificationContent else { return contentHandler(content) }
        marked.threadIdentifier = Journal.forwardedThread
        contentHandler(marked)
    }

    override func forwardExpiry(for request: UNNotificationRequest) {
        journal.note("forwardExpiry")
    }

    override func log(_ decision: Decision) {
        journal.record(decision)
        super.log(decision)
    }

    override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void) {
        journal.note("didReceive")
        super.didReceive(request, withContentHandler: contentHandler)
    }

    override func serviceExtensionTimeWillExpire() {
        journal.note("serviceExtensionTimeWillExpire")
        super.serviceExtensionTimeWillExpire()
    }
}
