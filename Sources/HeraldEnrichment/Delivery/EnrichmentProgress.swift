import Foundation
import HeraldCore

/// The best content a notification has reached so far, shared between the running pipeline
/// and whoever must deliver early (expiry).
///
/// The pipeline publishes each stage as it completes; ``snapshot(because:)`` returns the latest,
/// with every download still in flight marked timed out. One per notification.
public final class EnrichmentProgress: @unchecked Sendable {
    // @unchecked: every stored property is read and written only while `lock` is held.
    private let lock = NSLock()
    private var current: EnrichedNotification?
    private var pendingAvatars: Set<AvatarSlot> = []
    private var pendingAttachments: Set<Int> = []

    /// An empty progress: ``latest`` and ``snapshot(because:)`` are `nil` until the pipeline
    /// publishes its first stage.
    public init() {}

    /// The latest stage reached, as published (no pending downloads marked).
    public var latest: EnrichedNotification? {
        lock.withLock { current }
    }

    func publish(_ notification: EnrichedNotification, pendingAvatars: Set<AvatarSlot> = [], pendingAttachments: Set<Int> = []) {
        lock.withLock {
            current = notification
            self.pendingAvatars = pendingAvatars
            self.pendingAttachments = pendingAttachments
        }
    }

    func finishAvatar(_ slot: AvatarSlot, _ result: AvatarResult, decisions: [Decision]) {
        lock.withLock {
            guard pendingAvatars.remove(slot) != nil else { return }
            current?[avatar: slot] = result
            current?.decisions += decisions
        }
    }

    func finishAttachment(at index: Int, _ result: AttachmentResult, decisions: [Decision]) {
        lock.withLock {
            guard pendingAttachments.remove(index) != nil, let count = current?.attachments.count, index < count else { return }
            current?.attachments[index] = result
            current?.decisions += decisions
        }
    }

    /// Changes the latest stage with what was done beside the stages (a removal, the count).
    func update(_ change: (inout EnrichedNotification) -> Void) {
        lock.withLock {
            guard var notification = current else { return }
            change(&notification)
            current = notification
        }
    }

    /// Marks the pipeline complete and returns the final value.
    func complete() -> EnrichedNotification? {
        lock.withLock {
            current?.stage = .complete
            return current
        }
    }

    /// The best content so far: the latest stage, with downloads still running marked timed
    /// out (their late results are ignored from here on) and a decision saying why.
    ///
    /// - Parameter reason: why delivery cannot wait, such as "the extension's time expired".
    /// - Returns: `nil` only before the pipeline published anything.
    public func snapshot(because reason: String) -> EnrichedNotification? {
        lock.withLock {
            guard var notification = current else { return nil }
            for slot in AvatarSlot.allCases where pendingAvatars.contains(slot) {
                notification[avatar: slot] = AvatarResult(status: .timedOut)
                notification.decisions.append(Decision(.avatarTimedOut, "\(slot.subject) still downloading when \(reason); delivered without it"))
            }
            for index in pendingAttachments.sorted() where index < notification.attachments.count {
                notification.attachments[index].status = .timedOut
                notification.decisions.append(Decision(.attachmentTimedOut, "attachment \(index + 1) still downloading when \(reason); delivered without it"))
            }
            notification.decisions.append(Decision(.expired, "delivered at stage \(notification.stage) because \(reason)"))
            pendingAvatars = []
            pendingAttachments = []
            current = notification
            return notification
        }
    }
}
