/// A JSON number kept as the exact text it was written with.
///
/// Doubles cannot hold every integer above 2^53, and payload ids routinely exceed it
/// (`google.c.a.c_id` 5583118048490418076). Keeping the text keeps every digit; the numeric
/// views are computed on demand.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number's literal JSON text, such as `"42"`, `"-0.5"` or `"1e3"`.
    public let text: String

    /// A number from its JSON text.
    ///
    /// - Parameter text: text in JSON number grammar.
    /// - Returns: `nil` when `text` is not a JSON number.
    public init?(text: String) {
        guard JSONNumber.isValid(Array(text.utf8)) else { return nil }
        self.text = text
    }

    /// Text already checked by the parser.
    init(validatedText: String) {
        self.text = validatedText
    }

    /// A number holding an integer.
    public init(_ value: some BinaryInteger) {
        self.text = String(value)
    }

    /// A number holding a finite double, written in Swift's shortest round-tripping form.
    ///
    /// - Returns: `nil` for infinity and NaN, which JSON cannot hold.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == value.rounded(), abs(value) < 1e15 {
            self.text = String(Int64(value))
        } else {
            self.text = String(value)
        }
    }

    public var description: String { text }

    /// The value as a double (large integers are rounded as `Double` rounds them).
    public var doubleValue: Double {
        Double(text) ?? .nan
    }

    /// The value as an `Int` when it is a whole number that fits; `nil` otherwise.
    ///
    /// `3`, `3.0` and `3e0` all read as 3; `3.5` and `1e30` do not.
    public var intValue: Int? {
        if let exact = Int(text) { return exact }
        let value = doubleValue
        guard value.isFinite, value == value.rounded(), abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// Whether the text is an integer literal (no fraction, no exponent).
    public var isIntegerLiteral: Bool {
        !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    }

    /// Checks JSON number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        var index = 0
        return JSONParser.scanNumber(bytes, &index) && index == bytes.count
    }
}
