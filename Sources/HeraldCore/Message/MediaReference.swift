import Foundation

/// What a URL string from a payload can be used for.
public enum MediaReference: Hashable, Sendable {
    /// An absolute `http` or `https` URL with a host: downloadable.
    case remote(URL)
    /// A `file:` URL or a relative reference (`/test.mp3`): only a local preview can use it.
    case local(URL)
    /// Not usable; the reason says why, for a person.
    case rejected(String)

    /// Classifies URL text as a payload gives it.
    ///
    /// Text with spaces, angle brackets or quotes (`"<img url>"`, `"my-image .png"`) is
    /// rejected rather than percent-encoded, and so is a scheme no download can use (`mdi:`,
    /// `data:`): Herald does not guess what a sender meant.
    public init(_ text: String) {
        let forbidden = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "<>\"{}|\\^`"))
        guard !text.isEmpty else {
            self = .rejected("it is empty")
            return
        }
        guard text.unicodeScalars.allSatisfy({ !forbidden.contains($0) }), let url = URL(string: text) else {
            self = .rejected("\"\(text)\" is not a valid URL")
            return
        }
        switch url.scheme?.lowercased() {
        case "http", "https":
            if let host = url.host, !host.isEmpty {
                self = .remote(url)
            } else {
                self = .rejected("\"\(text)\" has no host")
            }
        case "file":
            self = .local(url)
        case nil:
            // A relative reference must at least look like a path or a file name: a bare word
            // ("url", "string") is a placeholder, not a location.
            if text.contains("/") || text.contains(".") {
                self = .local(url)
            } else {
                self = .rejected("\"\(text)\" is not a URL or a path")
            }
        case let scheme?:
            self = .rejected("\"\(text)\" uses the \(scheme): scheme, which cannot be downloaded")
        }
    }
}
