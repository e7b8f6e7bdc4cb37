import Foundation

/// One notification's attempts so far, as ``APNSClient`` retries it: the request it sends each
/// time, how many attempts went out, which of them may have been delivered, and the last failure.
struct APNSAttempts: Sendable {
    /// The request with its `apns-id` (and collapse id) fixed for every attempt.
    let request: APNSRequest
    /// How many attempts were made.
    var count = 0
    /// The attempts whose answer was lost after they went out whole.
    var possiblyDelivered: [Int] = []
    /// Why the last attempt failed, once one did.
    var lastFailure: APNSFailure?

    /// - Parameter request: the request, with its `apns-id` set.
    init(_ request: APNSRequest) {
        self.request = request
    }

    /// The notification's `apns-id`.
    var apnsID: UUID { request.apnsID! }

    /// The notification's delivery, with `outcome`.
    func delivery(_ outcome: APNSDelivery.Outcome) -> APNSDelivery {
        APNSDelivery(
            deviceToken: request.deviceToken, outcome: outcome, attempts: count, possiblyDeliveredAttempts: possiblyDelivered,
            collapseID: request.collapseID)
    }
}
