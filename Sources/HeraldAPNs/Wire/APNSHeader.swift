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
        let wanted = name.lowercased()
        return filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// The value of the first header with this name.
    public func first(named name: String) -> String? { values(named: name).first }
}
