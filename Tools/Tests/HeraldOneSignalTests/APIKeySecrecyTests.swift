import Foundation
import HeraldCore
import HeraldSending
import HeraldOneSignal
import HeraldTestSupport
import HeraldToolsTestSupport
import Logging
import Testing

/// The REST API key reaches OneSignal's Authorization header and nowhere else.
@Suite struct APIKeySecrecyTests {
    @Test func theKeyIsReadFromTheEnvironment() throws {
        #expect(try OneSignalClient.apiKey(fromEnvironment: ["HERALD_ONESIGNAL_API_KEY": " os_v2_app_abc\n"]) == "os_v2_app_abc")
    }

    @Test(arguments: [[:], ["HERALD_ONESIGNAL_API_KEY": ""], ["HERALD_ONESIGNAL_API_KEY": " \n"], ["ONESIGNAL_API_KEY": "x"]])
    func aMissingOrBlankKeyIsAClearError(environment: [String: String]) {
        #expect {
            try OneSignalClient.apiKey(fromEnvironment: environment)
        } throws: { error in
            guard let error = error as? OneSignalError else { return false }
            return error.code == .missingAPIKey && error.message.contains("HERALD_ONESIGNAL_API_KEY")
        }
    }

    @Test func theClientNeverShowsTheKey() {
        let client = OneSignalClient(apiKey: Samples.apiKey)
        var dumped = ""
        dump(client, to: &dumped)
        for text in [client.description, client.debugDescription, String(describing: client), String(reflecting: client), dumped, "\(client)"] {
            #expect(!text.contains(Samples.apiKey), "\(text)")
            #expect(!text.contains("SECRET"), "\(text)")
        }
        #expect(client.description.contains("<redacted>"))
    }

    @Test func noErrorEverShowsTheKey() async throws {
        // A stand-in that misbehaves as badly as it can: it echoes the key in its errors.
        let echo = #"{"errors":["Invalid key \#(Samples.apiKey) for app"],"success":false}"#
        let server = try LoopbackServer(routes: [
            "/400": .respond(status: 400, body: Samples.data(echo)),
            "/401": .respond(status: 401, body: Samples.data(echo)),
            "/429": .respond(status: 429, headers: ["Retry-After": "0"], body: Samples.data(echo)),
            "/500": .respond(status: 500, body: Samples.data("<h1>\(Samples.apiKey)</h1>")),
            "/200": .respond(status: 200, body: Samples.data(#"{"id":"","errors":{"\#(Samples.apiKey)":["x"]}}"#)),
            "/hang": .hang,
            "/broken": .lieAboutLength(declared: 100, actual: Samples.data("{")),
        ])
        defer { server.stop() }
        let log = LogRecorder()
        var errors: [OneSignalError] = []
        for path in ["/400", "/401", "/429", "/500", "/200", "/hang", "/broken"] {
            let client = OneSignalClient(
                apiKey: Samples.apiKey, endpoint: server.url(path), retryPolicy: RetryPolicy(maximumAttempts: 2),
                // Only the hanging route needs a short deadline; a loaded CI machine may take longer
                // than that to read the broken answer, which must end as a transport error.
                timeout: path == "/hang" ? .milliseconds(300) : .seconds(10), clock: RecordingClock(), logger: log.logger)
            if let error = await OneSignalClientTests.failure(client) { errors.append(error) }
        }
        #expect(errors.count == 7)
        // The retries were logged with their reasons (429, 500, the timeout, the broken answer), the key never.
        #expect(log.entries.filter { $0.message == "retrying" }.count == 4, "\(log.text)")
        #expect(!log.text.contains(Samples.apiKey))
        #expect(errors.map(\.code) == [.rejected, .unauthorized, .rateLimited, .serverError, .notSent, .timedOut, .transport])
        for error in errors {
            let texts = [String(describing: error), String(reflecting: error), error.message] + error.errors
            #expect(texts.allSatisfy { !$0.contains(Samples.apiKey) }, "\(error)")
        }
        // The echo is still there to read, with the key taken out.
        #expect(errors[0].errors == ["Invalid key <redacted> for app"])
    }
}
