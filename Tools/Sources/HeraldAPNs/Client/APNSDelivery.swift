import Foundation

/// What happened to one notification for one device: delivered to APNs, or failed and why.
///
/// A batch yields exactly one delivery per device token.
public struct APNSDelivery: Hashable, Sendable {
    /// Accepted by APNs, or refused.
    public enum Outcome: Hashable, Sendable {
        /// APNs accepted it; the id is the `apns-id` it was sent and accepted with.
        case delivered(apnsID: UUID)
        /// It was not accepted, after the retries the policy allows.
        case failed(APNSFailure)
    }

    public var deviceToken: DeviceToken
    public var outcome: Outcome
    /// How many attempts were made, the first included: 0 when it was refused before sending.
    /// An attempt that could not connect counts, one that went again at once on another
    /// connection because the first could not send it does not.
    public var attempts: Int
    /// The attempts (1-based) that may have been delivered although no answer said so: the
    /// request went out whole and its answer was lost (deadline, reset, closed connection).
    /// When a later attempt went too, the device may have received it more than once, and
    /// ``collapseID`` is what makes the phone show it once.
    public var possiblyDeliveredAttempts: [Int]
    /// The `apns-collapse-id` it was sent with: the caller's, or its `apns-id` (see
    /// ``APNSClient/Configuration/collapsesResends``).
    public var collapseID: String?

    /// - Parameters: see the properties.
    public init(deviceToken: DeviceToken, outcome: Outcome, attempts: Int, possiblyDeliveredAttempts: [Int] = [], collapseID: String? = nil) {
        self.deviceToken = deviceToken
        self.outcome = outcome
        self.attempts = attempts
        self.possiblyDeliveredAttempts = possiblyDeliveredAttempts
        self.collapseID = collapseID
    }

    /// How many more copies than one APNs may have taken: the possibly delivered attempts and
    /// the delivered one, less one. With a collapse id the phone shows one all the same.
    public var possibleDuplicates: Int {
        let copies = possiblyDeliveredAttempts.count + (isDelivered ? 1 : 0)
        return max(copies - 1, 0)
    }

    /// Whether APNs accepted it.
    public var isDelivered: Bool {
        if case .delivered = outcome { return true }
        return false
    }

    /// The failure, when it failed.
    public var failure: APNSFailure? {
        if case .failed(let failure) = outcome { return failure }
        return nil
    }
}
