import Foundation
import HeraldCore
import NIOCore
import NIOSSL

/// Sends notifications to APNs over HTTP/2 with token authentication.
///
/// - One provider token, shared by every connection, renewed by ``ProviderTokenCache``.
/// - Every request has a deadline (``Configuration/requestTimeout``).
/// - Retries follow the reference: 5xx and 429 with exponential back-off and jitter (a
///   server's `Retry-After` wins), `ExpiredProviderToken` with a new token, never Apple's
///   permanent failures; a transport failure (connection closed, GOAWAY, deadline) is retried
///   like a 5xx. Each notification keeps one `apns-id` across its attempts.
/// - ``send(_:to:onDelivery:)`` and ``send(_:to:)`` take any number of device tokens and give
///   exactly one ``APNSDelivery`` per token, with at most ``Configuration/maximumConcurrentRequests`` in
///   flight; HTTP/2 streams beyond the server's `SETTINGS_MAX_CONCURRENT_STREAMS` wait in the
///   connection until one closes.
/// - It speaks HTTP/2 through swift-nio-http2 directly, a request's HEADERS and DATA in one
///   write and many requests per flush (see `APNSStreamHandler`): AsyncHTTPClient, which it
///   first used, writes three TLS records per request, and sent 2.7 times slower than h2load
///   against the same server (docs/benchmarks.md).
///
/// Call ``shutdown()`` when done.
public final class APNSClient: Sendable {
    /// How the client connects, waits and retries.
    public struct Configuration: Sendable {
        /// Where to send.
        public var endpoint: APNSEndpoint
        /// The deadline of each attempt, from sending to the whole answer. Longer than a day
        /// counts as a day; zero or less fails each attempt at once.
        public var requestTimeout: Duration
        /// How many notifications a batch (``APNSClient/send(_:to:onDelivery:)``,
        /// ``APNSClient/send(_:to:)``) has in flight at once.
        public var maximumConcurrentRequests: Int
        /// How many HTTP/2 connections requests are spread over, in turn. Each is one stream
        /// limit and one event-loop thread; APNs recommends several connections for high volume.
        public var connections: Int
        /// How often, and after how long, failed attempts are repeated.
        public var retry: RetryPolicy
        /// How long a provider token is used (kept within 20...60 minutes).
        public var tokenRefreshInterval: Duration
        /// A PEM file of certificates to trust instead of the system's: for a local server
        /// such as `herald apns-emulator --ca-out`.
        public var trustedCertificatesFile: URL?

        /// - Parameters: see the properties; defaults: production, 10 s, 100 in flight over 2
        ///   connections, the default ``RetryPolicy``, 50 minutes, the system's trust store.
        public init(
            endpoint: APNSEndpoint = .production, requestTimeout: Duration = .seconds(10), maximumConcurrentRequests: Int = 100,
            connections: Int = 2, retry: RetryPolicy = RetryPolicy(), tokenRefreshInterval: Duration = .seconds(50 * 60),
            trustedCertificatesFile: URL? = nil
        ) {
            self.endpoint = endpoint
            self.requestTimeout = requestTimeout
            self.maximumConcurrentRequests = maximumConcurrentRequests
            self.connections = connections
            self.retry = retry
            self.tokenRefreshInterval = tokenRefreshInterval
            self.trustedCertificatesFile = trustedCertificatesFile
        }
    }

    /// The largest answer body read; APNs's are a few dozen bytes. (Below a stream's 64 KB
    /// window, so a larger one is caught as it arrives rather than stalling the stream.)
    static let maximumResponseBodyByteCount = 8 * 1024

    public let configuration: Configuration
    private let connections: APNSConnectionPool
    private let tokens: ProviderTokenCache
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> Date

    /// - Parameters:
    ///   - configuration: endpoint, deadlines, retries.
    ///   - key: the `.p8` signing key with its key id and team id.
    ///   - clock: what back-off waits on; a test clock makes them instant.
    ///   - now: the wall clock for provider tokens and `Retry-After` dates.
    /// - Throws: ``APNSCredentialError`` when ``Configuration/trustedCertificatesFile`` cannot
    ///   be read as PEM certificates.
    public init(
        configuration: Configuration, key: APNSSigningKey, clock: some Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) throws(APNSCredentialError) {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.applicationProtocols = ["h2"]
        if let file = configuration.trustedCertificatesFile {
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(file.path))
            } catch {
                throw APNSCredentialError("cannot read trusted certificates from \(file.path): \(error)")
            }
        }
        let context: NIOSSLContext
        do {
            context = try NIOSSLContext(configuration: tls)
        } catch {
            throw APNSCredentialError("cannot set up TLS: \(error)")
        }
        self.configuration = configuration
        self.connections = APNSConnectionPool(
            endpoint: configuration.endpoint, tls: context, connections: configuration.connections,
            maximumBodyByteCount: Self.maximumResponseBodyByteCount)
        self.tokens = ProviderTokenCache(key: key, refreshInterval: configuration.tokenRefreshInterval, now: now)
        self.sleep = { duration in try await clock.sleep(for: duration.clampedToLongestWait) }
        self.now = now
    }

    /// Closes the connections. Notifications waiting for an answer fail, and sending afterwards fails.
    public func shutdown() async throws {
        await connections.shutdown()
    }

    /// Sends one notification, retrying as the policy allows.
    ///
    /// - Parameter request: the notification and its device token.
    /// - Returns: delivered with its `apns-id`, or failed with status, reason and whether to
    ///   delete the token. A request that breaks APNs's rules fails without being sent.
    public func send(_ request: APNSRequest) async -> APNSDelivery {
        do {
            try request.validate()
        } catch {
            return Self.refused(request.deviceToken, error)
        }
        return await send(validated: request)
    }

    private static func refused(_ token: DeviceToken, _ error: APNSRequestError) -> APNSDelivery {
        APNSDelivery(deviceToken: token, outcome: .failed(APNSFailure(status: nil, reason: error.reason, message: "not sent: \(error.message)")), attempts: 0)
    }

    /// Sends a request that passed ``APNSRequest/validate()``.
    private func send(validated request: APNSRequest) async -> APNSDelivery {
        var request = request
        var generator = SystemRandomNumberGenerator()
        // Random bytes from the generator: Foundation's UUID() opens /dev/urandom each time on Linux.
        let apnsID = request.apnsID ?? UUID.version4(using: &generator)
        request.apnsID = apnsID
        var attempt = 0
        while true {
            attempt += 1
            let token = tokens.current()
            var failure: APNSFailure
            let decision: APNSRetryDecision
            do {
                let (response, retryAfter) = try await perform(request, token: token)
                decision = APNSRetryDecision(response, retryAfter: retryAfter)
                if decision == .delivered {
                    return APNSDelivery(deviceToken: request.deviceToken, outcome: .delivered(apnsID: response.apnsID ?? apnsID), attempts: attempt)
                }
                failure = APNSFailure(
                    status: response.status, reason: response.reason, message: Self.explain(response), timestamp: response.timestamp)
            } catch {
                decision = Self.isWorthRetrying(error) ? .retryAfterBackOff(retryAfter: nil) : .permanent
                failure = APNSFailure(status: nil, reason: nil, message: "no answer: \(error)")
            }
            let delay: Duration?
            switch decision {
            case .delivered, .permanent:
                delay = nil
            case .renewTokenAndRetry:
                tokens.expire(token)
                delay = attempt < configuration.retry.maximumAttempts ? .zero : nil
            case .retryAfterBackOff(let retryAfter?) where retryAfter > configuration.retry.maximumDelay:
                // A wait longer than the policy allows is not slept out: the caller hears when to come back.
                failure.message += "; APNs asked to wait \(retryAfter.components.seconds) s, more than the retry policy's maximum"
                delay = nil
            case .retryAfterBackOff(let retryAfter):
                delay = configuration.retry.delay(after: attempt, retryAfter: retryAfter, using: &generator)
            }
            guard let delay, !Task.isCancelled else {
                return APNSDelivery(deviceToken: request.deviceToken, outcome: .failed(failure), attempts: attempt)
            }
            if delay > .zero {
                do {
                    try await sleep(delay)
                } catch {
                    return APNSDelivery(deviceToken: request.deviceToken, outcome: .failed(failure), attempts: attempt)
                }
            }
        }
    }

    /// Sends one notification to many devices, handing each delivery to `onDelivery` as it comes.
    ///
    /// ``Configuration/maximumConcurrentRequests`` workers each take the next token, send it,
    /// and call `onDelivery` themselves: a delivery costs no task of its own and no hop to a
    /// consumer, which matters at tens of thousands a second.
    ///
    /// - Parameters:
    ///   - template: the notification; its device token is replaced by each of `tokens`.
    ///   - tokens: the devices, read lazily as workers free up; may be very long.
    ///   - onDelivery: called once per token, from several tasks at once; keep it quick.
    /// - Returns: when every token has had its delivery. When the calling task is cancelled,
    ///   tokens not yet taken are neither sent nor reported.
    public func send(
        _ template: APNSRequest, to tokens: some Sequence<DeviceToken> & Sendable, onDelivery: @escaping @Sendable (APNSDelivery) -> Void
    ) async {
        // The template is checked once; per device only the token changes, and a DeviceToken is
        // valid hex by construction.
        let templateError: APNSRequestError?
        do {
            try template.validate()
            templateError = nil
        } catch {
            templateError = error
        }
        let feed = DeviceTokenFeed(tokens)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, configuration.maximumConcurrentRequests) {
                group.addTask {
                    while !Task.isCancelled, let token = feed.next() {
                        if let templateError {
                            onDelivery(Self.refused(token, templateError))
                            continue
                        }
                        var request = template
                        request.deviceToken = token
                        request.apnsID = nil  // each device's notification gets its own id
                        onDelivery(await self.send(validated: request))
                    }
                }
            }
        }
    }

    /// Sends one notification to many devices; ``send(_:to:onDelivery:)`` as a stream.
    ///
    /// - Parameters:
    ///   - template: the notification; its device token is replaced by each of `tokens`.
    ///   - tokens: the devices, read lazily as workers free up; may be very long.
    /// - Returns: one delivery per token, in the order they finish. The stream ends when every
    ///   token has its delivery; ending iteration early cancels what is left.
    public func send(_ template: APNSRequest, to tokens: some Sequence<DeviceToken> & Sendable) -> AsyncStream<APNSDelivery> {
        AsyncStream { continuation in
            let work = Task {
                await send(template, to: tokens) { continuation.yield($0) }
                continuation.finish()
            }
            continuation.onTermination = { _ in work.cancel() }
        }
    }

    private func perform(_ request: APNSRequest, token: String) async throws -> (APNSResponse, Duration?) {
        let wire = request.wireRequest(authorization: token)
        let answer = try await connections.send(wire, timeout: TimeAmount(configuration.requestTimeout.clampedToLongestWait))
        let retryAfter = answer.headers.first(named: "retry-after").flatMap { RetryPolicy.retryAfter($0, now: now()) }
        return (APNSResponse(wire: answer), retryAfter)
    }

    /// Whether an attempt that got no whole answer may go again: not after shutdown(), when
    /// nothing can be sent, and not when the server answered more than any APNs answer.
    private static func isWorthRetrying(_ error: any Error) -> Bool {
        switch error as? APNSTransportError {
        case .shutDown, .responseTooLarge: false
        default: true
        }
    }

    private static func explain(_ response: APNSResponse) -> String {
        guard let reason = response.reason else { return "APNs answered \(response.status) without a reason" }
        if let timestamp = response.timestamp {
            return "\(reason.rawValue): the token is invalid since \(timestamp.formatted(.iso8601))"
        }
        return reason.rawValue
    }
}
