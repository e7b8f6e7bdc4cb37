import Foundation
import HeraldAPNs
import Logging
import HeraldCore
import NIOConcurrencyHelpers
import NIOCore
import HeraldSending

/// Decides the emulator's answer to each request: a scheduled fault, or APNs's rules.
///
/// The order: faults; the provider token (`authorization`, and no new one on a connection
/// within 20 minutes of the last); the request's headers and body by
/// ``APNSRequest/init(parsing:)``; a device token shorter than 32 bytes gets `BadDeviceToken`;
/// the body must be a JSON object; an unregistered device token gets 410. What passes is
/// accepted, logged, and answered 200. Every answer carries an `apns-id`: the request's, or
/// one made for it.
final class EmulatorResponder: Sendable {
    private struct State {
        var generator: SeededGenerator
        var requests = 0
        var tooManyRequestsLeft = 0
        /// Tokens already verified, with their issue time: the signature is checked once per token.
        var verifiedTokens: [String: Date] = [:]
        var statistics = EmulatorStatistics()
        /// Why provider tokens were refused, at warning level: each reason once, a few a minute.
        var credentialWarnings = WarningThrottle()
    }

    /// The shortest device token the emulator takes for one APNs could have issued.
    static let minimumDeviceTokenByteCount = 32

    private let configuration: APNSEmulator.Configuration
    private let keys: [String: APNSVerificationKey]
    private let log: NotificationLog
    private let logger: Logger
    private let state: NIOLockedValueBox<State>

    init(configuration: APNSEmulator.Configuration, log: NotificationLog) {
        self.configuration = configuration
        self.keys = Dictionary(configuration.keys.map { ($0.keyID, $0) }) { first, _ in first }
        self.log = log
        self.logger = configuration.logger
        self.state = NIOLockedValueBox(State(generator: SeededGenerator(seed: configuration.faults.seed)))
    }

    var statistics: EmulatorStatistics { state.withLockedValue { $0.statistics } }

    /// - Parameters:
    ///   - request: the request as received.
    ///   - connection: what its connection remembers; a valid provider token is noted there.
    ///   - eventLoop: the connection's event loop, where the answer is reported.
    /// - Returns: the answer, once it is known: at once for a refusal or a fault, after the
    ///   notification is written down for an acceptance. It never fails.
    func answer(_ request: APNSWireRequest, connection: inout HTTP2Server.ConnectionState, on eventLoop: any EventLoop) -> EventLoopFuture<HTTP2Server.Answer> {
        let faults = configuration.faults
        let delay = faults.latency > .zero ? faults.latency : nil
        // A malformed apns-id is refused below (BadMessageId), with an id of APNs's own.
        let apnsID = request.headers.first(named: APNSHeaderName.id).flatMap(UUID.init(text:)) ?? UUID.version4(using: &connection.random)
        var lostAnswer: HTTP2Server.Fault?
        let fault = scheduledFault()
        if let fault { logger.debug("fault injected", metadata: ["apns.id": "\(apnsID.lowercasedText)", "emulator.fault": "\(fault)"]) }
        switch fault {
        case .server(let reason)?:
            var response = APNSResponse(refusing: reason, apnsID: apnsID).wireResponse
            if let retryAfter = faults.retryAfter, reason == .tooManyRequests || reason == .serviceUnavailable {
                response.headers.append(APNSHeader("retry-after", String(retryAfter.components.seconds)))
            }
            return eventLoop.makeSucceededFuture(HTTP2Server.Answer(response: response, delay: delay))
        case .transport(let transport)?:
            let response = APNSResponse(status: 500, apnsID: apnsID).wireResponse  // what a stalled answer's HEADERS show
            return eventLoop.makeSucceededFuture(HTTP2Server.Answer(response: response, delay: delay, fault: transport))
        case .loseAnswer(let transport)?:
            lostAnswer = transport
        case nil:
            break
        }
        let accepted: (request: APNSRequest, payload: JSONValue)
        do {
            accepted = try check(request, connection: &connection)
        } catch {
            return eventLoop.makeSucceededFuture(refuse(request, error, apnsID: apnsID, delay: delay))
        }
        let lostAnswerFault = lostAnswer
        let uniqueID = UUID.version4(using: &connection.random).lowercasedText
        return log.record(accepted.request, headers: request.headers, payload: accepted.payload, apnsID: apnsID, on: eventLoop).map {
            [state] in
            state.withLockedValue { state in
                state.statistics.accepted += 1
                if lostAnswerFault != nil { state.statistics.faultsInjected += 1 }
            }
            let response = APNSResponse(status: 200, apnsID: apnsID, uniqueID: uniqueID)
            return HTTP2Server.Answer(response: response.wireResponse, delay: delay, fault: lostAnswerFault)
        }.recover { [self] error in
            // Nothing is accepted that was not written down: a log that cannot be written is a 500.
            logger.warning("could not write the notification log", metadata: ["apns.id": "\(apnsID.lowercasedText)", "error": "\(error)"])
            return refuse(request, APNSRequestError(.internalServerError, "the emulator could not write its log: \(error)"), apnsID: apnsID, delay: delay)
        }
    }

    private func refuse(_ request: APNSWireRequest, _ error: APNSRequestError, apnsID: UUID, delay: Duration?) -> HTTP2Server.Answer {
        // A sender's credentials are wrong for every request it makes: why is said once, where a
        // person running the emulator sees it (APNs itself never says which check failed).
        // The client chooses much of that text, so the warnings are throttled.
        let isCredentials = [.invalidProviderToken, .expiredProviderToken, .missingProviderToken].contains(error.reason)
        let warning = "refused with \(error.reason.rawValue): \(error.message)"
        let decision = state.withLockedValue { state in
            state.statistics.refused[error.reason.rawValue, default: 0] += 1
            return isCredentials ? state.credentialWarnings.decide(warning, at: .now) : WarningThrottle.Decision(say: false, heldBack: 0)
        }
        if decision.heldBack > 0 {
            logger.warning("\(decision.heldBack) more refused provider tokens not shown (each refusal is logged at debug level)")
        }
        if decision.say {
            logger.warning("\(warning)")
        } else {
            logger.debug(
                "refused", metadata: ["apns.id": "\(apnsID.lowercasedText)", "apns.reason": "\(error.reason.rawValue)", "emulator.why": "\(error.message)"])
        }
        let response = APNSResponse(refusing: error.reason, apnsID: apnsID, timestamp: error.reason == .unregistered ? unregisteredSince(request) : nil)
        return HTTP2Server.Answer(response: response.wireResponse, delay: delay)
    }

    private enum ScheduledFault: CustomStringConvertible {
        /// Answered with this refusal instead.
        case server(APNSErrorReason)
        /// Not processed: the stream or connection fails instead.
        case transport(HTTP2Server.Fault)
        /// Processed, then the answer fails this way.
        case loseAnswer(HTTP2Server.Fault)

        /// For the log: "answered 503 ServiceUnavailable", "GOAWAY Shutdown", "accepted, then
        /// reset the stream".
        var description: String {
            switch self {
            case .server(let reason): "answered \(reason.status.map { "\($0) " } ?? "")\(reason.rawValue)"
            case .transport(let fault): "\(fault)"
            case .loseAnswer(let fault): "accepted, then \(fault)"
            }
        }
    }

    /// The ways ``EmulatorFaults/loseAnswerEvery`` loses an answer, in turn.
    private static let answerLosses: [HTTP2Server.Fault] = [.resetStream, .closeConnection, .stallAfterHeaders]

    private func scheduledFault() -> ScheduledFault? {
        let faults = configuration.faults
        return state.withLockedValue { state -> ScheduledFault? in
            state.requests += 1
            state.statistics.received += 1
            let number = state.requests
            var fault: ScheduledFault?
            if faults.closeConnectionEvery > 0, number % faults.closeConnectionEvery == 0 {
                fault = .transport(.closeConnection)
            } else if faults.goAwayEvery > 0, number % faults.goAwayEvery == 0 {
                fault = .transport(.goAway(reason: APNSErrorReason.shutdown.rawValue))
            } else if faults.stallEvery > 0, number % faults.stallEvery == 0 {
                fault = .transport(.stallAfterHeaders)
            } else if faults.loseAnswerEvery > 0, number % faults.loseAnswerEvery == 0 {
                // Counted as injected only if the notification is accepted (see answer(_:)).
                return .loseAnswer(Self.answerLosses[(number / faults.loseAnswerEvery - 1) % Self.answerLosses.count])
            } else if faults.resetShare > 0, Double.random(in: 0..<1, using: &state.generator) < faults.resetShare {
                fault = .transport(.resetStream)
            } else if faults.tooManyRequestsEvery > 0, number % faults.tooManyRequestsEvery == 0 {
                state.tooManyRequestsLeft = max(faults.tooManyRequestsBurst, 1)
            }
            if fault == nil, state.tooManyRequestsLeft > 0 {
                state.tooManyRequestsLeft -= 1
                fault = .server(.tooManyRequests)
            }
            if fault == nil, faults.serverErrorShare > 0, Double.random(in: 0..<1, using: &state.generator) < faults.serverErrorShare {
                fault = .server(Bool.random(using: &state.generator) ? .internalServerError : .serviceUnavailable)
            }
            if fault != nil { state.statistics.faultsInjected += 1 }
            return fault
        }
    }

    /// APNs's rules, up to what is left to accept the notification: writing it down.
    private func check(
        _ wire: APNSWireRequest, connection: inout HTTP2Server.ConnectionState
    ) throws(APNSRequestError) -> (request: APNSRequest, payload: JSONValue) {
        try verifyProviderToken(wire.headers, connection: &connection)
        let request = try APNSRequest(parsing: wire)
        // The emulator's model: today's tokens are 32 bytes, and Apple warns they may grow, so
        // only shorter ones are refused, as APNs refuses a token it never issued.
        guard request.deviceToken.hex.count >= 2 * Self.minimumDeviceTokenByteCount else {
            throw APNSRequestError(.badDeviceToken, "the device token is \(request.deviceToken.hex.count / 2) bytes; APNs issues \(Self.minimumDeviceTokenByteCount)")
        }
        guard let payload = try? JSONValue(parsing: request.payload), payload.objectValue != nil else {  // not JSON: refused just below
            throw APNSRequestError(.payloadEmpty, "the body is not a JSON object (the emulator's model: APNs documents no reason for this)")
        }
        if configuration.unregisteredTokens[request.deviceToken.hex] != nil {
            throw APNSRequestError(.unregistered, "the device token is marked unregistered")
        }
        return (request, payload)
    }

    /// Verifies the provider token, and holds a connection to APNs's pace of token updates:
    /// a new valid token within ``APNSEmulator/Configuration/tokenUpdateMinimumInterval`` of
    /// the one in use is refused, and the one in use stays.
    private func verifyProviderToken(_ headers: [APNSHeader], connection: inout HTTP2Server.ConnectionState) throws(APNSRequestError) {
        let token = try bearerToken(headers)
        let now = Date()
        if let current = connection.providerToken, current.value == token {
            // The token in use, verified when it was taken: only its age can have changed.
            try checkAge(issuedAt: current.issuedAt, now: now)
            return
        }
        let issuedAt = try verifiedIssueTime(of: token, now: now)
        if let current = connection.providerToken {
            let interval = TimeInterval(configuration.tokenUpdateMinimumInterval.components.seconds)
            guard now.timeIntervalSince(current.since) >= interval else {
                throw APNSRequestError(
                    .tooManyProviderTokenUpdates, "a new provider token \(Int(now.timeIntervalSince(current.since))) s after the last on this connection; at most one every \(Int(interval)) s")
            }
        }
        logger.debug("provider token taken into use on a connection", metadata: ["emulator.replaces-another": "\(connection.providerToken != nil)"])
        connection.providerToken = (token, now, issuedAt)
    }

    /// The token of the request's `authorization: bearer <token>` header.
    private func bearerToken(_ headers: [APNSHeader]) throws(APNSRequestError) -> String {
        guard let authorization = headers.first(named: "authorization") else {
            throw APNSRequestError(.missingProviderToken, "there is no authorization header")
        }
        let prefix = "bearer "
        guard authorization.prefix(prefix.count).lowercased() == prefix else {  // not a lowercase copy of the whole token
            throw APNSRequestError(.invalidProviderToken, "the authorization header is not \"bearer <token>\"")
        }
        return String(authorization.dropFirst(prefix.count))
    }

    /// The token's issue time, once its signature, key, team and age are checked: the
    /// signature once per token, its age every time.
    private func verifiedIssueTime(of token: String, now: Date) throws(APNSRequestError) -> Date {
        if let issuedAt = state.withLockedValue({ $0.verifiedTokens[token] }) {
            try checkAge(issuedAt: issuedAt, now: now)
            return issuedAt
        }
        let verified = try APNSProviderToken.verify(token, keys: keys, now: now, maximumAge: configuration.tokenMaximumAge)
        state.withLockedValue { state in
            if state.verifiedTokens.count > 10_000 { state.verifiedTokens.removeAll() }
            state.verifiedTokens[token] = verified.issuedAt
        }
        return verified.issuedAt
    }

    /// Refuses a token verified before that has grown older than APNs accepts.
    private func checkAge(issuedAt: Date, now: Date) throws(APNSRequestError) {
        let maximumAge = TimeInterval(configuration.tokenMaximumAge.components.seconds)
        guard now.timeIntervalSince(issuedAt) <= maximumAge else {
            throw APNSRequestError(.expiredProviderToken, "the provider token is older than \(Int(maximumAge)) s")
        }
    }

    private func unregisteredSince(_ wire: APNSWireRequest) -> Date? {
        let hex = wire.path.split(separator: "/").last.map { String($0).lowercased() } ?? ""
        return configuration.unregisteredTokens[hex]
    }
}
