import Foundation

/// What the client does after one attempt: the retry rules of the reference, as a pure function.
enum APNSRetryDecision: Hashable, Sendable {
    /// Accepted: done.
    case delivered
    /// Send again after the policy's back-off, or after the server's `Retry-After`.
    case retryAfterBackOff(retryAfter: Duration?)
    /// The provider token expired: renew it and send again at once.
    case renewTokenAndRetry
    /// Never send this again (BadDeviceToken, Unregistered, PayloadTooLarge, ...).
    case permanent

    /// The decision for an answer.
    ///
    /// - 200: delivered.
    /// - 403 `ExpiredProviderToken`: renew the token, retry.
    /// - 429 (`TooManyRequests`, `TooManyProviderTokenUpdates`) and every 5xx: back off, retry.
    /// - Everything else, Apple's permanent failures among them: permanent.
    init(_ response: APNSResponse, retryAfter: Duration?) {
        switch response.status {
        case 200: self = .delivered
        case 403 where response.reason == .expiredProviderToken: self = .renewTokenAndRetry
        case 429, 500...599: self = .retryAfterBackOff(retryAfter: retryAfter)
        default: self = .permanent
        }
    }
}
