import AsyncHTTPClient
import Foundation
@_spi(HeraldTools) import HeraldCore
import HeraldSending
import Logging

/// Creates OneSignal notifications over OneSignal's REST API (`POST /notifications`), with a
/// deadline on every request and retries that can never send twice.
///
/// ```swift
/// let client = OneSignalClient(apiKey: try OneSignalClient.apiKey(fromEnvironment: ProcessInfo.processInfo.environment))
/// let notification = OneSignalNotification(outgoing, appID: appID, targeting: .externalIDs(["user-2210"]))
/// let delivery = try await client.send(notification)
/// ```
///
/// Retries: a 429, a 5xx, a failed connection and a timeout are tried again, up to the
/// ``retryPolicy``'s attempts, waiting as it says (a server's `Retry-After` is honoured). Every
/// attempt carries the notification's idempotency key, so OneSignal creates the notification
/// at most once, even when an attempt that timed out had in fact been taken: the repeat is
/// answered with the first one's id and `Idempotent-Replayed: true`. A `Retry-After` longer
/// than the policy's ``RetryPolicy/maximumDelay`` is not waited out: ``send(_:)`` fails at once
/// with the error, whose ``OneSignalError/retryAfter`` says when OneSignal will take it.
///
/// The REST API key is sent as `Authorization: Key <key>` and appears nowhere else: not in
/// ``description``, `dump`, or any ``OneSignalError`` (the client scrubs it from what the server
/// or the transport said). Read it with ``apiKey(fromEnvironment:)``; never take it on a
/// command line, where `ps` and shell history show it.
public struct OneSignalClient: Sendable {
    /// OneSignal's create-notification endpoint.
    public static let defaultEndpoint = URL(string: "https://api.onesignal.com/notifications")!
    /// The environment variable ``apiKey(fromEnvironment:)`` reads.
    public static let apiKeyEnvironmentVariable = "HERALD_ONESIGNAL_API_KEY"

    /// Where notifications are posted.
    public let endpoint: URL
    /// How often and how far apart failed attempts are repeated.
    public let retryPolicy: RetryPolicy
    /// How long one attempt may take, from connecting to the last byte of the answer.
    public let timeout: Duration

    private let apiKey: String
    private let httpClient: HTTPClient
    private let sleep: @Sendable (Duration) async throws -> Void
    private let logger: Logger

    /// - Parameters:
    ///   - apiKey: the app's REST API key; kept out of every description and error.
    ///   - endpoint: where to post; default ``defaultEndpoint``. A test points it at a stand-in.
    ///   - httpClient: the client to send with; default `HTTPClient.shared`. The caller owns its
    ///     lifecycle: this type never shuts it down.
    ///   - retryPolicy: the attempts and the waits between them; default ``RetryPolicy/init(maximumAttempts:initialDelay:maximumDelay:)``'s.
    ///   - timeout: how long one attempt may take; default 30 s. Longer than a day counts as a
    ///     day.
    ///   - clock: what waits between attempts sleep on; default `ContinuousClock`. The timeout
    ///     is always measured in real time, as the connection's own timers are.
    ///   - logger: where each retry is noted with its reason and idempotency key (debug); never
    ///     the API key or the notification's content. Nothing by default.
    public init(
        apiKey: String,
        endpoint: URL = OneSignalClient.defaultEndpoint,
        httpClient: HTTPClient = .shared,
        retryPolicy: RetryPolicy = RetryPolicy(),
        timeout: Duration = .seconds(30),
        clock: some Clock<Duration> = ContinuousClock(),
        logger: Logger = Logger(label: "herald.onesignal", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
        self.logger = logger
        self.apiKey = apiKey
        self.endpoint = endpoint
        self.httpClient = httpClient
        self.retryPolicy = retryPolicy
        self.timeout = timeout
        self.sleep = { try await clock.sleep(for: $0.clampedToLongestWait) }
    }

    /// Reads the REST API key from the environment variable ``apiKeyEnvironmentVariable``
    /// (`HERALD_ONESIGNAL_API_KEY`), without surrounding white space.
    ///
    /// - Parameter environment: the environment, usually `ProcessInfo.processInfo.environment`.
    /// - Returns: the key.
    /// - Throws: ``OneSignalError`` with ``OneSignalError/Code/missingAPIKey`` when the variable
    ///   is unset or blank.
    public static func apiKey(fromEnvironment environment: [String: String]) throws(OneSignalError) -> String {
        guard let value = environment[apiKeyEnvironmentVariable] else {
            throw OneSignalError(.missingAPIKey, "\(apiKeyEnvironmentVariable) is not set: export the app's REST API key in it")
        }
        let key = value.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !key.isEmpty else {
            throw OneSignalError(.missingAPIKey, "\(apiKeyEnvironmentVariable) is empty: export the app's REST API key in it")
        }
        return key
    }

    /// Checks that requests can go to `endpoint` and that the API key they carry stays private.
    ///
    /// Plain `http` is allowed only to a loopback host (`localhost`, `127.0.0.0/8`, `::1`),
    /// where a local test server listens; anywhere else the `Authorization` header would cross
    /// the network in cleartext. A port outside 1...65535 is refused too (AsyncHTTPClient
    /// traps on one).
    ///
    /// - Parameter endpoint: the URL requests are posted to.
    /// - Throws: ``OneSignalError`` with ``OneSignalError/Code/invalidEndpoint`` saying what is
    ///   refused and why.
    public static func validate(endpoint: URL) throws(OneSignalError) {
        if let port = endpoint.port, !(1...65535).contains(port) {
            throw OneSignalError(.invalidEndpoint, "\(endpoint.absoluteString): port \(port) is out of range (1 to 65535)")
        }
        let host = (endpoint.host ?? "").lowercased()
        guard endpoint.scheme?.lowercased() == "http", !endpoint.hasLoopbackHost else { return }
        throw OneSignalError(
            .invalidEndpoint,
            "\(endpoint.absoluteString) is refused: plain http would send the REST API key to \(host.isEmpty ? "it" : host) in cleartext; use https, or http only to a loopback address (localhost, 127.0.0.1, ::1) for a local test server")
    }

    /// Validates and sends a notification, retrying as ``retryPolicy`` allows.
    ///
    /// - Parameter notification: the request; its idempotency key is sent with every attempt.
    /// - Returns: the created notification's id, with OneSignal's notes on skipped targets.
    /// - Throws: ``OneSignalError``: a validation code from ``OneSignalNotification/validate()``
    ///   or ``validate(endpoint:)`` before anything is sent; ``OneSignalError/Code/notSent``,
    ///   ``OneSignalError/Code/unauthorized``, ``OneSignalError/Code/rejected`` or
    ///   ``OneSignalError/Code/malformedResponse`` at once; ``OneSignalError/Code/rateLimited``,
    ///   ``OneSignalError/Code/serverError``, ``OneSignalError/Code/transport`` or
    ///   ``OneSignalError/Code/timedOut`` when the last attempt failed so;
    ///   ``OneSignalError/Code/cancelled`` when the task is cancelled.
    public func send(_ notification: OneSignalNotification) async throws(OneSignalError) -> OneSignalDelivery {
        try notification.validate()
        try OneSignalClient.validate(endpoint: endpoint)
        let body = notification.bodyData()
        var generator = SystemRandomNumberGenerator()
        var attempt = 0
        while true {
            attempt += 1
            var failure: OneSignalError
            switch await attemptOnce(body, idempotencyKey: notification.idempotencyKey) {
            case .success(var delivery):
                delivery.attempts = attempt
                return delivery
            case .failure(let error):
                failure = error.redacting(apiKey)
            }
            failure.attempts = attempt
            guard failure.isRetryable,
                let wait = retryPolicy.delay(after: attempt, retryAfter: failure.retryAfter, using: &generator)
            else { throw failure }
            if let retryAfter = failure.retryAfter, retryAfter > retryPolicy.maximumDelay {
                failure.message += "; OneSignal asked to wait \(retryAfter), longer than the retry policy's \(retryPolicy.maximumDelay)"
                throw failure
            }
            logger.debug(
                "retrying",
                metadata: [
                    "onesignal.idempotency-key": "\(notification.idempotencyKey.uuidString.lowercased())", "onesignal.attempt": "\(attempt)",
                    "onesignal.retry.delay-ms": "\(Int(wait / .milliseconds(1)))", "onesignal.retry.reason": "\(failure)",
                ])
            do {
                try await sleep(wait)
            } catch {
                throw OneSignalError(.cancelled, "cancelled while waiting to retry", attempts: attempt)
            }
        }
    }

    /// One request and its answer, interpreted.
    private func attemptOnce(_ body: Data, idempotencyKey: UUID) async -> Result<OneSignalDelivery, OneSignalError> {
        if Task.isCancelled { return .failure(OneSignalError(.cancelled, "cancelled before sending")) }
        do {
            let response = try await OneSignalTransport(httpClient: httpClient, endpoint: endpoint, timeout: timeout)
                .post(body, authorization: "Key \(apiKey)")
            return response.interpret(idempotencyKey: idempotencyKey, receivedAt: Date())
        } catch {
            return .failure(error)
        }
    }
}

extension OneSignalClient: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The endpoint and settings; the API key as `<redacted>`.
    public var description: String {
        "OneSignalClient(endpoint: \(endpoint.absoluteString), apiKey: <redacted>, retryPolicy: \(retryPolicy.maximumAttempts) attempts, timeout: \(timeout))"
    }

    /// The same as ``description``: the key is not shown to a debugger either.
    public var debugDescription: String { description }

    /// What `dump` and debuggers show: the settings, and the API key as `<redacted>`.
    public var customMirror: Mirror {
        Mirror(self, children: ["endpoint": endpoint, "apiKey": "<redacted>", "retryPolicy": retryPolicy, "timeout": timeout])
    }
}
