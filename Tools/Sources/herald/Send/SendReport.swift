import Foundation
import HeraldAPNs

/// Collects the results of a send and prints them: a progress line on a terminal, then the
/// summary, or one JSON object per result with `--json`.
///
/// The client's workers record results from several threads at once.
final class SendReport: @unchecked Sendable {
    // @unchecked: the mutable state below is only touched while `lock` is held.
    private let lock = NSLock()
    private let json: Bool
    private let destination: String
    private let showsProgress: Bool
    private var delivered = 0
    private var failures: [String: Int] = [:]
    private var tokensToDelete: [String] = []
    /// Whether APNs itself answered BadDeviceToken or DeviceTokenNotForTopic, which can mean
    /// the wrong environment or topic rather than a bad token.
    private var mayBeWrongEnvironment = false
    /// Whether APNs refused the provider token: the key, its id or the team is wrong.
    private var credentialsRefused = false
    private var lastFailure: SendResult?
    private var lastDelivery: SendResult?
    /// Notifications that may have reached APNs more than once, and those of the failed ones
    /// that may have been delivered: both after an answer was lost.
    private var possiblyDuplicated = 0
    private var failedButPossiblyDelivered = 0
    /// When the progress line was last written (at first, the start: a send quicker than a
    /// fifth of a second shows none).
    private var lastProgress = Date()
    private var progressShown = false

    /// - Parameters:
    ///   - json: print JSON lines instead of the summary.
    ///   - destination: where the notifications go, for the summary.
    init(json: Bool, destination: String) {
        self.json = json
        self.destination = destination
        showsProgress = isatty(FileHandle.standardError.fileDescriptor) != 0
    }

    /// Whether no result came at all.
    var isEmpty: Bool { lock.withLock { finished == 0 } }

    /// Whether every notification was delivered.
    var allDelivered: Bool { lock.withLock { failures.isEmpty } }

    private var finished: Int { delivered + failures.values.reduce(0, +) }

    func record(_ result: SendResult) {
        lock.withLock { recordLocked(result) }
    }

    private func recordLocked(_ result: SendResult) {
        if result.possibleDuplicates > 0 { possiblyDuplicated += 1 }
        if result.delivered {
            delivered += 1
            lastDelivery = result
        } else {
            if !result.possiblyDeliveredAttempts.isEmpty { failedButPossiblyDelivered += 1 }
            failures[result.failureName, default: 0] += 1
            if result.deleteToken { tokensToDelete.append(result.token) }
            if result.failure?.mayBeWrongEnvironmentOrTopic == true { mayBeWrongEnvironment = true }
            if result.failure?.reason == .invalidProviderToken { credentialsRefused = true }
            lastFailure = result
        }
        if json { printJSON(result.json) }
        // The total is not known ahead: the tokens are read as they are sent.
        if showsProgress, Date().timeIntervalSince(lastProgress) > 0.2 {
            lastProgress = Date()
            progressShown = true
            writeProgress()
        }
    }

    static let credentialsCaveat = """
        Note: InvalidProviderToken means the token was signed with credentials APNs does not \
        match: check --key-id (the 10-character Key ID shown beside the key on Apple's Keys \
        page), --team-id (your Team ID, under Membership), that --key-file is that key's .p8, \
        that the key has Apple Push Notifications service enabled, and this machine's clock.
        """

    static let environmentCaveat = """
        Note: APNs also answers BadDeviceToken for a token of the other environment, and \
        DeviceTokenNotForTopic for the wrong --topic: check --sandbox/--production and --topic \
        before deleting tokens.
        """

    func finish() {
        lock.withLock { finishLocked() }
    }

    /// What lost answers mean for the devices; empty when no answer was lost.
    private var lostAnswersNote: [String] {
        var lines: [String] = []
        if possiblyDuplicated > 0 {
            lines.append(
                "\(possiblyDuplicated) notification\(possiblyDuplicated == 1 ? "" : "s") may have reached APNs more than once (an answer was "
                    + "lost and it went again); each copy carried the same apns-collapse-id, so a copy the user has not seen yet is replaced, not doubled.")
        }
        if failedButPossiblyDelivered > 0 {
            lines.append(
                "\(failedButPossiblyDelivered) of the failed may have been delivered all the same: the request went out whole and its answer was lost.")
        }
        return lines
    }

    private func writeProgress() {
        FileHandle.standardError.write(Data("\r\(finished) sent, \(finished - delivered) failed".utf8))
    }

    private func finishLocked() {
        let total = finished
        if progressShown {
            writeProgress()  // the final count
            FileHandle.standardError.write(Data("\n".utf8))
        }
        guard !json else { return }
        if total == 1 {
            if let lastDelivery {
                printText("Accepted for \(lastDelivery.token) by \(destination): apns-id \(lastDelivery.apnsID ?? "-") (APNs delivers it when the device is reachable).")
            } else if let lastFailure {
                printText("Failed for \(lastFailure.token): \(lastFailure.headline)")
                if lastFailure.deleteToken { print("Delete this token from your backend: APNs will not deliver to it.") }
                if mayBeWrongEnvironment { print(Self.environmentCaveat) }
                if credentialsRefused { print(Self.credentialsCaveat) }
            }
            lostAnswersNote.forEach { print($0) }
            return
        }
        print("Sent \(delivered) of \(total) notifications to \(destination).")
        if !failures.isEmpty {
            print("Failed: \(total - delivered)")
            for (name, count) in failures.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
                printText("  \(count) \(name)")
            }
        }
        if !tokensToDelete.isEmpty {
            print(
                tokensToDelete.count == 1
                    ? "Delete this token from your backend (APNs will not deliver to it):"
                    : "Delete these \(tokensToDelete.count) tokens from your backend (APNs will not deliver to them):")
            for token in tokensToDelete { print("  \(token)") }
        }
        if mayBeWrongEnvironment {
            print(Self.environmentCaveat)
        }
        if credentialsRefused { print(Self.credentialsCaveat) }
        lostAnswersNote.forEach { print($0) }
    }
}
