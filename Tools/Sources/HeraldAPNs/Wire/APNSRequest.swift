import Foundation
import HeraldSending

/// One notification for one device, as APNs's `POST /3/device/<token>` carries it.
///
/// The wire format exists once: ``wireRequest(authorization:)`` writes it and
/// ``init(parsing:)`` reads it back with every rule of the reference, so the client's
/// ``validate()`` and the emulator's checks are the same code.
public struct APNSRequest: Hashable, Sendable {
    /// The largest `apns-collapse-id`, in UTF-8 bytes (``APNSCollapseID/maximumByteCount``).
    public static let maximumCollapseIDByteCount = APNSCollapseID.maximumByteCount

    public var deviceToken: DeviceToken
    /// `apns-topic`: the app's bundle id, with the push type's suffix.
    public var topic: String
    /// `apns-push-type`.
    public var pushType: APNSPushType
    /// `apns-priority`; `nil` sends no header (APNs then uses 10).
    public var priority: APNSPriority?
    /// `apns-expiration` in UNIX seconds; 0 means one attempt, not stored; `nil` sends no header.
    public var expiration: Int?
    /// `apns-collapse-id`: notifications with the same id replace each other on the device.
    public var collapseID: String?
    /// `apns-id`; `nil` lets APNs create one.
    public var apnsID: UUID?
    /// The JSON body.
    public var payload: Data

    /// - Parameters: see the properties.
    public init(
        deviceToken: DeviceToken, topic: String, pushType: APNSPushType = .default, priority: APNSPriority? = nil,
        expiration: Int? = nil, collapseID: String? = nil, apnsID: UUID? = nil, payload: Data
    ) {
        self.deviceToken = deviceToken
        self.topic = topic
        self.pushType = pushType
        self.priority = priority
        self.expiration = expiration
        self.collapseID = collapseID
        self.apnsID = apnsID
        self.payload = payload
    }

    /// The request's path.
    public var path: String { "/3/device/\(deviceToken.hex)" }

    /// The request as it travels, each header once.
    ///
    /// - Parameter authorization: the provider token (JWT) for `authorization: bearer …`;
    ///   `nil` sends no authorization header.
    /// - Returns: `POST`, the path, the headers in a fixed order, the payload.
    public func wireRequest(authorization: String?) -> APNSWireRequest {
        wireRequest(authorizationHeader: authorization.map { "bearer \($0)" })
    }

    /// ``wireRequest(authorization:)`` with the `authorization` header's value written already
    /// (`bearer <provider token>`): a batch makes it once per provider token, not once per
    /// notification, and the HPACK encoder then finds the very same string in its table.
    func wireRequest(authorizationHeader: String?) -> APNSWireRequest {
        var headers: [APNSHeader] = []
        headers.reserveCapacity(8)  // every header it may write: one allocation, not one per doubling
        if let authorizationHeader { headers.append(APNSHeader(APNSHeaderName.authorization, authorizationHeader)) }
        headers.append(APNSHeader(APNSHeaderName.pushType, pushType.rawValue))
        headers.append(APNSHeader(APNSHeaderName.topic, topic))
        if let priority { headers.append(APNSHeader(APNSHeaderName.priority, String(priority.rawValue))) }
        if let expiration { headers.append(APNSHeader(APNSHeaderName.expiration, String(expiration))) }
        if let collapseID { headers.append(APNSHeader(APNSHeaderName.collapseID, collapseID)) }
        if let apnsID { headers.append(APNSHeader(APNSHeaderName.id, apnsID.lowercasedText)) }
        headers.append(APNSHeader("content-type", "application/json"))
        return APNSWireRequest(method: "POST", path: path, headers: headers, body: payload)
    }

    /// Checks the request against APNs's rules before it is sent.
    ///
    /// - Throws: ``APNSRequestError`` with the reason APNs would answer with, for example
    ///   ``APNSErrorReason/badCollapseID``, ``APNSErrorReason/badPriority`` (a background push
    ///   must have priority 5), ``APNSErrorReason/badTopic`` (suffix for the push type),
    ///   ``APNSErrorReason/payloadTooLarge`` or ``APNSErrorReason/payloadEmpty``.
    public func validate() throws(APNSRequestError) {
        _ = try APNSRequest(parsing: wireRequest(authorization: nil))
    }
}
