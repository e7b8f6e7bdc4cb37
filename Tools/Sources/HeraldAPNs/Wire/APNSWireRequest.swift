import Foundation

/// An APNs request as it travels: method, path, headers, body. Built by
/// ``APNSRequest/wireRequest(authorization:)`` and read back by ``APNSRequest/init(parsing:)``.
public struct APNSWireRequest: Hashable, Sendable {
    public var method: String
    public var path: String
    public var headers: [APNSHeader]
    public var body: Data

    /// - Parameters: see the properties.
    public init(method: String, path: String, headers: [APNSHeader], body: Data) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}
