import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment

extension URLSessionSuites {
    /// A push that carries only ids, its message fetched with the real URLSession fetcher from a
    /// loopback server that answers well, slowly, with 401, with 5 MB, with malformed JSON or
    /// not at all. Each ends with its decision and the text shown; the token is in no decision.
    @Suite("Fetched content against a loopback server")
    struct ContentFetchTests {
        static let token = "tok-S3CRET-41f9"
        /// The push: ids, the flag and the server's placeholder text.
        static let push = Payload(json: [
            "aps": ["alert": ["body": "New message"], "mutable-content": 1, "badge": 2],
            "communication": ["fetch_content": true, "message_id": "m/1 ?x", "conversation_id": "c-1"],
        ])
        /// What the server answers: the payload the push would have carried.
        static let message: JSONValue = [
            "aps": ["alert": ["title": "Maya", "body": "Rope is packed."]],
            "communication": ["sender_name": "Maya", "sender_id": "u-1", "conversation_id": "c-1", "message_id": "m/1 ?x"],
        ]

        static func enricher(
            _ server: LoopbackServer, fallback: String? = nil, timeout: Duration = .seconds(20), acknowledge: Bool = true
        ) -> Enricher<ContinuousClock> {
            let source = ContentSource(
                urlTemplate: server.baseURL.absoluteString + "/messages/{message_id}?conversation={conversation_id}",
                acknowledgementTemplate: acknowledge ? server.baseURL.absoluteString + "/ack/{message_id}" : nil,
                tokenProvider: FixedContentToken(token), timeout: timeout, fallbackText: fallback)
            let configuration = EnrichmentConfiguration(
                budget: .seconds(300), allowHTTP: true, attachmentDirectory: EnricherTests.temporaryDirectory(), contentSource: source)
            return Enricher(configuration: configuration, clock: ContinuousClock(), fetcher: URLSessionFetcher(allowHTTP: true))
        }

        static func routes(_ behavior: LoopbackServer.Behavior) -> [String: LoopbackServer.Behavior] {
            ["/messages/m%2F1%20%3Fx": behavior, "/ack/m%2F1%20%3Fx": .respond(status: 204, body: Data())]
        }

        @Test func theFetchedMessageIsShownAndTheServerSeesTheTokenAndTheIDs() async throws {
            let server = try LoopbackServer(routes: Self.routes(.respond(status: 200, headers: ["Content-Type": "application/json"], body: Data(Self.message.jsonText().utf8))))
            defer { server.stop() }
            let result = await Self.enricher(server).enrich(Self.push)
            #expect(result.content.title == "Maya")
            #expect(result.content.body == "Rope is packed.")
            #expect(result.content.badge == 2)  // the push's own fields stay where the answer has none
            #expect(result.message.sender?.displayName == "Maya")
            #expect(result.decisions.first?.code == .contentFetched)
            #expect(result.contentFetch == .fetched)
            let request = try #require(server.requests.first { $0.path.hasPrefix("/messages/") })
            #expect(request.method == "GET")
            #expect(request.target == "/messages/m%2F1%20%3Fx?conversation=c-1")
            #expect(request.headers["authorization"] == "Bearer \(Self.token)")
            // The acknowledgement: a POST with the ids, and that the content came.
            let acknowledgement = try #require(server.requests.first { $0.path.hasPrefix("/ack/") })
            #expect(acknowledgement.method == "POST")
            let body = try JSONValue(parsing: acknowledgement.body)
            #expect(body["message_id"] == "m/1 ?x" && body["conversation_id"] == "c-1" && body["fetched"] == true)
            #expect(body["received_at"]?.numberValue?.intValue ?? 0 > 1_700_000_000)
            #expect(result.decisions.contains { $0.code == .contentAcknowledged })
            #expect(!result.decisions.contains { $0.message.contains(Self.token) || $0.message.contains("Rope") })
        }

        struct Failure: Sendable, CustomStringConvertible {
            let name: String
            let behavior: LoopbackServer.Behavior
            let reason: String
            var timeout = Duration.seconds(20)
            var description: String { name }
        }

        static let failures: [Failure] = [
            Failure(name: "slow", behavior: .chunks(status: 200, [Data("{\"aps\"".utf8), Data(":{}}".utf8)], interval: .seconds(100)),
                    reason: "(timeout)", timeout: .seconds(1)),
            Failure(name: "not at all", behavior: .hang, reason: "(timeout)", timeout: .seconds(1)),
            Failure(name: "401", behavior: .respond(status: 401, body: Data("{\"error\":\"expired\"}".utf8)), reason: "(401): the content server refused the token: the app should store a fresh one"),
            Failure(name: "5 MB", behavior: .respond(status: 200, body: Data(repeating: UInt8(ascii: " "), count: 5_000_000)),
                    reason: "(too-large): the content server's answer is over 262144 bytes"),
            Failure(name: "5 MB, no length", behavior: .endless(status: 200, chunk: Data(repeating: UInt8(ascii: " "), count: 65_536)),
                    reason: "(too-large)"),
            Failure(name: "malformed JSON", behavior: .respond(status: 200, body: Data("{\"aps\": {\"alert\": ".utf8)), reason: "(malformed)"),
            Failure(name: "JSON, no object", behavior: .respond(status: 200, body: Data("[1, 2]".utf8)), reason: "(malformed): the content server's answer is no payload: it is JSON, but no object"),
            Failure(name: "redirect", behavior: .redirect(to: "/elsewhere"), reason: "(transport): the content server could not be reached: it redirected"),
            Failure(name: "500", behavior: .respond(status: 500, body: Data()), reason: "(500): the content server answered with that status"),
        ]

        @Test(arguments: failures)
        func aFailureShowsTheFallbackAndSaysWhy(_ failure: Failure) async throws {
            let server = try LoopbackServer(routes: Self.routes(failure.behavior).merging(["/elsewhere": .respond(status: 200, body: Data(Self.message.jsonText().utf8))]) { $1 })
            defer { server.stop() }
            let clock = ContinuousClock()
            let start = clock.now
            let result = await Self.enricher(server, fallback: "New message: open the app to read it", timeout: failure.timeout).enrich(Self.push)
            // A deadline ends a hanging fetch; a margin far past any scheduling delay.
            #expect(start.duration(to: clock.now) < failure.timeout + .seconds(60))
            #expect(result.content.body == "New message: open the app to read it")
            #expect(result.message.sender == nil)
            guard case .notFetched(let reason)? = result.contentFetch else { Issue.record("\(String(describing: result.contentFetch))"); return }
            #expect(failure.reason.contains("(\(reason.reason))"))
            let decision = try #require(result.decisions.first { $0.code == .contentNotFetched })
            #expect(decision.message.hasPrefix("content not fetched \(failure.reason)"), "\(decision.message)")
            #expect(decision.message.hasSuffix("the fallback text is shown"))
            // The token never leaves for another server, nor reaches a decision.
            #expect(!server.requests.contains { $0.path == "/elsewhere" })
            #expect(!result.decisions.contains { $0.message.contains(Self.token) })
            let acknowledgement = try #require(server.requests.first { $0.path.hasPrefix("/ack/") })
            #expect(try JSONValue(parsing: acknowledgement.body)["fetched"] == false)
        }

        @Test func withoutAFallbackThePushsOwnTextIsShown() async throws {
            let server = try LoopbackServer(routes: Self.routes(.respond(status: 401, body: Data())))
            defer { server.stop() }
            let result = await Self.enricher(server, acknowledge: false).enrich(Self.push)
            #expect(result.content.body == "New message")
            #expect(result.decisions.contains { $0.code == .contentNotFetched && $0.message.hasSuffix("the push's own text is shown") })
            #expect(server.requestCount("/ack/m%2F1%20%3Fx") == 0)
        }

        @Test(arguments: [(JSONValue.null, "carries no message id for {message_id}"), ("..", "no usable id"), (.string(String(repeating: "m", count: 300)), "no usable id")])
        func aPushWithoutAUsableIDFetchesNothing(_ id: JSONValue, _ says: String) async throws {
            let server = try LoopbackServer(routes: Self.routes(.respond(status: 200, body: Data(Self.message.jsonText().utf8))))
            defer { server.stop() }
            let result = await Self.enricher(server, acknowledge: false).enrich(Self.push.replacing("/communication/message_id", with: id))
            #expect(result.decisions.contains { $0.code == .contentNotFetched && $0.message.contains(says) }, "\(result.decisions)")
            #expect(server.requests.isEmpty)
        }

        @Test func withoutAContentURLThePushIsShownAsSentAndSaysSo() async {
            let configuration = EnrichmentConfiguration(fetchMedia: false, attachmentDirectory: EnricherTests.temporaryDirectory())
            let result = await Enricher(configuration: configuration, clock: ContinuousClock(), fetcher: URLSessionFetcher()).enrich(Self.push)
            #expect(result.content.body == "New message")
            #expect(result.decisions.contains { $0.code == .contentNotFetched && $0.message.contains("no ContentURL") })
        }
    }
}

extension Payload {
    /// This payload with `value` at `pointer`.
    func replacing(_ pointer: String, with value: JSONValue) -> Payload {
        var json = json
        json.set(value, at: JSONPointer(pointer)!)
        return Payload(json: json)
    }
}

/// The answer is written where the push's layout reads its data.
@Suite("The fetched answer over the push")
struct FetchedAnswerPlacementTests {
    static let answer: JSONValue = [
        "aps": ["alert": ["title": "Maya", "body": "Rope is packed."]], "communication": ["sender_name": "Maya", "conversation_id": "c-1"],
    ]

    @Test func aPlainAnswerGoesIntoAOneSignalPushsDataRoot() {
        let push = Payload(json: [
            "aps": ["alert": ["body": "New message"], "mutable-content": 1, "badge": 3],
            "custom": ["i": "4b1f6c9e", "a": ["communication": ["fetch_content": true, "message_id": "m-1"]]],
        ])
        let written = Enricher<ManualClock>.written(Self.answer, over: push, layout: .oneSignal)
        #expect(written.json["custom"]?["a"]?["communication"]?["sender_name"] == "Maya")
        #expect(written.json["custom"]?["a"]?["communication"]?["message_id"] == "m-1")
        #expect(written.json["communication"] == nil)
        #expect(written.json["aps"]?["alert"]?["body"] == "Rope is packed." && written.json["aps"]?["badge"] == 3)
        let preview = Preview(payload: written)
        #expect(preview.layout.name == "onesignal")
        #expect(preview.message.sender?.displayName == "Maya")
    }

    @Test func anAnswerInAProvidersShapeIsWrittenOverTheWholePush() {
        let push = Payload(json: ["aps": ["alert": ["body": "New message"], "mutable-content": 1], "communication": ["fetch_content": true]])
        let oneSignalShaped: JSONValue = ["custom": ["i": "x", "a": ["communication": ["sender_name": "Maya"]]]]
        let written = Enricher<ManualClock>.written(oneSignalShaped, over: push, layout: .apns)
        #expect(written.json["custom"]?["a"]?["communication"]?["sender_name"] == "Maya")
        #expect(written.json["communication"]?["fetch_content"] == true)
    }
}

/// A push's ids go into the path or the query, never where they would choose the server.
@Suite("Content URL templates")
struct ContentURLTemplateTests {
    @Test(arguments: [
        ("https://{message_id}/messages", "a push's id would choose the server"),
        ("https://api.example.com{message_id}/m", "a push's id would choose the server"),
        ("https://api.example.com:{message_id}/m", "no absolute http(s) URL"),
        ("http://api.example.com/{message_id}", "uses plain http"),
    ])
    func aTemplateThatCouldSendTheTokenElsewhereIsRefused(_ template: String, _ says: String) {
        let problem = ContentURLTemplate.problem(with: template, allowHTTP: true)
        #expect(problem?.contains(says) == true, "\(problem ?? "nil")")
    }

    @Test func anIDCannotLeaveThePath() throws {
        let source = ContentSource(urlTemplate: "https://api.example.com/m/{message_id}?c={conversation_id}")
        let message = Message(identifier: "../../admin?x=1#", conversationIdentifier: "a&b=c")
        let url = try source.url(source.urlTemplate, for: message).get()
        #expect(url.absoluteString == "https://api.example.com/m/..%2F..%2Fadmin%3Fx%3D1%23?c=a%26b%3Dc")
        #expect(url.host == "api.example.com" && url.path == "/m/../../admin?x=1#")
    }
}
