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
    ///
    /// So is text that is not plain RFC 3986: a character outside ASCII (`café.jpg`,
    /// `bücher.example`), a `%` without two hex digits, a second `#`. `URL(string:)`
    /// percent-encodes those itself on Linux and for apps linked against iOS 17 or later
    /// running there, but returns `nil` on iOS 16: refused everywhere, the preview and the
    /// phones Herald checks agree. (Brackets outside an IPv6 host may differ too; UNVERIFIED.)
    public init(_ text: String) {
        guard !text.isEmpty else {
            self = .rejected("it is empty")
            return
        }
        guard text.unicodeScalars.allSatisfy(\.isASCII) else {
            self = .rejected("\"\(text)\" has characters outside ASCII; percent-encode them (iOS 16 reads no URL from it)")
            return
        }
        guard Self.percentEscapesAreComplete(text) else {
            self = .rejected("\"\(text)\" has a % not followed by two hex digits; write it as %25")
            return
        }
        // ASCII by now, so each byte is a character: counted bytes, not a search by characters,
        // which costs some thousands of instructions per URL.
        guard text.utf8.reduce(0, { $0 + ($1 == UInt8(ascii: "#") ? 1 : 0) }) <= 1 else {
            self = .rejected("\"\(text)\" has a second #; write it as %23")
            return
        }
        guard text.unicodeScalars.allSatisfy({ !Self.forbidden.contains($0) }), let url = URL(string: text) else {
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

    /// What URL text may not hold: white space, angle brackets, quotes and the other characters
    /// RFC 3986 leaves out. Made once: building it on every call was most of this initializer.
    /// A `static let` needs `CharacterSet` to be `Sendable`: it is on Linux; in Apple's SDKs
    /// that is UNVERIFIED here (docs/architecture.md, "Availability").
    private static let forbidden = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "<>\"{}|\\^`"))

    /// Whether every `%` starts a complete escape (`%` and two hex digits).
    private static func percentEscapesAreComplete(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let isHex = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20) }
        return bytes.indices.allSatisfy { index in
            bytes[index] != UInt8(ascii: "%") || (index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2]))
        }
    }
}
