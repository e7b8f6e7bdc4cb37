/// How a download ended, as the preview contract spells it.
public struct FetchStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Fetched from the network now.
    public static let downloaded = FetchStatus(rawValue: "downloaded")
    /// Served from the avatar cache (fresh, or revalidated with a 304).
    public static let cached = FetchStatus(rawValue: "cached")
    /// Its deadline (or the budget, or expiry) came first.
    public static let timedOut = FetchStatus(rawValue: "timedOut")
    /// The server or the transport failed (404, 500, reset, too many redirects).
    public static let failed = FetchStatus(rawValue: "failed")
    /// The bytes arrived but are unusable: wrong type, too large, too many pixels.
    public static let rejected = FetchStatus(rawValue: "rejected")
    /// Not attempted: no URL, http not allowed, or fetching turned off.
    public static let skipped = FetchStatus(rawValue: "skipped")

    public var description: String { rawValue }
}
