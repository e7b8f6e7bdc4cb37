import HeraldNotificationService

/// What an extension's hooks were handed, kept thread-safe: iOS and the hooks' queue call the
/// service from threads of their choosing.
nonisolated final class Journal: @unchecked Sendable {
    // @unchecked: `calls` and `decisions` are only touched while `lock` is held.
    private let lock = NSLock()
    private var calls: [String] = []
    private var decisions: [Decision] = []

    /// The thread identifier the forward hook gives the content, so a test sees it ran.
    static let forwardedThread = "forwarded-by-the-subclass"

    /// Decision codes of each module that declares some, here so that each must be in reach:
    /// HeraldCore's, HeraldEnrichment's, HeraldNotificationService's.
    static let watched: Set<Decision.Code> = [.layoutChosen, .decryptionFailed, .avatarTimedOut, .donationTimedOut]

    /// Notes that a hook ran.
    func note(_ hook: String) { lock.withLock { calls.append(hook) } }

    /// Keeps a decision the service logged.
    func record(_ decision: Decision) { lock.withLock { decisions.append(decision) } }

    /// The hooks that ran, in order.
    var hooks: [String] { lock.withLock { calls } }

    /// The logged decisions whose codes are ``watched``, with the level the system log gives them.
    var watchedDecisions: [(code: Decision.Code, level: ServiceConfiguration.LogLevel)] {
        lock.withLock { decisions }.filter { Self.watched.contains($0.code) }.map { ($0.code, DecisionLog.level(of: $0.code)) }
    }
}
