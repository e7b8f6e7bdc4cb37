import Foundation
import HeraldCore

/// A notification OneSignal created: its id, and what OneSignal said about the targets.
public struct OneSignalDelivery: Hashable, Sendable {
    /// OneSignal's notification id (`id`), never empty.
    public var id: String
    /// The `external_id` OneSignal echoed, if any.
    public var externalID: String?
    /// OneSignal's `errors` as sent, when present: with a 200 they name targets that were
    /// skipped (`{"invalid_aliases": {"external_id": [...]}}`, `["All included players are not
    /// subscribed"]`), so a caller can prune them.
    public var errors: JSONValue?
    /// Whether OneSignal answered from an earlier request with the same idempotency key
    /// (`Idempotent-Replayed: true`): the notification was created then, not now.
    public var isIdempotentReplay: Bool
    /// The idempotency key every attempt carried.
    public var idempotencyKey: UUID
    /// How many requests it took, the first included.
    public var attempts: Int

    /// - Parameters: see the properties.
    public init(
        id: String, externalID: String? = nil, errors: JSONValue? = nil, isIdempotentReplay: Bool = false, idempotencyKey: UUID,
        attempts: Int = 1
    ) {
        self.id = id
        self.externalID = externalID
        self.errors = errors
        self.isIdempotentReplay = isIdempotentReplay
        self.idempotencyKey = idempotencyKey
        self.attempts = attempts
    }

    /// ``errors`` one line each, as ``OneSignalError/errors`` has them; empty when none.
    public var errorMessages: [String] { OneSignalResponse.messages(errors) }
}
