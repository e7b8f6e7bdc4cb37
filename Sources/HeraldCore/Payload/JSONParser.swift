/// A strict RFC 8259 parser that keeps number text and string bytes exactly.
///
/// Foundation's `JSONSerialization` rounds large integers, merges `true` with `1` in `NSNumber`,
/// and reports no line or column; Herald needs all three right, so it parses JSON itself.
struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    private var depth = 0
    /// The size of the compact encoding (``JSONValue/encodedByteCount``) of what has been parsed
    /// so far, counted on the way rather than by walking the value again afterwards.
    private var compactByteCount = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole JSON text.
    ///
    /// - Returns: the value, and the size of its compact encoding (what
    ///   ``JSONValue/encodedByteCount`` gives for it).
    static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> (value: JSONValue, compactByteCount: Int) {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        guard parser.index < bytes.count else {
            throw JSONParseError(code: .emptyInput, at: parser.index, in: bytes, detail: bytes.isEmpty ? "it is empty" : "it holds only white space, no JSON value")
        }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.error(.trailingContent, "unexpected \(parser.describeCurrent()) after the end of the JSON value")
        }
        return (value, parser.compactByteCount)
    }

    private func error(_ code: JSONParseError.Code, _ detail: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(code: code, at: offset ?? index, in: bytes, detail: detail)
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of input" }
        let byte = bytes[index]
        switch byte {
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (0x98...0x9D).contains(bytes[index + 2]):
            return "a typographic quote (use a straight \" instead)"
        default: return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else {
            throw error(.unexpectedEnd, "the input ends where a value was expected")
        }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw error(.unexpectedCharacter, "expected a value, found \(describeCurrent())")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let start = index
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            start + count <= bytes.count && bytes[start..<start + count].elementsEqual(expected)
        }
        guard matches else {
            throw error(.unexpectedCharacter, "expected a value, found \(describeCurrent())")
        }
        index += count
        compactByteCount += count
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error(.tooDeep, "nesting deeper than \(JSONValue.maximumDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        skipWhitespace()
        compactByteCount += 2
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object([:])
        }
        // Room for a payload object's usual members at once: growing from one member rehashed
        // every key at each doubling.
        var members = [String: JSONValue](minimumCapacity: 8)
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd, "the input ends inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error(.unexpectedCharacter, "expected a quoted key, found \(describeCurrent())")
            }
            let keyStart = compactByteCount
            let key = try parseString()
            // The colon, and the comma before every member but the first.
            compactByteCount += members.isEmpty ? 1 : 2
            let memberCount = compactByteCount - keyStart
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error(.unexpectedCharacter, "expected ':' after the key \"\(key)\", found \(describeCurrent())")
            }
            index += 1
            skipWhitespace()
            if let replaced = members.updateValue(try parseValue(), forKey: key) {
                // A repeated key keeps its first spelling and its place, and takes the last
                // value: neither its second spelling, comma and colon nor the replaced value
                // are written.
                compactByteCount -= memberCount + replaced.encodedByteCount
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd, "the input ends inside an object") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                depth -= 1
                return .object(members)
            default:
                throw error(.unexpectedCharacter, "expected ',' or '}' after a member, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        index += 1
        var elements: [JSONValue] = []
        compactByteCount += 2
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if !elements.isEmpty { compactByteCount += 1 }
            elements.append(try parseValue())
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd, "the input ends inside an array") }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                depth -= 1
                return .array(elements)
            default:
                throw error(.unexpectedCharacter, "expected ',' or ']' after an element, found \(describeCurrent())")
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        guard JSONParser.scanNumber(bytes, &index) else {
            throw error(.invalidNumber, "malformed number", at: start)
        }
        compactByteCount += index - start
        return JSONNumber(validatedText: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Advances over one JSON number; returns false when the grammar is broken.
    static func scanNumber(_ bytes: [UInt8], _ index: inout Int) -> Bool {
        func isDigit(_ at: Int) -> Bool { at < bytes.count && (0x30...0x39).contains(bytes[at]) }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard isDigit(index) else { return false }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return true
    }

    private mutating func parseString() throws(JSONParseError) -> String {
        let open = index
        index += 1
        let start = index
        // Fast path: no escapes, so the bytes between the quotes are the string, and the
        // compact encoding writes them as they are. Every byte is looked at here anyway, so
        // this notes whether any is outside ASCII, which needs the UTF-8 check.
        var allBytes: UInt8 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = allBytes < 0x80 ? String(decoding: bytes[start..<index], as: UTF8.self) : try decodeUTF8(bytes[start..<index], from: start)
                compactByteCount += index - start + 2
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacterError(stringStart: start) }
            allBytes |= byte
            index += 1
        }
        var scalars: [UInt8] = Array(bytes[start..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                let text = try decodeUTF8(scalars[...], from: start)
                compactByteCount += JSONValue.encodedByteCount(ofUTF8: scalars)
                return text
            case UInt8(ascii: "\\"):
                try appendEscape(to: &scalars)
            case ..<0x20:
                throw controlCharacterError(stringStart: start)
            default:
                scalars.append(byte)
                index += 1
            }
        }
        throw typographicQuoteError(stringStart: start) ?? error(.unexpectedEnd, "the string that starts here is never closed", at: open)
    }

    private func controlCharacterError(stringStart: Int) -> JSONParseError {
        typographicQuoteError(stringStart: stringStart)
            ?? error(.controlCharacterInString, "a raw control character (byte 0x\(String(bytes[index], radix: 16))) inside a string; write it as an escape such as \\n")
    }

    /// A string that runs on past its line usually meant to end at a typographic quote
    /// (“ or ”, pasted from a word processor): point there, where the fix is.
    private func typographicQuoteError(stringStart: Int) -> JSONParseError? {
        var position = stringStart
        while position + 2 < min(index, bytes.count) {
            if bytes[position] == 0xE2, bytes[position + 1] == 0x80, bytes[position + 2] == 0x9C || bytes[position + 2] == 0x9D {
                return error(.typographicQuote, "a typographic quote cannot end a string; use a straight \" instead", at: position)
            }
            position += 1
        }
        return nil
    }

    /// The slice as a string, refused when it is not valid UTF-8.
    ///
    /// Validated with the stdlib's UTF-8 parser rather than the validating `String` initializer
    /// (`init(validating:as:)`), which is iOS 18 / macOS 15: Herald's floor is iOS 16.
    private func decodeUTF8(_ slice: ArraySlice<UInt8>, from offset: Int) throws(JSONParseError) -> String {
        var parser = Unicode.UTF8.ForwardParser()
        var remaining = slice.makeIterator()
        while true {
            switch parser.parseScalar(from: &remaining) {
            case .valid: continue
            case .emptyInput: return String(decoding: slice, as: UTF8.self)
            case .error: throw error(.invalidUTF8, "the string holds bytes that are not valid UTF-8", at: offset)
            }
        }
    }

    private mutating func appendEscape(to output: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw error(.unexpectedEnd, "the input ends inside an escape") }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw error(.invalidEscape, "unknown escape \\\(describeCurrent().trimmingQuotes)", at: escapeStart)
        }
        if let simple {
            output.append(simple)
            index += 1
            return
        }
        index += 1
        var scalar = try readHex4(escapeStart: escapeStart)
        if (0xD800...0xDBFF).contains(scalar) {
            // A high surrogate must be followed by an escaped low surrogate: together one scalar.
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                throw error(.invalidEscape, "a lone high surrogate \\u\(String(scalar, radix: 16, uppercase: true)) without its low half", at: escapeStart)
            }
            index += 2
            let low = try readHex4(escapeStart: index - 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(.invalidEscape, "a high surrogate followed by \\u\(String(low, radix: 16, uppercase: true)), not a low surrogate", at: escapeStart)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error(.invalidEscape, "a lone low surrogate \\u\(String(scalar, radix: 16, uppercase: true))", at: escapeStart)
        }
        guard let unicode = Unicode.Scalar(scalar) else {
            throw error(.invalidEscape, "\\u escape names no character", at: escapeStart)
        }
        output.append(contentsOf: Array(String(Character(unicode)).utf8))
    }

    private mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(.unexpectedEnd, "the input ends inside a \\u escape") }
        var value: UInt32 = 0
        for offset in 0..<4 {
            let byte = bytes[index + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidEscape, "\\u must be followed by four hex digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}

private extension String {
    var trimmingQuotes: String {
        hasPrefix("'") && hasSuffix("'") && count >= 2 ? String(dropFirst().dropLast()) : self
    }
}
