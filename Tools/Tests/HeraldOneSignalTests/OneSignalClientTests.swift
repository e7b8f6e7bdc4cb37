import Foundation
import HeraldCore
import HeraldSending
import HeraldOneSignal
import HeraldTestSupport
import Testing

/// The client against a loopback stand-in for `api.onesignal.com` that answers with OneSignal's
/// documented bodies. Waits between attempts go through a ``RecordingClock``: instant, recorded.
@Suite struct OneSignalClientTests {
    static let path = "/notifications"

    static func respond(_ status: Int, _ body: String, headers: [String: String] = [:]) -> LoopbackServer.Behavior {
        .respond(status: status, headers: headers.merging(["Content-Type": "application/json"]) { given, _ in given }, body: Samples.data(body))
    }

    static func client(
        _ server: LoopbackServer, clock: RecordingClock = RecordingClock(), retryPolicy: RetryPolicy = RetryPolicy(), timeout: Duration = .seconds(20)
    ) -> OneSignalClient {
        OneSignalClient(apiKey: Samples.apiKey, endpoint: server.url(path), retryPolicy: retryPolicy, timeout: timeout, clock: clock)
    }

    static func notification(_ targeting: OneSignalTargeting = .externalIDs(["user-2210"]), attachments: OneSignalNotification.AttachmentPlacement = .data) -> OneSignalNotification {
        OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: targeting, attachments: attachments)
    }

    /// Sends and returns the error, failing the test when the send succeeds.
    static func failure(_ client: OneSignalClient, _ notification: OneSignalNotification = notification()) async -> OneSignalError? {
        do {
            let delivery = try await client.send(notification)
            Issue.record("expected a failure, got \(delivery)")
            return nil
        } catch {
            return error
        }
    }

    static func body(of request: LoopbackServer.Request) throws -> JSONValue {
        try JSONValue(parsing: request.body)
    }

    @Test func aPortOutOfRangeFailsInsteadOfTrapping() async throws {
        let client = OneSignalClient(apiKey: Samples.apiKey, endpoint: URL(string: "http://127.0.0.1:99999/notifications")!, clock: RecordingClock())
        let error = await Self.failure(client)
        #expect(error?.code == .invalidEndpoint)
        #expect(error?.message.hasPrefix("http://127.0.0.1:99999/notifications: port 99999 is out of range (1 to 65535)") == true, "\(String(describing: error))")
    }

    @Test(arguments: ["http://onesignal.example/notifications", "http://10.0.0.7:8080/n", "http://127.0.0.1.example.net/n", "http://[fe80::1]/n"])
    func cleartextToAHostThatIsNotLoopbackIsRefusedBeforeSending(_ endpoint: String) async throws {
        let client = OneSignalClient(apiKey: Samples.apiKey, endpoint: URL(string: endpoint)!, clock: RecordingClock())
        let error = await Self.failure(client)
        #expect(error?.code == .invalidEndpoint)
        #expect(error?.message.contains("plain http would send the REST API key") == true, "\(String(describing: error))")
        #expect(error?.message.contains(Samples.apiKey) == false)
    }

    @Test(arguments: ["http://127.0.0.1:1/n", "http://localhost:1/n", "http://[::1]:1/n", "http://127.9.8.7:1/n"])
    func cleartextToLoopbackIsAllowed(_ endpoint: String) async throws {
        #expect(throws: Never.self) { try OneSignalClient.validate(endpoint: URL(string: endpoint)!) }
    }

    @Test func createsTheNotificationOneSignalDocuments() async throws {
        let server = try LoopbackServer(routes: [Self.path: Self.respond(200, Samples.created)])
        defer { server.stop() }
        let notification = Self.notification()
        let delivery = try await Self.client(server).send(notification)
        #expect(delivery.id == "b98881cc-1e94-4366-bbd9-db8f3429292b")
        #expect(delivery.attempts == 1)
        #expect(delivery.idempotencyKey == notification.idempotencyKey)
        #expect(!delivery.isIdempotentReplay)

        let requests = server.requests
        try #require(requests.count == 1)
        let request = requests[0]
        #expect(request.method == "POST")
        #expect(request.headers["authorization"] == "Key \(Samples.apiKey)")
        #expect(request.headers["content-type"]?.hasPrefix("application/json") == true)
        let body = try Self.body(of: request)
        #expect(body == notification.body())
        #expect(body["app_id"] == .string(Samples.appID))
        #expect(body["include_aliases"] == ["external_id": ["user-2210"]])
        #expect(body["target_channel"] == "push")
        #expect(body["headings"] == ["en": "Maya Lindqvist"])
        #expect(body["subtitle"] == ["en": "Weekend climbing 🧗"])
        #expect(body["contents"] == ["en": "Rope is packed. Who's bringing the chalk? ✨"])
        #expect(body["thread_id"] == "conv-8c2f1e")
        #expect(body["ios_interruption_level"] == "time_sensitive")
        #expect(body["mutable_content"] == true)
        let key = try #require(body["idempotency_key"]?.stringValue)
        #expect(UUID(uuidString: key) == notification.idempotencyKey)
        #expect(key == key.lowercased())
        // The data OneSignal received is what the phone finds at custom.a: the same message.
        let delivered: JSONValue = ["aps": ["alert": ["body": "…"], "mutable-content": 1], "custom": ["a": body["data"] ?? .null, "i": .string(delivery.id)]]
        #expect(Layout.oneSignal.decode(delivered).message == Samples.message)
    }

    @Test func subscriptionIDsAndIOSAttachmentsReachTheServer() async throws {
        let server = try LoopbackServer(routes: [Self.path: Self.respond(200, Samples.createdWithSkippedTargets)])
        defer { server.stop() }
        let delivery = try await Self.client(server).send(Self.notification(.subscriptionIDs(["sub-1", "sub-2"]), attachments: .both))
        #expect(delivery.errorMessages == [#"invalid_aliases: {"external_id":["user-9999"]}"#])
        let body = try Self.body(of: try #require(server.requests.first))
        #expect(body["include_subscription_ids"] == ["sub-1", "sub-2"])
        #expect(body["include_aliases"] == nil)
        #expect(body["ios_attachments"] == ["1": "https://cdn.example.com/media/crag.jpg", "2": "https://cdn.example.com/media/route"])
    }

    @Test func twoHundredWithAnEmptyIDFailsWithoutRetrying() async throws {
        let server = try LoopbackServer(routes: [Self.path: Self.respond(200, Samples.noSubscribers)])
        defer { server.stop() }
        let clock = RecordingClock()
        let error = await Self.failure(Self.client(server, clock: clock))
        #expect(error?.code == .notSent)
        #expect(error?.errors == ["All included players are not subscribed"])
        #expect(error?.attempts == 1)
        #expect(server.requestCount(Self.path) == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func badRequestSurfacesOneSignalsErrors() async throws {
        let server = try LoopbackServer(routes: [Self.path: Self.respond(400, Samples.badRequest)])
        defer { server.stop() }
        let error = await Self.failure(Self.client(server))
        #expect(error?.code == .rejected)
        #expect(error?.status == 400)
        #expect(error?.errors == ["Message Notifications must have English language content"])
        #expect(server.requestCount(Self.path) == 1)
    }

    @Test func rateLimitIsRetriedAfterRetryAfterWithTheSameIdempotencyKey() async throws {
        let server = try LoopbackServer(routes: [
            Self.path: .sequence([Self.respond(429, Samples.rateLimited, headers: ["Retry-After": "3"]), Self.respond(200, Samples.created)])
        ])
        defer { server.stop() }
        let clock = RecordingClock()
        let notification = Self.notification()
        let delivery = try await Self.client(server, clock: clock).send(notification)
        #expect(delivery.attempts == 2)
        let requests = server.requests
        try #require(requests.count == 2)
        let keys = try requests.map { try Self.body(of: $0)["idempotency_key"] }
        #expect(keys == [.string(notification.idempotencyKey.uuidString.lowercased()), .string(notification.idempotencyKey.uuidString.lowercased())])
        #expect(requests[0].body == requests[1].body, "the retry is the same request")
        // Retry-After, plus at most the policy's initial delay of jitter.
        let sleeps = clock.sleeps
        #expect(sleeps.count == 1)
        #expect(sleeps.allSatisfy { $0 >= .seconds(3) && $0 <= .seconds(3) + .milliseconds(500) }, "\(sleeps)")
    }

    @Test func serviceUnavailableIsRetriedWithBackOff() async throws {
        let server = try LoopbackServer(routes: [
            Self.path: .sequence([Self.respond(503, Samples.unavailable), Self.respond(200, Samples.created, headers: ["Idempotent-Replayed": "true"])])
        ])
        defer { server.stop() }
        let clock = RecordingClock()
        let delivery = try await Self.client(server, clock: clock).send(Self.notification())
        #expect(delivery.attempts == 2)
        #expect(delivery.isIdempotentReplay)
        #expect(clock.sleeps.count == 1)
        #expect(clock.sleeps.allSatisfy { $0 >= .zero && $0 <= .milliseconds(500) }, "\(clock.sleeps)")
    }

    @Test func exhaustedAttemptsFailWithTheLastStatus() async throws {
        let server = try LoopbackServer(routes: [
            Self.path: .sequence([Self.respond(503, Samples.unavailable), Self.respond(429, Samples.rateLimited), Self.respond(503, Samples.unavailable)])
        ])
        defer { server.stop() }
        let clock = RecordingClock()
        let error = await Self.failure(Self.client(server, clock: clock, retryPolicy: RetryPolicy(maximumAttempts: 3)))
        #expect(error?.code == .serverError)
        #expect(error?.status == 503)
        #expect(error?.attempts == 3)
        #expect(error?.description.contains("after 3 attempts") == true)
        #expect(server.requestCount(Self.path) == 3)
        #expect(clock.sleeps.count == 2)
        // Full jitter under a doubling cap: 0.5 s, then 1 s.
        #expect(clock.sleeps.count == 2 && clock.sleeps[0] <= .milliseconds(500) && clock.sleeps[1] <= .seconds(1), "\(clock.sleeps)")
    }

    @Test func aRetryAfterLongerThanThePolicyAllowsIsNotWaitedOut() async throws {
        let server = try LoopbackServer(routes: [Self.path: Self.respond(429, Samples.rateLimited, headers: ["Retry-After": "3600"])])
        defer { server.stop() }
        let clock = RecordingClock()
        let error = await Self.failure(Self.client(server, clock: clock))
        #expect(error?.code == .rateLimited)
        #expect(error?.retryAfter == .seconds(3600))
        #expect(error?.attempts == 1)
        #expect(clock.sleeps.isEmpty)
    }

    @Test func aBrokenAnswerIsRetriedWithTheSameKey() async throws {
        let server = try LoopbackServer(routes: [
            Self.path: .sequence([.lieAboutLength(declared: 500, actual: Samples.data(#"{"id":"#)), Self.respond(200, Samples.created)])
        ])
        defer { server.stop() }
        let delivery = try await Self.client(server).send(Self.notification())
        #expect(delivery.attempts == 2)
        let bodies = server.requests.map(\.body)
        #expect(bodies.count == 2 && bodies[0] == bodies[1])
    }

    @Test func everyAttemptHasADeadline() async throws {
        let server = try LoopbackServer(routes: [Self.path: .hang])
        defer { server.stop() }
        let clock = RecordingClock()
        let client = Self.client(server, clock: clock, retryPolicy: RetryPolicy(maximumAttempts: 2), timeout: .milliseconds(300))
        let error = await Self.failure(client)
        #expect(error?.code == .timedOut)
        #expect(error?.attempts == 2)
        #expect(server.requestCount(Self.path) == 2)
    }

    @Test func cancellingTheTaskStopsTheSend() async throws {
        let server = try LoopbackServer(routes: [Self.path: .hang])
        defer { server.stop() }
        // Only events end this test: the request arriving, then the cancellation. The client's
        // deadline is longer than the wait's hang guard, so it cannot time out first.
        let client = Self.client(server, timeout: .seconds(150))
        let task = Task { await Self.failure(client) }
        #expect(await server.wait { $0.requestCount(Self.path) == 1 })
        task.cancel()
        let error = await task.value
        #expect(error?.code == .cancelled)
        #expect(server.requestCount(Self.path) == 1)
    }

    @Test func anInvalidNotificationIsNeverSent() async throws {
        let server = try LoopbackServer(routes: [Self.path: Self.respond(200, Samples.created)])
        defer { server.stop() }
        let error = await Self.failure(Self.client(server), Self.notification(.externalIDs([])))
        #expect(error?.code == .noTargets)
        #expect(error?.attempts == 0)
        #expect(server.requests.isEmpty)
    }
}
