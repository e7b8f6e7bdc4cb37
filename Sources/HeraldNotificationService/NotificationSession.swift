import HeraldEnrichment

/// One notification's ``EnrichmentSession`` as the service keeps it, whatever the type of its
/// clock (the service's clock is injected: ``CommunicationNotificationService/clock``).
///
/// The session alone delivers; the service only tells it when time expires, and tests follow
/// its progress and what its forward hook was handed, so they wait on events rather than on time.
protocol NotificationSession: AnyObject, Sendable {
    /// What the pipeline has published so far.
    var progress: EnrichmentProgress { get }
    /// What the forward hook was handed, once it started.
    var handedToHook: SharedContent? { get }
    /// Delivers the best content reached so far, now (see ``EnrichmentSession/expire(because:)``).
    func expire(because reason: String)
}

extension EnrichmentSession: NotificationSession where Content == SharedContent {}
