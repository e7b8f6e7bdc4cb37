import Foundation
@_spi(HeraldTools) import HeraldCore
import HeraldSending
import Logging
import NIOCore
import NIOSSL

/// Sends notifications to APNs over HTTP/2 with token authentication.
///
/// - One provider token, shared by every connection, renewed by ``ProviderTokenCache``.
/// - Every request has a deadline (``Configuration/requestTimeout``) that starts when it goes
///   out; waiting for a free stream before that has its own limit
///   (``Configuration/streamWaitTimeout``).
/// - Retries follow the reference: 5xx and 429 with exponential back-off and jitter (a
///   server's `Retry-After` wins), `ExpiredProviderToken` with a new token, never Apple's
///   permanent failures. Each notification keeps one `apns-id` across its attempts.
/// - Delivery is at least once, shown once. A request that never went out whole, or that
///   GOAWAY or REFUSED_STREAM says was not processed, goes again at once on another
///   connection. One whose answer was lost after it went out (deadline, reset, closed
///   connection) may have been delivered: it is retried like a 5xx, and counted in
///   ``APNSDelivery/possiblyDeliveredAttempts``. So that a second copy has nothing to show,
///   each notification without an `apns-collapse-id` gets its `apns-id` as one
///   (``Configuration/collapsesResends``): on the phone a resend replaces the first instead of
///   adding a second. Without a collapse id, a possibly delivered notification is not sent again.
/// - ``send(_:to:onDelivery:)`` and ``send(_:to:)`` take any number of device tokens and give
///   exactly one ``APNSDelivery`` per token, with at most ``Configuration/maximumConcurrentRequests`` in
///   flight; HTTP/2 streams beyond the server's `SETTINGS_MAX_CONCURRENT_STREAMS` wait in the
///   connection until one closes.
/// - It speaks the APNs subset of HTTP/2 itself on swift-nio and swift-nio-ssl, a request's
///   HEADERS and DATA in one write and many requests per flush (see `APNSStreamHandler`):
///   AsyncHTTPClient, which it first used, wrote three TLS records per request, and
///   swift-nio-http2's handler, which it used next, cost half its CPU (docs/benchmarks.md).
///
/// Call ``shutdown()`` when done.
public final class APNSClient: Sendable {
    /// How the client connects, waits and retries.
    public struct Configuration: Sendable {
        /// Where to send.
        public var endpoint: APNSEndpoint
        /// The deadline of each attempt, from when its HEADERS go out to the whole answer.
        /// Longer than a day counts as a day; zero or less fails each attempt at once.
        public var requestTimeout: Duration
        /// How long an attempt may wait in the client for a free HTTP/2 stream (the server's
        /// `SETTINGS_MAX_CONCURRENT_STREAMS` is reached on its connection) before it goes out.
        /// Such an attempt was never sent: it fails without a retry, since waiting again would
        /// not help; more ``connections`` or fewer ``maximumConcurrentRequests`` would. Opening
        /// a connection has its own limit (10 s for TCP, 10 s for TLS and SETTINGS). Longer
        /// than a day counts as a day.
        public var streamWaitTimeout: Duration
        /// How many notifications a batch (``APNSClient/send(_:to:onDelivery:)``,
        /// ``APNSClient/send(_:to:)``) has in flight at once.
        public var maximumConcurrentRequests: Int
        /// How many HTTP/2 connections requests are spread over, in turn (a batch's workers hand
        /// a connection all the requests they have ready at once, so a small batch may use
        /// fewer). Each is one stream limit and one event-loop thread; APNs recommends several
        /// connections for high volume.
        public var connections: Int
        /// How often, and after how long, failed attempts are repeated.
        public var retry: RetryPolicy
        /// How long a provider token is used (kept within 20...60 minutes).
        public var tokenRefreshInterval: Duration
        /// A PEM file of certificates to trust instead of the system's: for a local server
        /// such as `herald apns-emulator --ca-out`.
        public var trustedCertificatesFile: URL?
        /// Whether a notification sent without an `apns-collapse-id` gets its `apns-id` (in
        /// lowercase) as one, so that a resend after a lost answer replaces the first copy on
        /// the phone instead of showing twice. When false, such a notification is not sent
        /// again once it may have been delivered. Set ``APNSRequest/apnsID`` to a UUID derived
        /// from your own message id to also collapse your backend's own resends.
        public var collapsesResends: Bool

        /// - Parameters: see the properties; defaults: production, 10 s per attempt and 60 s
        ///   for a free stream, 100 in flight over 2 connections, the default ``RetryPolicy``,
        ///   50 minutes, the system's trust store, resends collapsed.
        public init(
            endpoint: APNSEndpoint = .production, requestTimeout: Duration = .seconds(10), streamWaitTimeout: Duration = .seconds(60),
            maximumConcurrentRequests: Int = 100, connections: Int = 2, retry: RetryPolicy = RetryPolicy(),
            tokenRefreshInterval: Duration = .seconds(50 * 60), trustedCertificatesFile: URL? = nil, collapsesResends: Bool = true
        ) {
            self.endpoint = endpoint
            self.requestTimeout = requestTimeout
            self.streamWaitTimeout = streamWaitTimeout
            self.maximumConcurrentRequests = maximumConcurrentRequests
            self.connections = connections
            self.retry = retry
            self.tokenRefreshInterval = tokenRefreshInterval
            self.trustedCertificatesFile = trustedCertificatesFile
            self.collapsesResends = collapsesResends
        }
    }

    /// The largest answer body read; APNs's are a few dozen bytes. (Below a stream's 64 KB
    /// window, so a larger one is caught as it arrives rather than stalling the stream.)
    static let maximumResponseBodyByteCount = 8 * 1024

    public let configuration: Configuration
    let connections: APNSConnectionPool
    let tokens: ProviderTokenCache
    private let sleep: @Sendable (Duration) async throws -> Void
    private let now: @Sendable () -> Date
    private let logger: Logger

    /// - Parameters:
    ///   - configuration: endpoint, deadlines, retries.
    ///   - key: the `.p8` signing key with its key id and team id.
    ///   - clock: what back-off waits on; a test clock makes them instant.
    ///   - now: the wall clock for provider tokens and `Retry-After` dates.
    ///   - logger: where the client notes, at debug level, connections opened, replaced and
    ///     presumed dead, GOAWAY, provider tokens made, and each retry with its reason. Never
    ///     a provider token, a payload or a device token: a notification is named by its
    ///     `apns-id`. Nothing by default.
    /// - Throws: ``APNSCredentialError`` when ``Configuration/trustedCertificatesFile`` cannot
    ///   be read as PEM certificates.
    public init(
        configuration: Configuration, key: APNSSigningKey, clock: some Clock<Duration> = ContinuousClock(),
        now: @escaping @Sendable () -> Date = { Date() }, logger: Logger = Logger(label: "herald.apns", factory: { _ in SwiftLogNoOpLogHandler() })
    ) throws(APNSCredentialError) {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.applicationProtocols = ["h2"]
        if let file = configuration.trustedCertificatesFile {
            do {
                tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(file.path))
            } catch {
                let why = FileManager.default.fileExists(atPath: file.path)
                    ? "it holds no PEM certificate (-----BEGIN CERTIFICATE-----); `herald apns-emulator --ca-out FILE` writes one"
                    : "no such file"
                throw APNSCredentialError("cannot read trusted certificates from \(file.path): \(why)")
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
            maximumBodyByteCount: Self.maximumResponseBodyByteCount, logger: logger)
        self.tokens = ProviderTokenCache(key: key, refreshInterval: configuration.tokenRefreshInterval, now: now, logger: logger)
        self.sleep = { duration in try await clock.sleep(for: duration.clampedToLongestWait) }
        self.now = now
        self.logger = logger
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
        APNSDelivery(deviceToken: token, outcome: .failed(APNSFailure(.invalidRequest(error), message: "not sent: \(error.message)")), attempts: 0)
    }

    /// Sends a request that passed ``APNSRequest/validate()``.
    private func send(validated request: APNSRequest) async -> APNSDelivery {
        var request = request
        var generator = SystemRandomNumberGenerator()
        prepare(&request, using: &generator)
        return await continueSending(APNSAttempts(request), after: .zero)
    }

    /// Makes the request what goes out on every attempt: with its `apns-id` (a random one unless
    /// the caller chose it) and, when resends collapse, that id as its `apns-collapse-id`.
    ///
    /// - Parameter generator: the randomness of a new `apns-id`; a batch draws it in bulk
    ///   (``BufferedSecureRandom``). Not Foundation's UUID(), which opens /dev/urandom each time on Linux.
    func prepare(_ request: inout APNSRequest, using generator: inout some RandomNumberGenerator) {
        let apnsID = request.apnsID ?? UUID.version4(using: &generator)
        request.apnsID = apnsID
        if configuration.collapsesResends, request.collapseID == nil { request.collapseID = apnsID.lowercasedText }
    }

    /// What comes after an attempt.
    enum Step {
        /// No more attempts: the notification's delivery.
        case finished(APNSDelivery)
        /// Another attempt, after the delay (zero: at once).
        case retry(after: Duration)
    }

    /// Decides what an attempt's outcome means, under the retry policy: delivered, failed for
    /// good, or another attempt after a delay. Every path of a notification goes through here,
    /// whoever made the attempt.
    ///
    /// - Parameters:
    ///   - attempts: the notification's attempts so far; this one is counted.
    ///   - outcome: the whole answer, or why there is none.
    ///   - token: the provider token the attempt carried; expired if APNs says so.
    func settle(_ attempts: inout APNSAttempts, _ outcome: Result<APNSWireResponse, APNSTransportError>, token: String) -> Step {
        attempts.count += 1
        let attempt = attempts.count
        var failure: APNSFailure
        let decision: APNSRetryDecision
        switch outcome {
        case .success(let answer):
            let response = APNSResponse(wire: answer)
            // Only a refusal can carry Retry-After; a 200 is not searched for it.
            let retryAfter = response.status == 200 ? nil : answer.headers.first(named: "retry-after").flatMap { RetryPolicy.retryAfter($0, now: now()) }
            decision = APNSRetryDecision(response, retryAfter: retryAfter)
            if decision == .delivered { return .finished(attempts.delivery(.delivered(apnsID: response.apnsID ?? attempts.apnsID))) }
            failure = APNSFailure(.answered(response), message: explain(response, answer: answer))
        case .failure(let error):
            failure = APNSFailure(.transport(error), message: (error.mayHaveBeenProcessed ? "no answer: " : "not sent: ") + "\(error)")
            if error.mayHaveBeenProcessed { attempts.possiblyDelivered.append(attempt) }
            if error.isPermanent {
                decision = .permanent
            } else if error.mayHaveBeenProcessed && attempts.request.collapseID == nil {
                failure.message += "; not sent again: it may have been delivered, and without apns-collapse-id a second copy would show twice"
                decision = .permanent
            } else {
                decision = .retryAfterBackOff(retryAfter: nil)
            }
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
            var generator = SystemRandomNumberGenerator()
            delay = configuration.retry.delay(after: attempt, retryAfter: retryAfter, using: &generator)
        }
        guard let delay, !Task.isCancelled else { return .finished(attempts.delivery(.failed(failure))) }
        attempts.lastFailure = failure
        logger.debug(
            "retrying",
            metadata: [
                "apns.id": "\(attempts.apnsID.lowercasedText)", "apns.attempt": "\(attempt)", "apns.retry.delay-ms": "\(Int(delay / .milliseconds(1)))",
                "apns.retry.reason": "\(failure)",
            ])
        return .retry(after: delay)
    }

    /// Waits out a retry's delay.
    ///
    /// - Returns: `nil` when the next attempt may go; the delivery, failed with the last
    ///   failure, when the wait was cancelled.
    private func wait(_ delay: Duration, for attempts: APNSAttempts) async -> APNSDelivery? {
        guard delay > .zero else { return nil }
        do {
            try await sleep(delay)
            return nil
        } catch {
            return attempts.delivery(.failed(attempts.lastFailure!))
        }
    }

    /// Makes the notification's attempts from now on, the first after `delay`, and returns its
    /// delivery. (A batch makes a notification's first attempt itself, and continues here only
    /// when ``settle(_:_:token:)`` says to retry.)
    func continueSending(_ attempts: APNSAttempts, after delay: Duration) async -> APNSDelivery {
        var attempts = attempts
        var delay = delay
        while true {
            if let delivery = await wait(delay, for: attempts) { return delivery }
            let token = tokens.current()
            let outcome: Result<APNSWireResponse, APNSTransportError>
            do {
                outcome = .success(try await connections.send(attempts.request.wireRequest(authorization: token), timeout: requestTimeout, streamWait: streamWait))
            } catch {
                outcome = .failure(error)
            }
            switch settle(&attempts, outcome, token: token) {
            case .finished(let delivery): return delivery
            case .retry(let next): delay = next
            }
        }
    }

    /// Each attempt's deadline, from when its HEADERS go out.
    var requestTimeout: TimeAmount { TimeAmount(configuration.requestTimeout.clampedToLongestWait) }
    /// How long an attempt may wait for a free stream.
    var streamWait: TimeAmount { TimeAmount(configuration.streamWaitTimeout.clampedToLongestWait) }

    /// Sends one notification to many devices, handing each delivery to `onDelivery` as it comes.
    ///
    /// One worker per connection keeps its share of ``Configuration/maximumConcurrentRequests``
    /// in flight: it takes tokens, hands their requests to a connection together, and calls
    /// `onDelivery` itself as outcomes arrive, all that arrived in one wake-up (see
    /// `APNSBatchMailbox`). A notification whose first attempt is not the last goes on in a task
    /// of its own, under the same rules as ``send(_:)``. So a delivery costs no task switch of
    /// its own and no hop to a consumer, which matters at tens of thousands a second.
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
        if let templateError {
            while !Task.isCancelled, let token = feed.next() { onDelivery(Self.refused(token, templateError)) }
            return
        }
        let inFlight = max(1, configuration.maximumConcurrentRequests)
        let workers = min(max(1, configuration.connections), inFlight)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                let window = inFlight / workers + (worker < inFlight % workers ? 1 : 0)
                group.addTask { await self.work(template, feed: feed, window: window, slot: worker, onDelivery: onDelivery) }
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

    /// The failure's message. APNs gives every refusal a JSON reason; an answer without one
    /// comes from a server that is not APNs (a proxy, a wrong --endpoint), and its own body,
    /// shortened, says which.
    private func explain(_ response: APNSResponse, answer: APNSWireResponse) -> String {
        guard let reason = response.reason else {
            let server = configuration.endpoint.url.host ?? configuration.endpoint.url.absoluteString
            let type = answer.headers.first(named: "content-type")?.split(separator: ";").first.map(String.init)
            guard !answer.body.isEmpty else { return "\(server) answered \(response.status) with no APNs reason and an empty body: it does not answer as APNs does" }
            let text = String(decoding: answer.body.prefix(Self.excerptBytes), as: UTF8.self).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            let cut = answer.body.count > Self.excerptBytes ? "…" : ""
            return "\(server) answered \(response.status) with no APNs reason: it does not answer as APNs does (its \(type ?? "untyped") body: \"\(text)\(cut)\")"
        }
        if let timestamp = response.timestamp {
            return "\(reason.rawValue): the token is invalid since \(timestamp.formatted(.iso8601))"
        }
        return reason.rawValue
    }

    /// How much of a body without an APNs reason a failure quotes.
    private static let excerptBytes = 120
}
