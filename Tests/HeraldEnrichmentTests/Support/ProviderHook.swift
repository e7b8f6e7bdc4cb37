import Foundation
import HeraldEnrichment

/// A forward hook as a provider's SDK might behave, for ``EnrichmentSession``'s interleaving
/// test: it records what it is handed and how often it hears of expiry.
final class ProviderHook: @unchecked Sendable {
    // @unchecked: `inputs`, `held` and `expiries` are only touched while `lock` is held.

    /// What the provider does with the content it is handed.
    enum Behavior: CaseIterable {
        /// Hands it straight back.
        case passesThrough
        /// Hands back its own copy, then the content again: the second answer changes nothing.
        case answersTwice
        /// Keeps the handler and answers with its copy when the test says so (or on expiry, if
        /// it answers then).
        case holds
        /// Keeps the handler and never answers.
        case neverAnswers
    }

    /// The category a provider's copy carries, so it is told apart from the session's content.
    static let category = "provider-buttons"

    let behavior: Behavior
    /// Whether it answers its held handler when told of expiry, as OneSignal's expiry method does.
    let answersOnExpiry: Bool
    private let lock = NSLock()
    private var inputs: [EnrichedNotification] = []
    private var held: (@Sendable (EnrichedNotification) -> Void)?
    private var expiries = 0

    init(_ behavior: Behavior, answersOnExpiry: Bool) {
        self.behavior = behavior
        self.answersOnExpiry = answersOnExpiry
    }

    /// Every content the hook was handed.
    var handed: [EnrichedNotification] { lock.withLock { inputs } }
    /// How many times it was told of expiry.
    var expiryCalls: Int { lock.withLock { expiries } }

    /// The session's forward hook.
    func forward(_ content: EnrichedNotification, deliver: @escaping @Sendable (EnrichedNotification) -> Void) {
        lock.withLock { inputs.append(content) }
        switch behavior {
        case .passesThrough:
            deliver(content)
        case .answersTwice:
            deliver(Self.copy(of: content))
            deliver(content)
        case .holds, .neverAnswers:
            lock.withLock { held = deliver }
        }
    }

    /// The session's `forwardExpiry`.
    func forwardExpiry() {
        lock.withLock { expiries += 1 }
        if answersOnExpiry { answerHeld() }
    }

    /// Answers the held handler with the provider's copy, late or again; nothing for the other
    /// behaviours.
    func answerHeld() {
        guard behavior == .holds, let (deliver, input) = lock.withLock({ held.map { ($0, inputs[0]) } }) else { return }
        deliver(Self.copy(of: input))
    }

    /// The provider's copy of `content`: the same, with its own category (as OneSignal adds buttons).
    static func copy(of content: EnrichedNotification) -> EnrichedNotification {
        var copy = content
        copy.content.categoryIdentifier = category
        return copy
    }
}
