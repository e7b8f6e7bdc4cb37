import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// A push that carries only ids, as a developer tries it against their own server: `herald
/// send apns --fetch-content` writes it, `herald preview --content-server` and the playground
/// fetch its message from a loopback server as the extension would.
@Suite("Fetched content from the command line")
struct FetchedContentCommandTests {
    static let token = "tok-S3CRET-77aa"
    static let idOnly: JSONValue = [
        "aps": ["alert": ["body": "New message"], "mutable-content": 1], "communication": ["fetch_content": true, "message_id": "m-1"],
    ]
    static let message: JSONValue = [
        "aps": ["alert": ["body": "Rope is packed."]],
        "communication": ["sender_name": "Maya Lindqvist", "sender_handle": "maya@example.com", "conversation_id": "c-7"],
    ]

    /// The payload and the token, each in a file of a fresh folder.
    static func files() throws -> (payload: String, token: String) {
        let directory = try PreviewDownloadTests.temporaryDirectory()
        let payload = directory.appendingPathComponent("id-only.json")
        try idOnly.encoded().write(to: payload)
        let token = directory.appendingPathComponent("token")
        try Data("\(Self.token)\n".utf8).write(to: token)
        return (payload.path, token.path)
    }

    @Test func previewFetchesTheMessageWithTheTokenAndShowsIt() async throws {
        let server = try LoopbackServer(routes: [
            "/messages/m-1": .respond(status: 200, headers: ["Content-Type": "application/json"], body: Self.message.encoded()),
            "/ack/m-1": .respond(status: 204, body: Data()),
        ])
        defer { server.stop() }
        let (payload, token) = try Self.files()
        let result = try await HeraldProcess.run([
            "preview", "--allow-http", "--content-server", server.baseURL.absoluteString + "/messages/{message_id}",
            "--content-ack", server.baseURL.absoluteString + "/ack/{message_id}", "--content-token-file", token, payload,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Fetched:    the message was fetched from 127.0.0.1 and written over the push"), "\(result.stdout)")
        #expect(result.stdout.contains("  (ML) Maya Lindqvist\n      Rope is packed."), "\(result.stdout)")
        #expect(result.stdout.contains("the arrival was acknowledged to 127.0.0.1 [content-acknowledged]"))
        // The push itself is clean: ids and a placeholder.
        #expect(result.stdout.contains("Lint:       no problems"), "\(result.stdout)")
        #expect(server.requests.first { $0.path == "/messages/m-1" }?.headers["authorization"] == "Bearer \(Self.token)")
        #expect(server.requests.first { $0.path == "/ack/m-1" }?.method == "POST")
        #expect(!result.stdout.contains(Self.token) && !result.stderr.contains(Self.token))
    }

    @Test func aRefusedTokenShowsTheFallbackAndWhy() async throws {
        let server = try LoopbackServer(routes: ["/messages/m-1": .respond(status: 401, body: Data())])
        defer { server.stop() }
        let (payload, token) = try Self.files()
        let result = try await HeraldProcess.run([
            "preview", "--json", "--allow-http", "--content-server", server.baseURL.absoluteString + "/messages/{message_id}", "--content-token-file", token,
            "--content-fallback-text", "Open the app to read it", payload,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try JSONValue(parsing: result.stdout)
        #expect(report["content"]?["body"] == "Open the app to read it")
        #expect(report["fetch"] == ["fetched": false, "reason": "401"])
        let decision = try #require(report["decisions"]?.arrayValue?.first { $0["code"] == "content-not-fetched" })
        #expect(decision["message"]?.stringValue?.hasPrefix("content not fetched (401): the content server refused the token") == true)
        #expect(!result.stdout.contains(Self.token))
    }

    @Test(arguments: [
        (["--no-fetch", "--content-server", "https://api.example.com/{message_id}"], "--content-server fetches over the network, which --no-fetch rules out"),
        (["--content-server", "http://127.0.0.1:9/{message_id}"], "--content-server: \"http://127.0.0.1:9/{message_id}\" uses plain http"),
        (["--content-server", "api.example.com/{message_id}"], "is no absolute http(s) URL"),
        (["--content-ack", "https://api.example.com/ack"], "--content-ack goes with --content-server"),
        (["--content-server", "https://api.example.com/{message_id}", "--content-token-file", "/nonexistent/token"], "--content-token-file /nonexistent/token: cannot be read"),
        // The token would cross the network in cleartext.
        (["--allow-http", "--content-server", "http://192.0.2.2:8080/{message_id}"], "uses plain http to 192.0.2.2, which would carry the token in cleartext"),
        (["--content-server", "https://api.example.com/messages/{msg_id}"], "holds {msg_id}, which is no placeholder"),
        (["--content-server", "https://api.example.com/messages/"], "so every push would fetch the same URL"),
        (["--content-server", "https://api.example.com/{message_id}", "--content-timeout", "40"], "--content-timeout"),
    ])
    func optionsThatCannotWorkAreUsageErrors(_ flags: [String], _ says: String) async throws {
        let (payload, _) = try Self.files()
        let result = try await HeraldProcess.run(["preview"] + flags + [payload])
        #expect(result.status == 2)
        #expect(result.stderr.contains(says), "\(result.stderr)")
    }

    @Test func withoutATokenARefusalSaysNoneWasSent() async throws {
        let server = try LoopbackServer(routes: ["/messages/m-1": .respond(status: 401, body: Data())])
        defer { server.stop() }
        let (payload, _) = try Self.files()
        let result = try await HeraldProcess.run(["preview", "--allow-http", "--content-server", server.baseURL.absoluteString + "/messages/{message_id}", payload])
        #expect(result.stdout.contains("content not fetched (401): the content server wants a token, and there is none to send"), "\(result.stdout)")
        #expect(server.requests.first?.headers["authorization"] == nil)
    }

    /// The playground fetches again at every redraw: it has no acknowledgement to send each time.
    @Test func thePlaygroundHasNoAcknowledgement() async throws {
        let help = try await HeraldProcess.run(["playground", "--help"])
        #expect(help.stdout.contains("--content-server") && !help.stdout.contains("--content-ack"), "\(help.stdout)")
        let preview = try await HeraldProcess.run(["preview", "--help"])
        #expect(preview.stdout.contains("--content-ack"))
        let result = try await HeraldProcess.run([
            "playground", "--content-server", "https://api.example.com/{message_id}", "--content-ack", "https://api.example.com/ack",
        ])
        #expect(result.status == 2)
    }

    @Test func thePlaygroundFetchesTheSameWay() async throws {
        let server = try LoopbackServer(routes: ["/messages/m-1": .respond(status: 200, body: Self.message.encoded())])
        defer { server.stop() }
        let (_, token) = try Self.files()
        try await PlaygroundTests.withPlayground([
            "--allow-http", "--content-server", server.baseURL.absoluteString + "/messages/{message_id}", "--content-token-file", token,
        ]) { playground in
            let answer = try JSONValue(parsing: try await PlaygroundTests.postPreview(Self.idOnly.jsonText(), on: playground).body)
            let picture = try #require(answer["picture"]?.stringValue)
            #expect(picture.contains("Rope is packed."))
            #expect(picture.contains("data-initials=\"ML\""))
            #expect(answer["decisions"]?.arrayValue?.contains { $0["code"] == "content-fetched" } == true)
        }
        #expect(server.requests.first?.headers["authorization"] == "Bearer \(Self.token)")
    }

    @Test func sendWritesTheIDOnlyPushAndRefusesTheMessagesOwnFlags() async throws {
        let token = String(repeating: "a", count: 64)
        let sent = try await HeraldProcess.run([
            "send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", token, "--dry-run", "--fetch-content", "--message-id", "m-42",
            "--conversation", "c-7",
        ])
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(sent.stdout.contains(#""fetch_content": true"#), "\(sent.stdout)")
        #expect(sent.stdout.contains(#""message_id": "m-42""#))
        #expect(sent.stdout.contains(#""body": "New message""#), "\(sent.stdout)")
        #expect(!sent.stdout.contains("sender_name"))
        let refused = try await HeraldProcess.run([
            "send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", token, "--dry-run", "--fetch-content", "--message-id", "m-42",
            "--sender-name", "Maya", "--title", "Maya",
        ])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--fetch-content sends only ids, and the server's answer carries the message: leave out --sender-name, --title"), "\(refused.stderr)")
        let noID = try await HeraldProcess.run(["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", token, "--dry-run", "--fetch-content"])
        #expect(noID.status == 2)
        #expect(noID.stderr.contains("--fetch-content: a push whose content is fetched needs the message's id (or its conversation's)"), "\(noID.stderr)")
        let base = ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", token, "--dry-run", "--fetch-content", "--message-id", "m-42"]
        for (extra, says) in [
            (["--push-type", "background"], "--fetch-content: a push whose content is fetched must be an alert push"),
            (["--seal-keys", HeraldProcess.path("Examples/keys/demo-keys.json"), "--seal-key-id", "demo-2026-11"], "leave it unsealed, and seal the server's answer instead"),
            (["--text", " "], "--fetch-content: a push whose content is fetched needs a visible placeholder body"),
        ] {
            let refusedToo = try await HeraldProcess.run(base + extra)
            #expect(refusedToo.status == 2)
            #expect(refusedToo.stderr.contains(says), "\(refusedToo.stderr)")
        }
        // Every sender takes it, with the placeholder by default.
        let oneSignal = try await HeraldProcess.run([
            "send", "onesignal", "--app-id", "app-1", "--external-id", "u-1", "--dry-run", "--fetch-content", "--message-id", "m-42",
        ])
        #expect(oneSignal.status == 0, "\(oneSignal.stderr)")
        #expect(oneSignal.stdout.contains("\"fetch_content\": true"), "\(oneSignal.stdout)")
        let fcm = try await HeraldProcess.run(["request", "fcm", "--fetch-content", "--message-id", "m-42"])
        #expect(fcm.status == 0, "\(fcm.stderr)")
        #expect(fcm.stdout.contains("fetch_content"), "\(fcm.stdout)")
    }
}
