import Foundation
@_spi(HeraldTools) import HeraldCore

/// A payload built by ``PayloadBuilder``: the value, its bytes, and whether the text was cut.
public struct BuiltPayload: Hashable, Sendable {
    /// The payload.
    public var json: JSONValue
    /// The compact encoding sent to APNs; at most the builder's limit.
    public var data: Data
    /// How many characters (graphemes) of the text the body left out; 0 when it is whole.
    public var omittedCharacterCount: Int
    /// The `apns-collapse-id` (OneSignal's `collapse_id`) to send it with unless the caller
    /// chooses another: ``APNSCollapseID/default(for:isSealed:)``.
    public var collapseID: String?

    /// - Parameters: see the properties.
    public init(json: JSONValue, data: Data, omittedCharacterCount: Int, collapseID: String? = nil) {
        self.json = json
        self.data = data
        self.omittedCharacterCount = omittedCharacterCount
        self.collapseID = collapseID
    }

    /// Whether the body was shortened to fit.
    public var isShortened: Bool { omittedCharacterCount > 0 }

    /// Whether it is a background push (``PayloadBuilder/buildBackground(_:)``): `aps` has no
    /// alert.
    public var isBackground: Bool { json["aps"]?["alert"] == nil }
}
