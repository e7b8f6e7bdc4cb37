/// JSON text that could not be parsed, with where and why.
///
/// `line` and `column` are 1-based; the column counts characters (Unicode scalars), as an
/// editor shows them.
public struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, as a stable value tests and tools can match.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let emptyInput = Code(rawValue: "empty-input")
        public static let unexpectedEnd = Code(rawValue: "unexpected-end")
        public static let unexpectedCharacter = Code(rawValue: "unexpected-character")
        public static let invalidNumber = Code(rawValue: "invalid-number")
        public static let invalidEscape = Code(rawValue: "invalid-escape")
        public static let controlCharacterInString = Code(rawValue: "control-character-in-string")
        public static let typographicQuote = Code(rawValue: "typographic-quote")
        public static let invalidUTF8 = Code(rawValue: "invalid-utf8")
        public static let tooDeep = Code(rawValue: "too-deep")
        public static let trailingContent = Code(rawValue: "trailing-content")
    }

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
