import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// `herald send onesignal` against a loopback stand-in for api.onesignal.com.
@Suite("herald send onesignal")
struct SendOneSignalTests {
    static let apiKey = "os_v2_app_secretsecretsecret"

    static func json(_ status: Int, _ body: String) -> LoopbackServer.Behavior {
        .respond(status: status, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    static let arguments = [
        "send", "onesignal", "--app-id", "5eb5a37e-b458-11e3-ac11-000c2940e62c", "--external-id", "user-2210",
        "--sender-name", "Maya Lindqvist", "--text", "Rope is packed.", "--conversation", "conv-8c2f1e", "--group", "Weekend climbing",
    ]

    @Test func createsTheNotificationWithTheKeyFromTheEnvironment() async throws {
        let server = try LoopbackServer(routes: ["/notifications": Self.json(200, #"{"id":"b98881cc-1e94-4366-bbd9-db8f3429292b","external_id":null,"errors":[]}"#)])
        defer { server.stop() }
        let result = try await HeraldProcess.run(
            Self.arguments + ["--endpoint", server.url("/notifications").absoluteString], environment: ["HERALD_ONESIGNAL_API_KEY": Self.apiKey])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Created OneSignal notification b98881cc-1e94-4366-bbd9-db8f3429292b for 1 recipient"))
        let request = try #require(server.requests.first)
        #expect(request.headers["authorization"] == "Key \(Self.apiKey)")
        let body = try JSONValue(parsing: request.body)
        let delivered: JSONValue = ["aps": ["alert": ["body": "Rope is packed."], "mutable-content": 1], "custom": ["i": "n", "a": try #require(body["data"])]]
        #expect(Layout.oneSignal.decode(delivered).message.conversationIdentifier == "conv-8c2f1e")
        #expect(!result.stdout.contains(Self.apiKey) && !result.stderr.contains(Self.apiKey))
    }

    /// The re-probe: a 307 from the loopback endpoint to an address the endpoint check refuses
    /// was followed, the body posted again and reported "Created".
    @Test func aRedirectIsNotFollowed() async throws {
        let server = try LoopbackServer(routes: [
            "/notifications": .respond(status: 307, headers: ["Location": "/elsewhere"], body: Data()),
            "/elsewhere": Self.json(200, #"{"id":"b98881cc-1e94-4366-bbd9-db8f3429292b","errors":[]}"#),
        ])
        defer { server.stop() }
        let result = try await HeraldProcess.run(
            Self.arguments + ["--endpoint", server.url("/notifications").absoluteString], environment: ["HERALD_ONESIGNAL_API_KEY": Self.apiKey])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("Created"))
        #expect(server.requests.map(\.path) == ["/notifications"])
    }

    @Test func aTwoHundredWithoutAnIDIsAFailure() async throws {
        let server = try LoopbackServer(routes: ["/notifications": Self.json(200, #"{"id":"","errors":["All included players are not subscribed"]}"#)])
        defer { server.stop() }
        let result = try await HeraldProcess.run(
            Self.arguments + ["--endpoint", server.url("/notifications").absoluteString, "--json"], environment: ["HERALD_ONESIGNAL_API_KEY": Self.apiKey])
        #expect(result.status == 1)
        let line = try JSONValue(parsing: result.stdout)
        #expect(line["delivered"] == false)
        #expect(line["errors"] == ["All included players are not subscribed"])
        #expect(server.requests.count == 1)  // not retried
        #expect(!result.stdout.contains(Self.apiKey) && !result.stderr.contains(Self.apiKey))
    }

    @Test func aRefusedConnectionFailsAtOnceInWords() async throws {
        // Port 1 needs root to listen on; nothing does in a test.
        let result = try await HeraldProcess.run(
            Self.arguments + ["--endpoint", "http://127.0.0.1:1/notifications"], environment: ["HERALD_ONESIGNAL_API_KEY": Self.apiKey])
        #expect(result.status == 1)
        // Not AsyncHTTPClient retrying the connection until the 30 s timeout, four times over.
        #expect(result.stdout.contains("transport: could not reach 127.0.0.1: connection refused; after 4 attempts"), "\(result.stdout)")
    }

    @Test func aPageThatIsNotOneSignalsJSONIsNotCalledOneSignalsWord() async throws {
        let page = Data("<!DOCTYPE html>\n<title>502 Bad Gateway</title>\n".utf8)
        let server = try LoopbackServer(routes: ["/notifications": .respond(status: 502, headers: ["Content-Type": "text/html; charset=utf-8"], body: page)])
        defer { server.stop() }
        let result = try await HeraldProcess.run(
            Self.arguments + ["--endpoint", server.url("/notifications").absoluteString], environment: ["HERALD_ONESIGNAL_API_KEY": Self.apiKey])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                #"server-error: the server could not take the request; its text/html body is not OneSignal's JSON (a proxy's page, or not OneSignal's API): "<!DOCTYPE html> <title>502 Bad Gateway</title>" (HTTP 502)"#),
            "\(result.stdout)")
        #expect(!result.stdout.contains("OneSignal says"))
    }
}
