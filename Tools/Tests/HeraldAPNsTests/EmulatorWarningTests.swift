import Foundation
import HeraldAPNs
import HeraldCore
@testable import HeraldAPNsEmulator
import HeraldTestSupport
import HeraldToolsTestSupport
import NIOEmbedded
import Testing

/// Refused provider tokens are warned of where a person sees them, each reason once and a few
/// a minute, however many different ones a client makes up.
@Suite struct EmulatorWarningTests {
    /// A provider token with this `kid`, well formed but signed by nobody.
    static func token(kid: String) -> String {
        func part(_ json: JSONValue) -> String {
            json.encoded().base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        return part(["alg": "ES256", "kid": .string(kid)]) + "." + part(["iss": "TEAM123456", "iat": .number(JSONNumber(Int(Date().timeIntervalSince1970)))]) + ".AAAA"
    }

    static func request(kid: String) -> APNSWireRequest {
        APNSWireRequest(
            method: "POST", path: "/3/device/" + String(repeating: "a1", count: 32),
            headers: [APNSHeader("authorization", "bearer " + token(kid: kid)), APNSHeader("apns-topic", "com.example.chat")], body: Data("{}".utf8))
    }

    @Test func twoThousandMadeUpKeyIDsWarnTenTimesAndTheRestAtDebugLevel() throws {
        let log = LogRecorder()
        let configuration = APNSEmulator.Configuration(keys: EmulatorStartTests.keys, logger: log.logger)
        let responder = EmulatorResponder(configuration: configuration, log: try NotificationLog(logFile: nil, simctlDirectory: nil))
        let loop = EmbeddedEventLoop()
        for n in 0..<2000 {
            var connection = HTTP2Server.ConnectionState()
            let answer = try responder.answer(Self.request(kid: "KEY\(n)"), connection: &connection, on: loop).wait()
            #expect(answer.response.status == 403)
        }
        let warnings = log.entries.filter { $0.level == .warning }
        #expect(warnings.count == 10, "\(warnings.map(\.message))")
        #expect(warnings.first?.message == #"refused with InvalidProviderToken: the provider token's kid "KEY0" is not a key this server knows"#)
        #expect(log.entries.filter { $0.level == .debug && $0.message == "refused" }.count == 1990)
        #expect(responder.statistics.refused["InvalidProviderToken"] == 2000)
    }

    @Test func aKeyIDIsQuotedAsTheClientSentItForTheLogHandlerToEscape() throws {
        let log = LogRecorder()
        let responder = EmulatorResponder(
            configuration: APNSEmulator.Configuration(keys: EmulatorStartTests.keys, logger: log.logger), log: try NotificationLog(logFile: nil, simctlDirectory: nil))
        var connection = HTTP2Server.ConnectionState()
        _ = try responder.answer(Self.request(kid: "K\u{9B}31m\u{202E}"), connection: &connection, on: EmbeddedEventLoop()).wait()
        #expect(log.entries.first { $0.level == .warning }?.message.contains("\"K\u{9B}31m\u{202E}\"") == true)
    }

    @Test func aWarningIsSaidOnceAndAFullWindowHoldsTheRestBackAndCountsThem() {
        var throttle = WarningThrottle(remembered: 3, perWindow: 2, window: .seconds(60))
        let start = ContinuousClock.now
        // (warning, seconds after the start, what is decided)
        let steps: [(String, Int, WarningThrottle.Decision)] = [
            ("a", 0, .init(say: true, heldBack: 0)), ("a", 0, .init(say: false, heldBack: 0)), ("b", 0, .init(say: true, heldBack: 0)),
            // The window is full: held back.
            ("c", 0, .init(say: false, heldBack: 0)), ("d", 59, .init(say: false, heldBack: 0)),
            // The next window: the two held back are counted, and new warnings are said again.
            ("c", 60, .init(say: true, heldBack: 2)), ("a", 61, .init(say: false, heldBack: 0)),
            // Only the last three said are remembered: saying "e" forgets "a".
            ("e", 61, .init(say: true, heldBack: 0)), ("f", 61, .init(say: false, heldBack: 0)), ("a", 120, .init(say: true, heldBack: 1)),
        ]
        for (warning, seconds, expected) in steps {
            let decision = throttle.decide(warning, at: start.advanced(by: .seconds(seconds)))
            #expect(decision == expected, "\(warning) at \(seconds) s")
        }
    }
}
