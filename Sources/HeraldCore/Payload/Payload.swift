import Foundation

/// A push payload as the phone receives it: the JSON and its typed `aps` view.
public struct Payload: Hashable, Sendable {
    /// The whole payload, losslessly.
    public let json: JSONValue
    /// The `aps` dictionary read leniently; `nil` when the payload has no `aps` key.
    public let aps: APS?
    /// Size of the compact JSON encoding: what APNs counts against its limit.
    public let byteCount: Int

    /// A payload from its JSON value.
    public init(json: JSONValue) {
        self.init(json: json, byteCount: json.encodedByteCount)
    }

    /// Parses a payload from JSON bytes.
    ///
    /// - Throws: ``JSONParseError`` with the line and column of the first problem.
    public init(data: some Collection<UInt8>) throws(JSONParseError) {
        // The parser counts the compact encoding's bytes as it goes: no second walk of the value.
        let parsed = try JSONParser.parse(Array(data))
        self.init(json: parsed.value, byteCount: parsed.compactByteCount)
    }

    private init(json: JSONValue, byteCount: Int) {
        self.json = json
        self.aps = json["aps"].map(APS.init(json:))
        self.byteCount = byteCount
    }

    /// Reads the `userInfo` iOS hands a notification service extension.
    ///
    /// - Throws: ``JSONValue/UnsupportedValueError`` for a value JSON cannot hold.
    public init(userInfo: [AnyHashable: Any]) throws(JSONValue.UnsupportedValueError) {
        self.init(json: try JSONValue(userInfo: userInfo))
    }
}
