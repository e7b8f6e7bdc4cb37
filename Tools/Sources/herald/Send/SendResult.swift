import Foundation
import HeraldAPNs
import HeraldCore

/// One device's outcome, as `herald send` reports it: what the client said, typed, until it is
/// printed.
struct SendResult {
    /// What became of the notification.
    enum Outcome {
        /// APNs accepted it, with this `apns-id`.
        case accepted(apnsID: UUID)
        /// It was not delivered, for the client's typed reason.
        case failed(APNSFailure)
        /// It was not sent: the token given is another service's, or no token at all.
        case notAnAPNsToken(ForeignToken)
    }

    /// The token as given (a foreign one shown safely).
    var token: String
    var outcome: Outcome
    var attempts: Int
    /// The attempts whose request went out whole and whose answer was lost.
    var possiblyDeliveredAttempts: [Int] = []
    /// How many more copies than one APNs may have taken.
    var possibleDuplicates = 0
    var collapseID: String?

    /// A token that is not an APNs device token, which is not sent.
    ///
    /// - Parameters:
    ///   - token: the token as shown (``ForeignToken/display(_:)``).
    ///   - kind: what it is.
    init(token: String, notAnAPNsToken kind: ForeignToken) {
        self.token = token
        outcome = .notAnAPNsToken(kind)
        attempts = 0
    }

    /// The result of an APNs delivery.
    init(_ delivery: APNSDelivery) {
        token = delivery.deviceToken.hex
        switch delivery.outcome {
        case .delivered(let apnsID): outcome = .accepted(apnsID: apnsID)
        case .failed(let failure): outcome = .failed(failure)
        }
        attempts = delivery.attempts
        possiblyDeliveredAttempts = delivery.possiblyDeliveredAttempts
        possibleDuplicates = delivery.possibleDuplicates
        collapseID = delivery.collapseID
    }

    var delivered: Bool {
        if case .accepted = outcome { return true }
        return false
    }

    /// The client's failure, when it failed.
    var failure: APNSFailure? {
        if case .failed(let failure) = outcome { return failure }
        return nil
    }

    var apnsID: String? {
        if case .accepted(let apnsID) = outcome { return apnsID.lowercasedText }
        return nil
    }

    /// The answer's HTTP status: 200 when accepted.
    var status: Int? {
        delivered ? 200 : failure?.status
    }

    /// The reason as printed: APNs's, or `NotAnAPNsToken`.
    var reason: String? {
        switch outcome {
        case .accepted: nil
        case .failed(let failure): failure.reason?.rawValue
        case .notAnAPNsToken: "NotAnAPNsToken"
        }
    }

    /// Whether the backend should delete the token; never for a token that is not APNs's.
    var deleteToken: Bool { failure?.shouldDeleteToken ?? false }

    var message: String? {
        switch outcome {
        case .accepted: nil
        case .failed(let failure): failure.message
        case .notAnAPNsToken(let kind): "not sent: \(kind.name); \(kind.advice)"
        }
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
        object["invalidSince"] = failure?.timestamp.map { .string($0.formatted(.iso8601)) }
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
