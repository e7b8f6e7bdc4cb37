import Foundation
import Logging
import NIOConcurrencyHelpers

/// The one provider token every connection of a client shares, renewed on schedule.
///
/// APNs refuses a token older than an hour (`ExpiredProviderToken`) and one renewed more often
/// than every 20 minutes (`TooManyProviderTokenUpdates`). The cache renews after
/// ``refreshInterval`` (default 50 minutes, kept within 20...60), and at once when APNs says
/// the token it was given expired, but only once per token however many requests report it.
///
/// A lock, not an actor: every attempt asks for the token, and a hop to an actor and back per
/// notification cost more than the lookup (the rare signing happens under the lock).
public final class ProviderTokenCache: Sendable {
    /// The shortest refresh interval APNs tolerates.
    public static let minimumRefreshInterval: Duration = .seconds(20 * 60)
    /// The longest: a token must be renewed within the hour APNs accepts it.
    public static let maximumRefreshInterval: Duration = .seconds(60 * 60)

    private struct Token {
        var value: String
        var issuedAt: Date
    }

    private let key: APNSSigningKey
    /// How long a token is used before a new one is made.
    public let refreshInterval: Duration
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let token = NIOLockedValueBox<Token?>(nil)

    /// - Parameters:
    ///   - key: the signing key.
    ///   - refreshInterval: how long a token is used; clamped to 20...60 minutes; default 50.
    ///   - now: the wall clock (`iat` is wall time); injected so tests control it.
    ///   - logger: where each new token is noted (debug: key id and issue time, never the token).
    public init(
        key: APNSSigningKey, refreshInterval: Duration = .seconds(50 * 60), now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "herald.apns", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.key = key
        self.logger = logger
        self.refreshInterval = min(max(refreshInterval, Self.minimumRefreshInterval), Self.maximumRefreshInterval)
        self.now = now
    }

    /// The token to send now: the current one, or a new one when it is due.
    public func current() -> String {
        let now = now()
        return token.withLockedValue { token in
            if let token, now.timeIntervalSince(token.issuedAt) < Self.seconds(refreshInterval), now >= token.issuedAt {
                return token.value
            }
            let issuedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
            let value = APNSProviderToken.make(key: key, issuedAt: issuedAt)
            let reason = token == nil ? "first or expired" : "due"
            token = Token(value: value, issuedAt: issuedAt)
            logger.debug(
                "new provider token",
                metadata: ["apns.key-id": "\(key.keyID)", "apns.token.iat": "\(Int64(issuedAt.timeIntervalSince1970))", "apns.token.why": "\(reason)"])
            return value
        }
    }

    /// APNs answered `ExpiredProviderToken` to a request sent with `rejected`: the next
    /// ``current()`` makes a new token, unless one was already made since.
    public func expire(_ rejected: String) {
        token.withLockedValue { token in
            if token?.value == rejected { token = nil }
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        TimeInterval(duration.components.seconds) + TimeInterval(duration.components.attoseconds) / 1e18
    }
}
