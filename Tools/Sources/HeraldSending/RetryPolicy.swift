import Foundation
@_spi(HeraldTools) import HeraldCore

/// How often, and how long apart, a sender repeats a request that failed in a way worth
/// repeating (a 429, a 5xx, a lost connection).
///
/// Waits grow exponentially with *full jitter*: the wait after the n-th failure is uniform in
/// `0...min(maximumDelay, initialDelay × 2^(n−1))`, so many senders that failed together do not
/// come back together. When the server said when to come back (`Retry-After`), that is honoured
/// instead; see ``delay(after:retryAfter:using:)``.
///
/// The APNs and OneSignal clients share it; it only computes waits, it never sleeps.
public struct RetryPolicy: Hashable, Sendable {
    /// Attempts in all, the first included; 1 means never repeat. Default 4.
    public var maximumAttempts: Int
    /// The cap of the first wait's jitter; each later wait's cap doubles. Default 500 ms.
    public var initialDelay: Duration
    /// The largest cap the exponential back-off reaches. Default 30 s. A server's
    /// `Retry-After` is not capped by it (see ``delay(after:retryAfter:using:)``). Herald's
    /// clients wait at most a day, whatever the policy says.
    public var maximumDelay: Duration

    /// - Parameters:
    ///   - maximumAttempts: attempts in all, the first included; default 4.
    ///   - initialDelay: the cap of the first wait; default 500 ms.
    ///   - maximumDelay: the largest cap of the exponential back-off; default 30 s.
    public init(maximumAttempts: Int = 4, initialDelay: Duration = .milliseconds(500), maximumDelay: Duration = .seconds(30)) {
        self.maximumAttempts = maximumAttempts
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// The wait before attempt `attempt + 1`, after `attempt` attempts failed, or `nil` when no
    /// attempts are left.
    ///
    /// Without `retryAfter` the wait is uniform in `0...min(maximumDelay, initialDelay ×
    /// 2^(attempt−1))` (full jitter). With `retryAfter` the wait is `retryAfter` plus a jitter
    /// uniform in `0...initialDelay`: never sooner than the server asked (sooner only earns
    /// another 429), and spread a little so that senders the server told the same second do not
    /// all return in it. It is not capped by ``maximumDelay``: a caller that cannot wait as long
    /// as the server asks should compare `retryAfter` with its own limit before waiting.
    /// Negative settings count as zero.
    ///
    /// - Parameters:
    ///   - attempt: how many attempts have failed so far, 1-based (values below 1 count as 1).
    ///   - retryAfter: the server's `Retry-After`, if it sent one (see ``retryAfter(_:now:)``).
    ///   - generator: where the jitter comes from; a seeded one makes waits reproducible.
    /// - Returns: how long to wait before the next attempt, or `nil` when `attempt` attempts
    ///   use up ``maximumAttempts``.
    public func delay(after attempt: Int, retryAfter: Duration?, using generator: inout some RandomNumberGenerator) -> Duration? {
        let attempt = max(attempt, 1)
        guard attempt < maximumAttempts else { return nil }
        if let retryAfter {
            return max(retryAfter, .zero) + Self.uniform(upTo: max(initialDelay, .zero), using: &generator)
        }
        return Self.uniform(upTo: backOffCap(after: attempt), using: &generator)
    }

    /// `min(maximumDelay, initialDelay × 2^(attempt−1))`, doubling step by step so a large
    /// `attempt` cannot overflow.
    private func backOffCap(after attempt: Int) -> Duration {
        let ceiling = max(maximumDelay, .zero)
        var cap = min(max(initialDelay, .zero), ceiling)
        var doublings = attempt - 1
        while doublings > 0, (cap < ceiling), (cap > .zero) {
            cap = min(cap * 2, ceiling)
            doublings -= 1
        }
        return cap
    }

    private static func uniform(upTo bound: Duration, using generator: inout some RandomNumberGenerator) -> Duration {
        guard bound > .zero else { return .zero }
        return bound * Double.random(in: 0...1, using: &generator)
    }

    /// Reads a `Retry-After` header value: delta-seconds (`120`) or an HTTP-date
    /// (`Sun, 06 Nov 1994 08:49:37 GMT`, IMF-fixdate; the obsolete RFC 850 and asctime forms are
    /// read too, as RFC 9110 asks of recipients).
    ///
    /// - Parameters:
    ///   - headerValue: the field's value, surrounding white space allowed.
    ///   - now: the time a date is measured from: when the response arrived.
    /// - Returns: how long the server asked to wait; zero for a date in the past; `nil` when the
    ///   value is neither form.
    public static func retryAfter(_ headerValue: String, now: Date) -> Duration? {
        let text = headerValue.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return nil }
        if text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
            // More digits than an Int64 holds is still "a very long time", not garbage.
            return .seconds(Int64(text) ?? Int64.max)
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        return seconds > 0 ? .seconds(seconds) : .zero
    }

    /// IMF-fixdate, then RFC 850, then asctime, all in GMT.
    private static func httpDate(_ text: String) -> Date? {
        // A formatter per call: Retry-After is rare, and a shared DateFormatter is not Sendable.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.isLenient = false
        // asctime pads a one-digit day with a second space: "Sun Nov  6 08:49:37 1994".
        let text = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for format in ["EEE, dd MMM yyyy HH:mm:ss 'GMT'", "EEEE, dd-MMM-yy HH:mm:ss 'GMT'", "EEE MMM d HH:mm:ss yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}
