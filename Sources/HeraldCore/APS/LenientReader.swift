import Foundation

/// Reads scalar values that should have one JSON type but are often sent with another, and
/// records every mismatch as a ``TypeIssue``.
struct LenientReader {
    var issues: [TypeIssue] = []

    private mutating func note(_ key: String, expected: String, found: JSONValue, wasRead: Bool) {
        issues.append(TypeIssue(key: key, expected: expected, found: found.shortText, wasRead: wasRead))
    }

    /// A string; a number is read as its digits (noted).
    mutating func text(_ value: JSONValue?, key: String) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case .number(let number)?:
            note(key, expected: "a string", found: .number(number), wasRead: true)
            return number.text
        case let other?:
            note(key, expected: "a string", found: other, wasRead: false)
            return nil
        }
    }

    /// An array of strings; numbers in it are read as their digits (noted), other elements dropped.
    mutating func texts(_ value: JSONValue?, key: String) -> [String]? {
        switch value {
        case nil, .null?: return nil
        case .array(let elements)?:
            return elements.compactMap { text($0, key: key) }
        case let other?:
            note(key, expected: "an array of strings", found: other, wasRead: false)
            return nil
        }
    }

    /// A flag APNs wants as the number 1: `1` is on, `0` off; `true`/`false`, `"1"`/`"0"` and
    /// `"true"`/`"false"` are read (noted); anything else is off (noted).
    mutating func flag(_ value: JSONValue?, key: String) -> Bool {
        switch value {
        case nil, .null?: return false
        case .number(let number)? where number.intValue == 1 || number.intValue == 0:
            return number.intValue == 1
        case .bool(let flag)?:
            note(key, expected: "the number 1", found: .bool(flag), wasRead: true)
            return flag
        case .string(let text)? where ["1", "0", "true", "false"].contains(text.lowercased()):
            note(key, expected: "the number 1", found: .string(text), wasRead: true)
            return text == "1" || text.lowercased() == "true"
        case let other?:
            note(key, expected: "the number 1", found: other, wasRead: false)
            return false
        }
    }

    /// A whole number ≥ 0; a string of digits is read (noted), anything else ignored (noted).
    mutating func count(_ value: JSONValue?, key: String) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .number(let number)?:
            if let whole = number.intValue, whole >= 0 {
                if !number.isIntegerLiteral { note(key, expected: "a whole number", found: .number(number), wasRead: true) }
                return whole
            }
            note(key, expected: "a whole number of 0 or more", found: .number(number), wasRead: false)
            return nil
        case .string(let text)?:
            if let whole = Int(text.trimmingCharacters(in: .whitespaces)), whole >= 0 {
                note(key, expected: "a number", found: .string(text), wasRead: true)
                return whole
            }
            note(key, expected: "a number", found: .string(text), wasRead: false)
            return nil
        case let other?:
            note(key, expected: "a number", found: other, wasRead: false)
            return nil
        }
    }

    /// A number such as a score or volume; a numeric string is read (noted). Range is not
    /// checked here: lint reports values outside 0...1.
    mutating func fraction(_ value: JSONValue?, key: String) -> Double? {
        switch value {
        case nil, .null?: return nil
        case .number(let number)?: return number.doubleValue
        case .string(let text)?:
            if let parsed = Double(text), parsed.isFinite {
                note(key, expected: "a number", found: .string(text), wasRead: true)
                return parsed
            }
            note(key, expected: "a number", found: .string(text), wasRead: false)
            return nil
        case let other?:
            note(key, expected: "a number", found: other, wasRead: false)
            return nil
        }
    }
}

extension JSONValue {
    /// The value as short JSON text for messages: strings quoted, containers by type.
    var shortText: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let text) where text.count > 40: return "\"" + text.prefix(40) + "…\""
        default: return jsonText()
        }
    }
}
