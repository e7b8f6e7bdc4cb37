import Foundation

extension JSONValue {
    /// How ``JSONValue/encoded(_:)`` writes text.
    public struct EncodingStyle: Hashable, Sendable {
        /// Indent nested values with two spaces, one member per line.
        public var prettyPrinted: Bool

        /// - Parameter prettyPrinted: one member per line; default compact.
        public init(prettyPrinted: Bool = false) {
            self.prettyPrinted = prettyPrinted
        }

        /// The smallest text: what a payload's byte count is measured on.
        public static let compact = EncodingStyle()
        /// For people.
        public static let pretty = EncodingStyle(prettyPrinted: true)
    }

    /// Writes the value as UTF-8 JSON text, object keys sorted so equal values give equal bytes.
    ///
    /// Numbers are written with their original digits, strings with their original UTF-8 bytes;
    /// only `"`, `\` and control characters are escaped.
    ///
    /// - Parameter style: compact (default) or pretty.
    /// - Returns: the JSON text's bytes.
    public func encoded(_ style: EncodingStyle = .compact) -> Data {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        write(to: &output, style: style, indent: 0)
        return Data(output)
    }

    /// The size of the compact encoding, counted without building it: what APNs measures.
    public var encodedByteCount: Int {
        switch self {
        case .null: return 4
        case .bool(let flag): return flag ? 4 : 5
        case .number(let number): return number.text.utf8.count
        case .string(let text): return JSONValue.encodedByteCount(of: text)
        case .array(let elements):
            var count = 2 + max(elements.count - 1, 0)
            for element in elements { count += element.encodedByteCount }
            return count
        case .object(let members):
            var count = 2 + max(members.count - 1, 0)
            for (key, value) in members { count += JSONValue.encodedByteCount(of: key) + 1 + value.encodedByteCount }
            return count
        }
    }

    /// A string's size in quotes, with escapes; read from the string's own storage where it has
    /// one, which every native string does.
    private static func encodedByteCount(of text: String) -> Int {
        text.utf8.withContiguousStorageIfAvailable(encodedByteCount(ofUTF8:)) ?? encodedByteCount(ofUTF8: text.utf8)
    }

    /// A string's size in quotes, with escapes, from its UTF-8 bytes: also what the parser
    /// counts for a string it had to unescape.
    static func encodedByteCount(ofUTF8 bytes: some Sequence<UInt8>) -> Int {
        var count = 2
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09, 0x08, 0x0C: count += 2
            case ..<0x20: count += 6
            default: count += 1
            }
        }
        return count
    }

    /// The value as JSON text; see ``encoded(_:)``.
    public func jsonText(_ style: EncodingStyle = .compact) -> String {
        String(decoding: encoded(style), as: UTF8.self)
    }

    private func write(to output: inout [UInt8], style: EncodingStyle, indent: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.text.utf8)
        case .string(let text): JSONValue.writeString(text, to: &output)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, output: &output, style: style, indent: indent) { index, output in
                elements[index].write(to: &output, style: style, indent: indent + 1)
            }
        case .object(let members):
            let keys = members.keys.sorted()
            writeContainer(open: "{", close: "}", count: keys.count, output: &output, style: style, indent: indent) { index, output in
                JSONValue.writeString(keys[index], to: &output)
                output.append(contentsOf: (style.prettyPrinted ? ": " : ":").utf8)
                members[keys[index]]!.write(to: &output, style: style, indent: indent + 1)
            }
        }
    }

    private func writeContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, output: inout [UInt8], style: EncodingStyle, indent: Int,
        element: (Int, inout [UInt8]) -> Void
    ) {
        output.append(UInt8(ascii: open))
        for index in 0..<count {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if style.prettyPrinted {
                output.append(0x0A)
                output.append(contentsOf: repeatElement(0x20, count: 2 * (indent + 1)))
            }
            element(index, &output)
        }
        if style.prettyPrinted, count > 0 {
            output.append(0x0A)
            output.append(contentsOf: repeatElement(0x20, count: 2 * indent))
        }
        output.append(UInt8(ascii: close))
    }

    private static func writeString(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
            case 0x0A: output.append(contentsOf: #"\n"#.utf8)
            case 0x0D: output.append(contentsOf: #"\r"#.utf8)
            case 0x09: output.append(contentsOf: #"\t"#.utf8)
            case 0x08: output.append(contentsOf: #"\b"#.utf8)
            case 0x0C: output.append(contentsOf: #"\f"#.utf8)
            case ..<0x20:
                let hex = String(byte, radix: 16)
                output.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
