import Foundation

/// An APNs answer as it travels: status, headers, body.
public struct APNSWireResponse: Hashable, Sendable {
    public var status: Int
    public var headers: [APNSHeader]
    public var body: Data

    /// - Parameters: see the properties.
    public init(status: Int, headers: [APNSHeader], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
