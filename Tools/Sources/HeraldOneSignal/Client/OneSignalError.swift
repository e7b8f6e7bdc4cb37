import Foundation

/// Why a OneSignal notification was not created: it was invalid before sending, OneSignal
/// refused it, or OneSignal could not be reached.
///
/// The ``code`` is what a caller branches on and tests compare; the ``message`` is one line for
/// a person. Neither ever holds the REST API key: the client removes it from anything the
/// server or the transport said before the error leaves it, so an error is safe to log.
public struct OneSignalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable name for the kind of failure.
    ///
    /// An open set, so a caller can add its own codes as static constants in an extension.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        // Before sending: the notification itself (see OneSignalNotification.validate()).
        /// The notification has no app id.
        public static let missingAppID = Code(rawValue: "missing-app-id")
        /// The targeting names no subscription or alias.
        public static let noTargets = Code(rawValue: "no-targets")
        /// More than 2000 subscription ids or aliases in one request.
        public static let tooManyTargets = Code(rawValue: "too-many-targets")
        /// `contents` has no non-empty English (`en`) text, which OneSignal requires.
        public static let missingContents = Code(rawValue: "missing-contents")
        /// `data` is larger than OneSignal's 2048 bytes, or not a JSON object.
        public static let invalidData = Code(rawValue: "invalid-data")
        /// `collapse_id` is longer than 64 bytes.
        public static let collapseIDTooLong = Code(rawValue: "collapse-id-too-long")
        /// `ios_relevance_score` is outside 0...1 or not a finite number.
        public static let invalidRelevanceScore = Code(rawValue: "invalid-relevance-score")
        /// The badge count is negative.
        public static let invalidBadge = Code(rawValue: "invalid-badge")
        /// The interruption level is not one of the four iOS knows.
        public static let unknownInterruptionLevel = Code(rawValue: "unknown-interruption-level")
        /// `ttl` is negative.
        public static let invalidTimeToLive = Code(rawValue: "invalid-time-to-live")

        // Configuration.
        /// `HERALD_ONESIGNAL_API_KEY` is not set, or empty.
        public static let missingAPIKey = Code(rawValue: "missing-api-key")
        /// The endpoint is one no request goes to: a port out of range, or plain `http` to a
        /// host that is not loopback, which would carry the API key across the network in
        /// cleartext. Not retried.
        public static let invalidEndpoint = Code(rawValue: "invalid-endpoint")

        // OneSignal's answer.
        /// 200, but no notification id: nothing was sent (usually no target is subscribed).
        /// ``OneSignalError/errors`` says why. Not retried: the same request gets the same answer.
        public static let notSent = Code(rawValue: "not-sent")
        /// 401 or 403: the REST API key is wrong, or not this app's.
        public static let unauthorized = Code(rawValue: "unauthorized")
        /// Another 4xx (400 above all): OneSignal refused the request as written.
        public static let rejected = Code(rawValue: "rejected")
        /// 429, still after the last attempt (or with a `Retry-After` too long to wait out).
        public static let rateLimited = Code(rawValue: "rate-limited")
        /// A 5xx, still after the last attempt.
        public static let serverError = Code(rawValue: "server-error")
        /// A success status whose body is not the JSON OneSignal documents.
        public static let malformedResponse = Code(rawValue: "malformed-response")
        /// The connection failed (refused, reset, TLS), still after the last attempt.
        public static let transport = Code(rawValue: "transport")
        /// No complete answer within the per-request timeout, still after the last attempt.
        public static let timedOut = Code(rawValue: "timed-out")
        /// The task sending the notification was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")

        public var description: String { rawValue }
    }

    /// What went wrong, as a stable code.
    public var code: Code
    /// One line for a person; never the API key.
    public var message: String
    /// The HTTP status of the last answer, when there was one.
    public var status: Int?
    /// OneSignal's `errors`, one line each (an object's members as `name: value`).
    public var errors: [String]
    /// How long the last answer asked to wait before trying again (`Retry-After`).
    public var retryAfter: Duration?
    /// Whether the last answer carried `Idempotent-Replayed: true`: OneSignal answered from a
    /// request it had already seen with the same idempotency key.
    public var isIdempotentReplay: Bool
    /// How many requests were made; 0 when the notification was refused before sending.
    public var attempts: Int

    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - message: one line for a person; must not contain the API key.
    ///   - status: the HTTP status of the last answer, if any.
    ///   - errors: OneSignal's `errors`, one line each.
    ///   - retryAfter: the last answer's `Retry-After`, if any.
    ///   - isIdempotentReplay: whether the last answer was an idempotent replay.
    ///   - attempts: how many requests were made.
    public init(
        _ code: Code, _ message: String, status: Int? = nil, errors: [String] = [], retryAfter: Duration? = nil,
        isIdempotentReplay: Bool = false, attempts: Int = 0
    ) {
        self.code = code
        self.message = message
        self.status = status
        self.errors = errors
        self.retryAfter = retryAfter
        self.isIdempotentReplay = isIdempotentReplay
        self.attempts = attempts
    }

    /// Whether another attempt with the same idempotency key may succeed: a 429, a 5xx, a failed
    /// connection or a timeout. The idempotency key makes every repeat safe: OneSignal answers a
    /// repeat of a request it did take with that request's id instead of sending again.
    public var isRetryable: Bool {
        [.rateLimited, .serverError, .transport, .timedOut].contains(code)
    }

    /// `code: message`, then the status, OneSignal's errors and the attempts.
    public var description: String {
        var text = "\(code.rawValue): \(message)"
        if let status { text += " (HTTP \(status))" }
        if !errors.isEmpty { text += "; OneSignal says: " + errors.joined(separator: "; ") }
        if attempts > 1 { text += "; after \(attempts) attempts" }
        return text
    }

    /// This error with every occurrence of `secret` in its texts replaced by `<redacted>`.
    func redacting(_ secret: String) -> OneSignalError {
        guard !secret.isEmpty else { return self }
        var copy = self
        copy.message = message.replacingOccurrences(of: secret, with: "<redacted>")
        copy.errors = errors.map { $0.replacingOccurrences(of: secret, with: "<redacted>") }
        return copy
    }
}
