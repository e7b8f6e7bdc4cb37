import Foundation

/// Which redirects a fetcher follows: the one rule ``URLSessionFetcher`` and the desk's fetcher
/// both apply, each to the hops it sees.
///
/// A hop is refused when it is one too many for ``maximumRedirects``
/// (``FetchError/Code/tooManyRedirects``), when it leads to plain http while http is not allowed
/// (``FetchError/Code/insecureRedirect``), or when it leads to neither http nor https
/// (``FetchError/Code/unsupportedURL``: `file:`, `ftp:`, `http+unix:` would reach what a
/// payload has no business reaching). The checks run in that order.
public struct RedirectPolicy: Hashable, Sendable {
    /// How many redirects one fetch may follow.
    public var maximumRedirects: Int
    /// Whether a redirect may lead to plain http.
    public var allowHTTP: Bool

    /// A policy for one fetch.
    ///
    /// - Parameters:
    ///   - maximumRedirects: how many redirects one fetch may follow, usually
    ///     ``FetchRequest/maximumRedirects``.
    ///   - allowHTTP: whether a redirect may lead to plain http.
    public init(maximumRedirects: Int, allowHTTP: Bool) {
        self.maximumRedirects = maximumRedirects
        self.allowHTTP = allowHTTP
    }

    /// Judges one redirect.
    ///
    /// - Parameters:
    ///   - hop: which redirect of the fetch this is, counting from 1.
    ///   - target: the absolute URL it leads to.
    /// - Returns: the error that refuses the hop, or `nil` when the fetcher may follow it.
    public func refusal(ofHop hop: Int, to target: URL) -> FetchError? {
        if hop > maximumRedirects {
            return FetchError(.tooManyRedirects, "more than \(maximumRedirects) redirects")
        }
        if target.scheme?.lowercased() == "http", !allowHTTP {
            return FetchError(.insecureRedirect, "redirected to plain http (\(target.absoluteString))")
        }
        if !Self.isWeb(target) {
            return FetchError(.unsupportedURL, "redirected to \(target.absoluteString), which is neither http nor https")
        }
        return nil
    }

    /// Whether `url` is http or https, the only schemes a fetcher requests.
    ///
    /// - Parameter url: the URL to judge.
    /// - Returns: `true` for http and https, whatever their case.
    public static func isWeb(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "")
    }
}
