import Foundation

/// A public declaration of the stand-in, as `DeclarationScanner` reads it from a source file.
struct ScannedDeclaration: Equatable {
    /// The kind and qualified name, with argument labels for functions and initializers:
    /// `class UNNotificationContent`, `var UNNotificationContent.title`,
    /// `init INPerson.init(personHandle:nameComponents:displayName:image:contactIdentifier:customIdentifier:isMe:)`,
    /// `case UNError.Code.attachmentInvalidURL`, `extension INIntent: _INIntentSetImageKeyPath`.
    var key: String
    /// The `@available` attributes written directly above the declaration, in order, with runs
    /// of white space collapsed.
    var attributes: [String]
    /// Where it is: file name and line, for failure messages.
    var location: String
}

/// Reads the public declarations of a Swift source file and the `@available` attributes above
/// each, without a Swift parser: line by line, following braces to know which type a line is
/// a member of.
///
/// It understands the subset of Swift the stand-in is written in, and reports anything it
/// cannot follow in `problems` rather than guessing: an attribute that does not close on its
/// line, a type whose `{` is not on its declaration's line, a public declaration of a kind it
/// does not know, an `@available` on an extension without a conformance (it would silently
/// change the availability of every member), two declarations with the same key.
///
/// Counted as public: declarations with a `public` or `open` modifier; the cases of a public
/// enum; extensions that add a conformance (`extension INIntent: _INIntentSetImageKeyPath`).
/// Only members are counted, not locals: a line is read as a declaration only at the brace
/// depth of its enclosing type's body (or at the top level).
struct DeclarationScanner {
    private(set) var declarations: [ScannedDeclaration] = []
    private(set) var problems: [String] = []

    /// A type or extension body the scanner is inside.
    private struct Scope {
        var name: String
        var bodyDepth: Int
        var isPublicEnum: Bool
    }

    /// Scans `source`; `fileName` only labels locations.
    mutating func scan(_ source: String, fileName: String) {
        let lines = source.components(separatedBy: "\n")
        var depth = 0
        var scopes: [Scope] = []
        var pending: [String] = []
        var index = 0
        while index < lines.count {
            let location = "\(fileName):\(index + 1)"
            var text = Self.removingComment(lines[index]).trimmingCharacters(in: .whitespaces)
            var lastLine = index

            // Attributes at the start of the line; only `@available` ones are kept.
            while text.hasPrefix("@") {
                guard let (attribute, rest) = Self.splitLeadingAttribute(text) else {
                    problems.append("\(location): an attribute that does not close on its line")
                    break
                }
                if attribute.hasPrefix("@available") { pending.append(Self.collapsingSpaces(attribute)) }
                text = rest.trimmingCharacters(in: .whitespaces)
            }
            if text.isEmpty || text.hasPrefix("@") {
                index += 1
                continue  // blank, comment or attribute-only line: the attributes wait for their declaration
            }

            // A parameter list may span lines: read on until its parentheses close.
            while Self.parenthesisBalance(text) > 0 && lastLine + 1 < lines.count {
                lastLine += 1
                text += " " + Self.removingComment(lines[lastLine]).trimmingCharacters(in: .whitespaces)
            }

            let depthBefore = depth
            let scope = scopes.last
            if depthBefore == (scope?.bodyDepth ?? 0), let head = Self.head(of: text) {
                let qualifier = scope.map { $0.name + "." } ?? ""
                switch head.keyword {
                case "class", "struct", "enum", "protocol", "actor":
                    let name = Self.name(in: head.rest, stoppingAt: ":<{ ")
                    if head.isPublic { record("\(head.keyword) \(qualifier)\(name)", pending, location) }
                    if text.contains("{") {
                        scopes.append(
                            Scope(
                                name: qualifier + name, bodyDepth: depthBefore + 1,
                                isPublicEnum: head.keyword == "enum" && head.isPublic))
                    } else {
                        problems.append("\(location): `{` of \(name) is not on its declaration's line")
                    }
                case "extension":
                    let extended = Self.name(in: head.rest, stoppingAt: ":{ ")
                    if let colon = head.rest.firstIndex(of: ":") {
                        let conformances = head.rest[head.rest.index(after: colon)...]
                            .prefix { $0 != "{" }.trimmingCharacters(in: .whitespaces)
                        record("extension \(extended): \(conformances)", pending, location)
                    } else if !pending.isEmpty {
                        problems.append("\(location): `@available` on `extension \(extended)`, which adds no conformance")
                    }
                    if text.contains("{") {
                        scopes.append(Scope(name: extended, bodyDepth: depthBefore + 1, isPublicEnum: false))
                    } else {
                        problems.append("\(location): `{` of extension \(extended) is not on its line")
                    }
                case "case" where scope?.isPublicEnum == true:
                    for name in Self.caseNames(in: head.rest) {
                        record("case \(qualifier)\(name)", pending, location)
                    }
                case "init" where head.isPublic, "func" where head.isPublic:
                    record("\(head.keyword) \(qualifier)\(Self.functionName(head))", pending, location)
                case "var" where head.isPublic, "let" where head.isPublic:
                    record("\(head.keyword) \(qualifier)\(Self.name(in: head.rest, stoppingAt: ":= "))", pending, location)
                default:
                    if head.isPublic {
                        problems.append("\(location): a public `\(head.keyword)` the scanner does not know")
                    }
                }
            }
            pending = []

            for line in lines[index...lastLine] { depth += Self.braceBalance(Self.removingComment(line)) }
            scopes.removeAll { $0.bodyDepth > depth }
            index = lastLine + 1
        }
    }

    private mutating func record(_ key: String, _ attributes: [String], _ location: String) {
        if declarations.contains(where: { $0.key == key }) {
            problems.append("\(location): a second declaration with the key `\(key)`")
        }
        declarations.append(ScannedDeclaration(key: key, attributes: attributes, location: location))
    }

    // MARK: - Reading one declaration

    /// A declaration's first keyword, the text after it, and whether it is public.
    private struct Head {
        var keyword: String
        var rest: String
        var isPublic: Bool
    }

    private static let modifiers: Set<String> = [
        "public", "open", "internal", "package", "fileprivate", "private", "private(set)", "fileprivate(set)",
        "internal(set)", "override", "convenience", "required", "final", "static", "nonisolated", "mutating",
        "lazy", "weak", "dynamic", "indirect", "optional",
    ]
    private static let keywords: Set<String> = [
        "class", "struct", "enum", "protocol", "actor", "extension", "case", "func", "init", "var", "let",
        "typealias", "subscript", "associatedtype",
    ]

    /// The modifiers and keyword that start `text`, or nil when it is not a declaration.
    private static func head(of text: String) -> Head? {
        var rest = Substring(text)
        var isPublic = false
        while true {
            var word = rest.prefix { !$0.isWhitespace && $0 != "(" && $0 != "<" && $0 != "?" }
            if rest.dropFirst(word.count).hasPrefix("(set)") { word = rest.prefix(word.count + 5) }
            let afterWord = rest.dropFirst(word.count).drop { $0.isWhitespace }
            // `class var`, `class func`: here `class` is a modifier, not the start of a class.
            let isClassModifier =
                word == "class" && ["var", "func", "let", "subscript"].contains { afterWord.hasPrefix($0 + " ") }
            if modifiers.contains(String(word)) || isClassModifier {
                if word == "public" || word == "open" { isPublic = true }
                rest = afterWord
            } else if keywords.contains(String(word)) {
                return Head(keyword: String(word), rest: String(rest.dropFirst(word.count)), isPublic: isPublic)
            } else {
                return nil
            }
        }
    }

    /// The name at the start of `text` (after white space), up to the first of `stops`, without backticks.
    private static func name(in text: String, stoppingAt stops: String) -> String {
        text.drop { $0.isWhitespace }.prefix { !stops.contains($0) }.filter { $0 != "`" }
    }

    /// The names of `case a`, `case a = 1`, `case a(Int)`, `case a, b`.
    private static func caseNames(in text: String) -> [String] {
        topLevelSplit(text).map { name(in: $0, stoppingAt: " =(:") }
    }

    /// `init(value:type:label:)`, `init?(url:)`, `donate(completion:)`, `~=(_:_:)`.
    private static func functionName(_ head: Head) -> String {
        var base: String
        if head.keyword == "init" {
            base = head.rest.hasPrefix("?") ? "init?" : "init"
        } else {
            base = name(in: head.rest, stoppingAt: "(< ")
        }
        guard let open = head.rest.firstIndex(of: "("), let parameters = insideParentheses(head.rest[open...]) else {
            return base + "(?)"
        }
        let isOperator = !(base.first.map { $0.isLetter || $0 == "_" } ?? false)
        let labels = topLevelSplit(String(parameters)).map { parameter -> String in
            if isOperator { return "_" }
            return String(parameter.drop { $0.isWhitespace }.prefix { !$0.isWhitespace && $0 != ":" })
        }
        base += "(" + labels.map { $0 + ":" }.joined() + ")"
        return base
    }

    // MARK: - Characters

    /// The text inside the parentheses that `text` starts with, or nil when they do not close.
    private static func insideParentheses(_ text: Substring) -> Substring? {
        var level = 0
        for index in text.indices {
            if text[index] == "(" { level += 1 }
            if text[index] == ")" {
                level -= 1
                if level == 0 { return text[text.index(after: text.startIndex)..<index] }
            }
        }
        return nil
    }

    /// `text` split at the commas not inside (), [] or <>; empty when `text` is blank.
    private static func topLevelSplit(_ text: String) -> [String] {
        guard !text.allSatisfy(\.isWhitespace) else { return [] }
        var parts: [String] = []
        var current = ""
        var level = 0
        var previous: Character = " "
        for character in text {
            switch character {
            case "(", "[", "<": level += 1
            case ")", "]": level -= 1
            case ">" where previous != "-": level -= 1  // not the `>` of `->`
            case "," where level == 0:
                parts.append(current)
                current = ""
                previous = character
                continue
            default: break
            }
            current.append(character)
            previous = character
        }
        parts.append(current)
        return parts
    }

    /// The attribute that `text` starts with (`@available(...)`, `@TaskLocal`) and what follows
    /// it; nil when its parentheses do not close on this line.
    private static func splitLeadingAttribute(_ text: String) -> (String, String)? {
        let name = text.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let afterName = text.index(text.startIndex, offsetBy: name.count + 1)
        guard text[afterName...].hasPrefix("(") else {
            return (String(text[..<afterName]), String(text[afterName...]))
        }
        var level = 0
        var inString = false
        for index in text[afterName...].indices {
            let character = text[index]
            if character == "\"" { inString.toggle() }
            guard !inString else { continue }
            if character == "(" { level += 1 }
            if character == ")" {
                level -= 1
                if level == 0 {
                    let end = text.index(after: index)
                    return (String(text[..<end]), String(text[end...]))
                }
            }
        }
        return nil
    }

    /// `line` without a trailing `//` comment (one inside a string literal stays).
    private static func removingComment(_ line: String) -> String {
        var inString = false
        var previous: Character = " "
        for index in line.indices {
            let character = line[index]
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == "/" && previous == "/" {
                return String(line[..<line.index(before: index)])
            }
            previous = character
        }
        return line
    }

    /// Opening minus closing occurrences of `open`/`close` outside string literals.
    private static func balance(_ line: String, _ open: Character, _ close: Character) -> Int {
        var inString = false
        var previous: Character = " "
        var result = 0
        for character in line {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString && character == open { result += 1 }
            if !inString && character == close { result -= 1 }
            previous = character
        }
        return result
    }

    private static func braceBalance(_ line: String) -> Int { balance(line, "{", "}") }
    private static func parenthesisBalance(_ line: String) -> Int { balance(line, "(", ")") }

    private static func collapsingSpaces(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
