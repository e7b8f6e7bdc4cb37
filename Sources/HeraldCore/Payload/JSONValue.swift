import Foundation

/// One JSON value, kept exactly as it was written.
///
/// Herald reads every provider's payload into this type before anything interprets it, so no
/// information is lost on the way: numbers keep their literal digits (an FCM id beyond 2^53
/// survives), `null` is distinct from an absent key, booleans are never confused with `0`/`1`,
/// and strings keep their UTF-8 bytes unchanged.
///
/// Build one from JSON bytes with ``init(parsing:)-(Collection<UInt8>)``, or from the `userInfo`
/// dictionary iOS hands a notification service extension with ``init(userInfo:)``.
public enum JSONValue: Hashable, Sendable {
    /// `null`, which is distinct from an absent key.
    case null
    /// `true` or `false`; never confused with the numbers 0 and 1.
    case bool(Bool)
    /// A number, with its literal digits kept.
    case number(JSONNumber)
    /// A string, escapes resolved.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; member order is not kept.
    case object([String: JSONValue])

    /// The deepest nesting of arrays and objects Herald reads: the parser refuses deeper JSON
    /// rather than risk the stack on hostile input, and layout pointers may not reach further.
    public static let maximumDepth = 512

    /// Parses JSON text (RFC 8259) without losing any digit or byte.
    ///
    /// - Parameter bytes: UTF-8 JSON text; a leading byte-order mark is skipped.
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing bytes: some Collection<UInt8>) throws(JSONParseError) {
        self = try JSONParser.parse(Array(bytes)).value
    }

    /// Parses JSON text held in a string.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(parsing text: String) throws(JSONParseError) {
        self = try JSONParser.parse(Array(text.utf8)).value
    }
}

extension JSONValue {
    /// The object's members, or `nil` when this is not an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The array's elements, or `nil` when this is not an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The string, or `nil` when this is not a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, or `nil` when this is not a number.
    public var numberValue: JSONNumber? {
        if case .number(let number) = self { return number }
        return nil
    }

    /// The boolean, or `nil` when this is not `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool { self == .null }

    /// The member named `key` when this is an object; `nil` when it is absent or this is no object.
    public subscript(key: String) -> JSONValue? {
        objectValue?[key]
    }

    /// The JSON type's name as a person reads it in a message: "string", "number", "object", ...
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// A scalar's text as an identifier: a string as is, a number as its exact decimal digits.
    ///
    /// Providers send the same id as a number in one payload and a string in the next
    /// (Telegram `from_id`, Sendbird `user_id`), so identifiers are compared as text.
    /// Returns `nil` for anything else and for an empty or all-blank string.
    public var identifierText: String? {
        switch self {
        case .string(let text):
            text.isBlank ? nil : text
        case .number(let number):
            number.text
        default:
            nil
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .number(JSONNumber(value)) }
    public init(floatLiteral value: Double) { self = .number(JSONNumber(value) ?? JSONNumber(0)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
