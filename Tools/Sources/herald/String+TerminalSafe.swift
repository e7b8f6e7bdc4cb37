import HeraldCore

extension String {
    /// The text with every character that could steer a terminal written out visibly
    /// (`\u{1B}`): C0 controls but tab and newline, DEL, C1 controls, and the bidirectional
    /// embeddings, overrides and isolates that reorder what is shown.
    ///
    /// Payloads, projects and servers supply much of what `herald` prints; none of it may move
    /// the cursor, recolour the terminal or disguise what it says.
    var terminalSafe: String {
        escaping(where: Self.steers, as: Self.visible)
    }

    /// ``terminalSafe``, with newlines written out too (`\u{A}`): text that must stay on one
    /// line, such as a log line, which a line break in it could otherwise forge.
    var terminalSafeLine: String {
        escaping(where: { $0 == "\n" || Self.steers($0) }, as: Self.visible)
    }

    /// JSON text with the same characters written as JSON escapes (`\u009b`), which read back as
    /// the same strings: JSON printed for a terminal stays the JSON it was.
    ///
    /// The encoder already escapes C0 controls; DEL, C1 controls and the bidirectional
    /// controls can only stand inside strings, where `\uXXXX` is their JSON spelling.
    var terminalSafeJSON: String {
        escaping(where: Self.steers) { scalar in
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    private func escaping(where escaped: (Unicode.Scalar) -> Bool, as escape: (Unicode.Scalar) -> String) -> String {
        guard unicodeScalars.contains(where: escaped) else { return self }
        var result = ""
        result.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if escaped(scalar) {
                result += escape(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func visible(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    private static func steers(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// Prints text for a person at a terminal, made safe with ``Swift/String/terminalSafe``.
func printText(_ text: String) {
    print(text.terminalSafe)
}

/// Prints a JSON value, with the characters that steer a terminal escaped the JSON way
/// (``Swift/String/terminalSafeJSON``), so the output is still the same JSON.
func printJSON(_ value: JSONValue, _ style: JSONValue.EncodingStyle = .compact) {
    print(value.jsonText(style).terminalSafeJSON)
}
