import Foundation
import HeraldCore

/// A property-list value: what an Info.plist, an `.entitlements` file or a `project.pbxproj`
/// holds.
///
/// The old OpenStep format of `project.pbxproj` has only strings, arrays, dictionaries and data;
/// XML and binary plists add Booleans, numbers and dates.
public enum PropertyList: Hashable, Sendable {
    case string(String)
    case bool(Bool)
    case integer(Int)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PropertyList])
    case dictionary([String: PropertyList])

    /// How deep arrays and dictionaries may nest in a property list Herald reads: 512, the
    /// limit of its JSON parser (``JSONValue/maximumDepth``) and of Foundation's readers of XML
    /// and binary property lists. Deeper is a ``PropertyListError``, not a stack overflow.
    public static let maximumDepth = JSONValue.maximumDepth
    /// The most values a binary property list may stand for, every reference followed: 2^20,
    /// as many as the largest Info.plist `herald doctor` reads (1 MiB) has bytes.
    public static let maximumValues = 1 << 20

    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var arrayValue: [PropertyList]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    public var dictionaryValue: [String: PropertyList]? {
        if case .dictionary(let entries) = self { return entries }
        return nil
    }

    /// The strings of an array, or the one string: how Xcode reads a key that takes either.
    public var strings: [String]? {
        switch self {
        case .string(let text): [text]
        case .array(let elements): elements.allSatisfy { $0.stringValue != nil } ? elements.compactMap(\.stringValue) : nil
        default: nil
        }
    }

    public subscript(key: String) -> PropertyList? { dictionaryValue?[key] }

    /// The type as a plist editor names it: `string`, `Boolean`, `number`, `array`, …
    public var typeName: String {
        switch self {
        case .string: "string"
        case .bool: "Boolean"
        case .integer, .real: "number"
        case .date: "date"
        case .data: "data"
        case .array: "array"
        case .dictionary: "dictionary"
        }
    }

    /// Every string inside, rewritten (for build-setting substitution).
    public func mapStrings(_ transform: (String) -> String) -> PropertyList {
        switch self {
        case .string(let text): .string(transform(text))
        case .array(let elements): .array(elements.map { $0.mapStrings(transform) })
        case .dictionary(let entries): .dictionary(entries.mapValues { $0.mapStrings(transform) })
        default: self
        }
    }

    /// The value as JSON, for checks shared with the extension; a date or data has no JSON
    /// form and is `nil`.
    public var jsonValue: JSONValue? {
        switch self {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .number(JSONNumber(Int64(number)))
        case .real(let number): return JSONNumber(number).map(JSONValue.number)
        case .date, .data: return nil
        case .array(let elements):
            var values: [JSONValue] = []
            for element in elements {
                guard let value = element.jsonValue else { return nil }
                values.append(value)
            }
            return .array(values)
        case .dictionary(let entries):
            var members: [String: JSONValue] = [:]
            for (key, entry) in entries {
                guard let value = entry.jsonValue else { return nil }
                members[key] = value
            }
            return .object(members)
        }
    }
}

extension PropertyList {
    /// The value for a message: a string quoted, a number or Boolean as written, else its type.
    public var summary: String {
        switch self {
        case .string(let text): "\"\(text)\""
        case .bool(let flag): flag ? "true" : "false"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        default: ("aeiou".contains(typeName.first!) ? "an " : "a ") + typeName
        }
    }
}
