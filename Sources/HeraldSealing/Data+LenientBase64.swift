import Foundation

extension Data {
    /// Decodes standard or URL-safe base64, with or without `=` padding, ignoring surrounding
    /// whitespace; `nil` for anything else (inner whitespace, foreign characters, a stray `=`).
    package init?(lenientBase64 text: String) {
        var body = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        var padding = 0
        while body.last == "=", padding < 2 {
            body.removeLast()
            padding += 1
        }
        var normalized = ""
        normalized.reserveCapacity(body.utf8.count + 2)
        for character in body.unicodeScalars {
            switch character {
            case "A"..."Z", "a"..."z", "0"..."9", "+", "/": normalized.unicodeScalars.append(character)
            case "-": normalized.append("+")
            case "_": normalized.append("/")
            default: return nil
            }
        }
        switch normalized.utf8.count % 4 {
        case 0: break
        case 1: return nil
        case let remainder: normalized += String(repeating: "=", count: 4 - remainder)
        }
        guard let data = Data(base64Encoded: normalized) else { return nil }
        self = data
    }
}
