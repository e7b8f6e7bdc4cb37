import Foundation
import HeraldAPNs
import HeraldCore

/// One device's outcome, as `herald send` reports it.
struct SendResult {
    var token: String
    var delivered: Bool
    var apnsID: String?
    var status: Int?
    var reason: String?
    var deleteToken: Bool
    var invalidSince: Date?
    var message: String?
    var attempts: Int
    /// The attempts whose request went out whole and whose answer was lost (APNs only).
    var possiblyDeliveredAttempts: [Int] = []
    /// How many more copies than one APNs may have taken.
    var possibleDuplicates = 0
    var collapseID: String?

    init(
        token: String, delivered: Bool, apnsID: String? = nil, status: Int? = nil, reason: String? = nil, deleteToken: Bool = false,
        invalidSince: Date? = nil, message: String? = nil, attempts: Int
    ) {
        self.token = token
        self.delivered = delivered
        self.apnsID = apnsID
        self.status = status
        self.reason = reason
        self.deleteToken = deleteToken
        self.invalidSince = invalidSince
        self.message = message
        self.attempts = attempts
    }

    /// The result of an APNs delivery.
    init(_ delivery: APNSDelivery) {
        switch delivery.outcome {
        case .delivered(let apnsID):
            self.init(token: delivery.deviceToken.hex, delivered: true, apnsID: apnsID.lowercasedText, status: 200, attempts: delivery.attempts)
        case .failed(let failure):
            self.init(
                token: delivery.deviceToken.hex, delivered: false, status: failure.status, reason: failure.reason?.rawValue,
                deleteToken: failure.shouldDeleteToken, invalidSince: failure.timestamp, message: failure.message, attempts: delivery.attempts)
        }
        possiblyDeliveredAttempts = delivery.possiblyDeliveredAttempts
        possibleDuplicates = delivery.possibleDuplicates
        collapseID = delivery.collapseID
    }

    /// One JSON object for `--json`.
    var json: JSONValue {
        var object: [String: JSONValue] = [
            "token": .string(token), "delivered": .bool(delivered), "deleteToken": .bool(deleteToken),
            "attempts": .number(JSONNumber(attempts)),
            "possiblyDeliveredAttempts": .array(possiblyDeliveredAttempts.map { .number(JSONNumber($0)) }),
        ]
        object["apnsID"] = apnsID.map(JSONValue.string)
        object["status"] = status.map { .number(JSONNumber($0)) }
        object["reason"] = reason.map(JSONValue.string)
        object["invalidSince"] = invalidSince.map { .string($0.formatted(.iso8601)) }
        object["message"] = message.map(JSONValue.string)
        object["collapseID"] = collapseID.map(JSONValue.string)
        return .object(object)
    }

    /// The failure's name for the summary: the reason; without one, the status or the
    /// transport failure with the client's explanation (which is then the same for every
    /// device it happens to, such as "not sent: nothing is listening at …").
    var failureName: String {
        if let reason { return reason }
        let explanation = message ?? "no answer"
        return status.map { "HTTP \($0): \(explanation)" } ?? explanation
    }

    /// The failure in one line: status and reason, and the message when it adds to them.
    var headline: String {
        guard let reason else { return failureName }
        let detail = message.flatMap { $0 == reason ? nil : ": \($0)" } ?? ""
        return "\(status.map { "\($0) " } ?? "")\(reason)\(detail)"
    }
}
