import Foundation

/// Reads the old OpenStep property-list format that `project.pbxproj` is written in.
///
/// Strict: every dictionary entry ends in `;`, array elements are separated by `,` (a trailing
/// one allowed), and anything else is an error naming the line. Comments (`/* */`, `//`) are
/// skipped. Values are strings, data (`<0fbd…>`), arrays and dictionaries; the format has no
/// numbers or Booleans, so `1` and `YES` stay strings. Arrays and dictionaries nest at most
/// ``PropertyList/maximumDepth`` deep.
struct OpenStepParser {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// The arrays and dictionaries open around the current value.
    private var depth = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses one value filling the whole text (after an optional `// !$*UTF8*$!` header).
    ///
    /// - Throws: ``PropertyListError`` with the line of the first problem.
    static func parse(_ data: Data) throws(PropertyListError) -> PropertyList {
        var parser = OpenStepParser(Array(data))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        let value = try parser.value()
        try parser.skipSpace()
        guard parser.index == parser.bytes.count else {
            throw parser.error("unexpected \(parser.describeCurrent()) after the end of the property list")
        }
        return value
    }

    private mutating func value() throws(PropertyListError) -> PropertyList {
        try skipSpace()
        guard index < bytes.count else { throw error("the file ends where a value should start") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try dictionary()
        case UInt8(ascii: "("): return try array()
        case UInt8(ascii: "<"): return try data()
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return .string(try quoted())
        default:
            guard let word = unquoted() else { throw error("unexpected \(describeCurrent()) where a value should start") }
            return .string(word)
        }
    }

    private mutating func dictionary() throws(PropertyListError) -> PropertyList {
        try enterContainer()
        defer { depth -= 1 }
        let opening = line
        index += 1
        var entries: [String: PropertyList] = [:]
        while true {
            try skipSpace()
            guard index < bytes.count else { throw error("the dictionary opened on line \(opening) is never closed with '}'") }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .dictionary(entries)
            }
            let keyLine = line
            let key: String
            if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
                key = try quoted()
            } else if let word = unquoted() {
                key = word
            } else {
                throw error("unexpected \(describeCurrent()) where a key or '}' should be")
            }
            try expect("=", after: "the key \"\(key)\"")
            let entry = try value()
            try expect(";", after: "the value of \"\(key)\"")
            guard entries[key] == nil else {
                throw PropertyListError(line: keyLine, reason: "the key \"\(key)\" appears twice in one dictionary")
            }
            entries[key] = entry
        }
    }

    private mutating func array() throws(PropertyListError) -> PropertyList {
        try enterContainer()
        defer { depth -= 1 }
        let opening = line
        index += 1
        var elements: [PropertyList] = []
        while true {
            try skipSpace()
            guard index < bytes.count else { throw error("the array opened on line \(opening) is never closed with ')'") }
            if bytes[index] == UInt8(ascii: ")") {
                index += 1
                return .array(elements)
            }
            elements.append(try value())
            try skipSpace()
            guard index < bytes.count else { throw error("the array opened on line \(opening) is never closed with ')'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] != UInt8(ascii: ")") {
                throw error("expected ',' or ')' after an array element, found \(describeCurrent())")
            }
        }
    }

    private mutating func enterContainer() throws(PropertyListError) {
        depth += 1
        guard depth <= PropertyList.maximumDepth else { throw error("nesting deeper than \(PropertyList.maximumDepth) levels") }
    }

    private mutating func data() throws(PropertyListError) -> PropertyList {
        index += 1
        var result = Data()
        var high: UInt8?
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { continue }
            guard let nibble = Self.hexValue(byte) else { throw error("'\(Character(Unicode.Scalar(byte)))' is not a hex digit in data") }
            if let first = high {
                result.append(first << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        guard index < bytes.count else { throw error("data is never closed with '>'") }
        guard high == nil else { throw error("data has an odd number of hex digits") }
        index += 1
        return .data(result)
    }

    private mutating func quoted() throws(PropertyListError) -> String {
        let quote = bytes[index]
        let opening = line
        index += 1
        var text: [UInt8] = []
        while index < bytes.count, bytes[index] != quote {
            var byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\n") { line += 1 }
            if byte == UInt8(ascii: "\\") {
                guard index < bytes.count else { break }
                byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "n"): text.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): text.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "r"): text.append(UInt8(ascii: "\r"))
                case UInt8(ascii: "U"):
                    let digits = bytes[index..<min(index + 4, bytes.count)]
                    guard digits.count == 4, let code = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else { throw error("\\U must be followed by four hex digits") }
                    text.append(contentsOf: Array(String(Character(scalar)).utf8))
                    index += 4
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var code = UInt32(byte - UInt8(ascii: "0"))
                    var count = 1
                    while count < 3, index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                        code = code * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                        index += 1
                        count += 1
                    }
                    text.append(contentsOf: Array(String(Character(Unicode.Scalar(code) ?? "?")).utf8))
                default:
                    if byte == UInt8(ascii: "\n") { line += 1 }
                    text.append(byte)
                }
            } else {
                text.append(byte)
            }
        }
        guard index < bytes.count else { throw PropertyListError(line: opening, reason: "a string opened on line \(opening) is never closed") }
        index += 1
        guard let string = String(bytes: text, encoding: .utf8) else {
            throw PropertyListError(line: opening, reason: "a string is not valid UTF-8")
        }
        return string
    }

    /// A run of the characters an unquoted string may hold, or `nil` when there is none.
    private mutating func unquoted() -> String? {
        let start = index
        while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
        guard index > start else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func expect(_ character: Character, after what: String) throws(PropertyListError) {
        try skipSpace()
        guard index < bytes.count, bytes[index] == character.asciiValue! else {
            throw error("expected '\(character)' after \(what), found \(describeCurrent())")
        }
        index += 1
    }

    private mutating func skipSpace() throws(PropertyListError) {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                let opening = line
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                guard index + 1 < bytes.count else { throw PropertyListError(line: opening, reason: "a comment opened on line \(opening) is never closed") }
                index += 2
            default:
                return
            }
        }
    }

    private func error(_ reason: String) -> PropertyListError { PropertyListError(line: line, reason: reason) }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return String(format: "byte 0x%02X", byte)
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
