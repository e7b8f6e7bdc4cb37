/// Why ``MediaSniffer/imageInfo(of:)`` could not read an image's size from its bytes.
///
/// `code` is the stable value to branch on and match in tests; `message` is one line for a
/// person, ready for a decision trace ("got an HTML page, not an image"). Messages never quote
/// the bytes' text: an error page can echo a signed URL or an account identifier.
public struct SniffError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of bytes were found, as a stable value tests and tools can match.
    ///
    /// An open set: new codes may be added as the sniffer learns more formats.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kebab-case name, such as `unknown-format`.
        public let rawValue: String
        /// A code from its name; unknown names are kept as they are.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// An HTML page, typically a server's error or login page sent with status 200.
        public static let html = Code(rawValue: "html")
        /// An XML document, such as a storage service's `<Error>` body.
        public static let xml = Code(rawValue: "xml")
        /// An SVG drawing: an image, but not a bitmap a notification can show.
        public static let svg = Code(rawValue: "svg")
        /// A JSON document, typically an API error (`{"error":"not found"}`).
        public static let json = Code(rawValue: "json")
        /// Other readable text.
        public static let text = Code(rawValue: "text")
        /// The bytes end before the image's width and height (or before its format shows).
        public static let truncated = Code(rawValue: "truncated")
        /// Binary bytes in no format Herald knows.
        public static let unknownFormat = Code(rawValue: "unknown-format")
        /// A known audio or video format, not an image.
        public static let notAnImage = Code(rawValue: "not-an-image")
        /// A known image format whose header holds impossible values (a width of 0, a box
        /// larger than its parent, a missing size property).
        public static let malformedHeader = Code(rawValue: "malformed-header")

        /// The raw value.
        public var description: String { rawValue }
    }

    /// What kind of bytes were found.
    public let code: Code
    /// One line for a person, such as "got an HTML page, not an image".
    public let message: String

    /// An error with a code and a message.
    ///
    /// - Parameters:
    ///   - code: the stable kind of failure.
    ///   - message: one line for a person, without the bytes' own text.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
