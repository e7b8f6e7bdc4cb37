/// JSON text that could not be parsed, with where and why.
///
/// `line` and `column` are 1-based; the column counts characters (Unicode scalars), as an
/// editor shows them.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a stable value tests and tools can match.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The input is empty or holds only white space.
        public static let emptyInput = Code(rawValue: "empty-input")
        /// The input ends inside a value: an object, array, string or escape left open.
        public static let unexpectedEnd = Code(rawValue: "unexpected-end")
        /// A character where JSON allows none there (a missing `,`, `:` or quote around a key).
        public static let unexpectedCharacter = Code(rawValue: "unexpected-character")
        /// A malformed number, such as `-`, `1.` or `2e`.
        public static let invalidNumber = Code(rawValue: "invalid-number")
        /// An unknown escape, a `\u` without four hex digits, or a lone UTF-16 surrogate.
        public static let invalidEscape = Code(rawValue: "invalid-escape")
        /// A raw control character (a line break, a tab) inside a string, where JSON wants an escape.
        public static let controlCharacterInString = Code(rawValue: "control-character-in-string")
        /// A string that was most likely meant to end at a typographic quote (“ or ”, pasted from a
        /// word processor); the error points at the quote.
        public static let typographicQuote = Code(rawValue: "typographic-quote")
        /// A string holding bytes that are not valid UTF-8.
        public static let invalidUTF8 = Code(rawValue: "invalid-utf8")
        /// Arrays and objects nested deeper than ``JSONValue/maximumDepth``.
        public static let tooDeep = Code(rawValue: "too-deep")
        /// Something other than white space after the JSON value.
        public static let trailingContent = Code(rawValue: "trailing-content")
    }

    /// What went wrong.
    public let code: Code
    /// 1-based line of the problem.
    public let line: Int
    /// 1-based column of the problem, in characters.
    public let column: Int
    /// Byte offset of the problem from the start of the input.
    public let offset: Int
    /// What was expected or found, for a person.
    public let detail: String

    public var description: String {
        "line \(line), column \(column): \(detail)"
    }

    init(code: Code, at offset: Int, in bytes: [UInt8], detail: String) {
        self.code = code
        self.offset = offset
        self.detail = detail
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, bytes.count) where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        self.line = line
        // Count scalars, not bytes: a UTF-8 continuation byte (10xxxxxx) starts no character.
        let end = min(offset, bytes.count)
        self.column = 1 + bytes[lineStart..<end].reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
    }
}
