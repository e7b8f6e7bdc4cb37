/// A JSON Pointer (RFC 6901) such as `/custom/a/sender_id`, as layouts use them.
///
/// Resolution is lenient in one documented way: a step that meets a *string* holding a JSON
/// object or array parses that string and goes on, because FCM forces every data value into a
/// string and providers nest JSON that way (`"communication": "{\"sender_name\": ...}"`).
public struct JSONPointer: Hashable, Sendable, CustomStringConvertible {
    /// The unescaped reference tokens; empty for the whole document.
    public let tokens: [String]
    /// The ``MemberDigest`` bit of the first token, worked out once rather than on every
    /// payload a layout reads; every bit when there is no first token or it is not ASCII.
    let firstTokenBit: UInt64

    /// Parses pointer text.
    ///
    /// - Parameter text: `""` for the whole document, or `/`-separated tokens with `~0` for `~`
    ///   and `~1` for `/`.
    /// - Returns: `nil` when the text is neither empty nor starts with `/`, or holds a `~` not
    ///   followed by `0` or `1`.
    public init?(_ text: String) {
        guard !text.isEmpty else {
            self.init(tokens: [])
            return
        }
        guard text.hasPrefix("/") else { return nil }
        var tokens: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let character = iterator.next() {
                guard character == "~" else {
                    token.append(character)
                    continue
                }
                switch iterator.next() {
                case "0": token.append("~")
                case "1": token.append("/")
                default: return nil
                }
            }
            tokens.append(token)
        }
        self.init(tokens: tokens)
    }

    /// A pointer from unescaped tokens.
    public init(tokens: [String]) {
        self.tokens = tokens
        firstTokenBit = tokens.first.map(MemberDigest.bit) ?? .max
    }

    public var description: String {
        tokens.map { "/" + JSONPointer.escape($0) }.joined()
    }

    /// This pointer followed by `other`'s tokens.
    public func appending(_ other: JSONPointer) -> JSONPointer {
        JSONPointer(tokens: tokens + other.tokens)
    }

    /// Escapes one token: `~` as `~0`, `/` as `~1`.
    public static func escape(_ token: String) -> String {
        // Most tokens have neither: no Foundation search for those.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The value this pointer reaches in `document`, or `nil` when a step finds nothing.
    ///
    /// An array step takes a decimal index. A step that meets a string holding a JSON object or
    /// array parses it first; a string that does not parse ends the walk with `nil`.
    public func resolve(in document: JSONValue) -> JSONValue? {
        var current = document
        for token in tokens {
            if case .string(let text) = current, let nested = JSONPointer.embeddedContainer(text) {
                current = nested
            }
            switch current {
            case .object(let members):
                guard let next = members[token] else { return nil }
                current = next
            case .array(let elements):
                guard let position = Int(token), token.first != "+", elements.indices.contains(position) else { return nil }
                current = elements[position]
            default:
                return nil
            }
        }
        return current
    }

    /// A string's content parsed as JSON, when it is an object or array written as text.
    public static func embeddedContainer(_ text: String) -> JSONValue? {
        guard let first = text.utf8.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }),
            first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        else { return nil }
        // A string that only looks like JSON is just text: no value here, and nothing to report.
        return try? JSONValue(parsing: text)
    }
}

extension JSONValue {
    /// Stores `value` at `pointer`, creating objects along the way.
    ///
    /// Used by layouts to encode; a step that meets a non-object replaces it with an object, so
    /// encoding into an empty payload always succeeds. An empty pointer replaces the whole value.
    public mutating func set(_ value: JSONValue, at pointer: JSONPointer) {
        set(value, tokens: pointer.tokens[...])
    }

    private mutating func set(_ value: JSONValue, tokens: ArraySlice<String>) {
        guard let first = tokens.first else {
            self = value
            return
        }
        var members = objectValue ?? [:]
        var child = members[first] ?? .object([:])
        child.set(value, tokens: tokens.dropFirst())
        members[first] = child
        self = .object(members)
    }
}
