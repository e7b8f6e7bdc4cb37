/// One HTTP header of an APNs request or response, as it travels: names are lowercase in HTTP/2.
public struct APNSHeader: Hashable, Sendable {
    public var name: String
    public var value: String

    /// - Parameters:
    ///   - name: the header name; HTTP/2 sends it lowercase.
    ///   - value: the header value.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

extension [APNSHeader] {
    /// The values of every header with this name, compared case-insensitively.
    public func values(named name: String) -> [String] {
        filter { $0.hasName(name) }.map(\.value)
    }

    /// The value of the first header with this name.
    public func first(named name: String) -> String? { first { $0.hasName(name) }?.value }
}

extension APNSHeader {
    /// Whether the name is `name`, ignoring ASCII case; byte-wise, without making lowercase
    /// copies (every request's headers are looked up a dozen times).
    func hasName(_ name: String) -> Bool {
        // The lengths first: most names looked up are not the header's, and differ in length.
        // Then equal as written (HTTP/2 names are lowercase, and short ones compare as two words).
        guard self.name.utf8.count == name.utf8.count else { return false }
        return self.name == name || self.name.utf8.elementsEqual(name.utf8) { lhs, rhs in
            lhs == rhs || (lhs | 0x20 == rhs | 0x20 && (lhs | 0x20) >= UInt8(ascii: "a") && (lhs | 0x20) <= UInt8(ascii: "z"))
        }
    }
}
