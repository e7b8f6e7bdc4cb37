import Foundation
import HeraldCore
import HeraldSending

/// APNs's answer to one request: status, `apns-id`, and for a refusal the reason and, with 410,
/// since when the token is invalid.
///
/// ``init(wire:)`` reads an answer (the client); ``wireResponse`` writes one (the emulator).
public struct APNSResponse: Hashable, Sendable {
    /// The HTTP status; 200 means APNs accepted the notification.
    public var status: Int
    /// `apns-id`: the notification's id, given or created by APNs.
    public var apnsID: UUID?
    /// `apns-unique-id` (development only): an id to look the notification up in Apple's console.
    public var uniqueID: String?
    /// Why it was refused; `nil` on success. An answer without a readable reason gets
    /// `nil` here with the status still telling what class of failure it was.
    public var reason: APNSErrorReason?
    /// With 410: the moment since which the token is no longer valid.
    ///
    /// Only a moment from 1970 to the end of year 9999 travels: a timestamp outside that (before
    /// 1970, too large for a four-digit ISO 8601 year, or not finite) is ignored when read and
    /// left out when written.
    public var timestamp: Date?

    /// - Parameters: see the properties.
    public init(status: Int, apnsID: UUID? = nil, uniqueID: String? = nil, reason: APNSErrorReason? = nil, timestamp: Date? = nil) {
        self.status = status
        self.apnsID = apnsID
        self.uniqueID = uniqueID
        self.reason = reason
        self.timestamp = timestamp
    }

    /// A refusal with the status the reference gives for `reason` (400 for an unknown reason).
    public init(refusing reason: APNSErrorReason, apnsID: UUID? = nil, timestamp: Date? = nil) {
        self.init(status: reason.status ?? 400, apnsID: apnsID, reason: reason, timestamp: timestamp)
    }

    /// Whether APNs accepted the notification.
    public var isSuccess: Bool { status == 200 }

    /// Reads an answer. Lenient: a body that is not APNs's JSON leaves ``reason`` `nil`.
    ///
    /// - Parameter wire: status, headers and body as received.
    public init(wire: APNSWireResponse) {
        var reason: APNSErrorReason?
        var timestamp: Date?
        if wire.status != 200, let body = try? JSONValue(parsing: wire.body) {  // a non-JSON body keeps the status alone
            reason = body["reason"]?.stringValue.map(APNSErrorReason.init(rawValue:))
            timestamp = body["timestamp"]?.numberValue.map(\.doubleValue).flatMap { milliseconds in
                Self.timestampMilliseconds.contains(milliseconds) ? Date(timeIntervalSince1970: milliseconds / 1000) : nil
            }
        }
        self.init(
            status: wire.status, apnsID: wire.headers.first(named: APNSHeaderName.id).flatMap(UUID.init(text:)),
            uniqueID: wire.headers.first(named: APNSHeaderName.uniqueID), reason: reason, timestamp: timestamp)
    }

    /// The timestamps that travel, in milliseconds: 1970-01-01 to 9999-12-31T23:59:59.999Z.
    static let timestampMilliseconds: ClosedRange<Double> = 0...253_402_300_799_999

    /// The answer as it travels: `apns-id` (lowercase), `apns-unique-id`, and for a refusal the
    /// JSON body `{"reason": ..., "timestamp": <milliseconds>}`.
    public var wireResponse: APNSWireResponse {
        var headers: [APNSHeader] = []
        if let apnsID { headers.append(APNSHeader(APNSHeaderName.id, apnsID.lowercasedText)) }
        if let uniqueID { headers.append(APNSHeader(APNSHeaderName.uniqueID, uniqueID)) }
        var body = Data()
        if let reason {
            var object: [String: JSONValue] = ["reason": .string(reason.rawValue)]
            if let milliseconds = timestamp.map({ ($0.timeIntervalSince1970 * 1000).rounded() }), Self.timestampMilliseconds.contains(milliseconds) {
                object["timestamp"] = .number(JSONNumber(Int64(milliseconds)))
            }
            body = JSONValue.object(object).encoded()
            headers.append(APNSHeader("content-type", "application/json"))
        }
        return APNSWireResponse(status: status, headers: headers, body: body)
    }
}
