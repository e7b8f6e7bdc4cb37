import Foundation
import HeraldEnrichment

/// A notification center for tests: the notifications it shows, and removal that takes effect
/// when the test says, so that the remover's reading until they are gone can be seen both ways.
///
/// Honest by construction: it shows what the test delivered minus what removal took away, and
/// records every call; it never answers what the test then expects.
final class ScriptedCenter: DeliveredNotificationCenter, @unchecked Sendable {
    /// When a removal shows in the list.
    enum RemovalTiming {
        /// In the next read.
        case atOnce
        /// After this many reads that still show the notifications.
        case afterReads(Int)
        /// Never: the notifications stay listed.
        case never
    }

    // @unchecked: every var is touched only while `lock` is held.
    private let lock = NSLock()
    private var shown: [DeliveredNotification]
    private var pending: [(identifiers: Set<String>, readsLeft: Int)] = []
    private let timing: RemovalTiming
    private let readsHang: Bool
    private(set) var removals: [[String]] = []
    private(set) var reads = 0

    /// - Parameters:
    ///   - shown: the notifications shown at first.
    ///   - timing: when a removal shows in the list.
    ///   - readsHang: whether reading the list never answers (until cancelled).
    init(_ shown: [DeliveredNotification], timing: RemovalTiming = .atOnce, readsHang: Bool = false) {
        self.shown = shown
        self.timing = timing
        self.readsHang = readsHang
    }

    /// The request identifiers shown now.
    var shownIdentifiers: [String] { lock.withLock { shown.map(\.requestIdentifier) } }

    var removalCalls: [[String]] { lock.withLock { removals } }
    var readCount: Int { lock.withLock { reads } }

    func delivered() async -> [DeliveredNotification] {
        if readsHang {
            try? await Task.sleep(for: .seconds(86_400))  // Returns early when cancelled.
            return []
        }
        return lock.withLock {
            reads += 1
            pending = pending.compactMap { removal in
                guard removal.readsLeft > 0 else {
                    shown.removeAll { removal.identifiers.contains($0.requestIdentifier) }
                    return nil
                }
                return (removal.identifiers, removal.readsLeft - 1)
            }
            return shown
        }
    }

    func removeDelivered(withIdentifiers identifiers: [String]) {
        lock.withLock {
            removals.append(identifiers)
            switch timing {
            case .atOnce: pending.append((Set(identifiers), 0))
            case .afterReads(let count): pending.append((Set(identifiers), count))
            case .never: break
            }
        }
    }
}

extension DeliveredNotification {
    /// A notification Herald delivered for message `message` of conversation `conversation`.
    static func herald(_ request: String, message: String?, conversation: String?) -> DeliveredNotification {
        var record: [String: Any] = [:]
        if let message { record["message_ids"] = [message] }
        if let conversation { record["conversation_id"] = conversation }
        return DeliveredNotification(requestIdentifier: request, threadIdentifier: "", userInfo: [DeliveredNotification.recordKey: record])
    }
}
