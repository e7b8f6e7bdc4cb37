/// Text made safe to place in HTML, between tags or in a quoted attribute.
enum HTMLText {
    /// Escapes `&`, `<`, `>`, `"` and `'`, and writes control characters other than line
    /// breaks and tabs as U+FFFD, so payload text can never become markup.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\n", "\t": escaped.unicodeScalars.append(scalar)
            case _ where scalar.properties.generalCategory == .control: escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
