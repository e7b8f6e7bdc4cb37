import Crypto
import Foundation
import HeraldAPNs
import HeraldCore
import HeraldTestSupport
import Testing

/// Answers the emulator never gives (it is APNs-shaped), from a plain loopback server: a
/// stalled body and an over-long Retry-After. The client speaks HTTP/1.1 to it.
@Suite struct APNSClientLoopbackTests {
    static let key = try! APNSSigningKey(pem: P256.Signing.PrivateKey().pemRepresentation, keyID: "ABC123DEFG", teamID: "TEAM123456")
    static let token = DeviceToken(String(repeating: "ab", count: 32))!
    static let path = "/3/device/\(token.hex)"

    static func send(to server: LoopbackServer, timeout: Duration, retry: RetryPolicy) async throws -> APNSDelivery {
        let client = try APNSClient(
            configuration: APNSClient.Configuration(endpoint: APNSEndpoint(url: server.baseURL), requestTimeout: timeout, connections: 1, retry: retry),
            key: key)
        let delivery = await client.send(APNSRequest(deviceToken: token, topic: "com.example.chat", payload: Data(#"{"aps":{"alert":"hi"}}"#.utf8)))
        try await client.shutdown()
        return delivery
    }

    @Test func aBodyThatStallsAfterTheHeadFailsAtTheDeadline() async throws {
        let server = try LoopbackServer(routes: [Self.path: .hangAfterHeaders(status: 500)])
        defer { server.stop() }
        // Raced against a watchdog, so a send that never ends fails the test instead of stalling the run.
        let outcome = await withTaskGroup(of: APNSDelivery?.self) { group in
            group.addTask { try? await Self.send(to: server, timeout: .milliseconds(500), retry: RetryPolicy(maximumAttempts: 1)) }  // nil: see below
            group.addTask {
                try? await Task.sleep(for: .seconds(15))  // cancelled when the send ends first
                return nil
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
        let delivery = try #require(outcome, "the send did not end within 15 s (or could not start)")
        #expect(delivery.attempts == 1)
        #expect(delivery.failure?.status == nil)  // no whole answer came
        #expect(delivery.failure?.message.hasPrefix("no answer") == true)
    }

    @Test func aRetryAfterLongerThanThePolicyAllowsIsNotWaitedOut() async throws {
        let body = Data(#"{"reason":"TooManyRequests"}"#.utf8)
        let server = try LoopbackServer(routes: [Self.path: .respond(status: 429, headers: ["Retry-After": "3600"], body: body)])
        defer { server.stop() }
        let retry = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(1), maximumDelay: .seconds(5))
        let delivery = try await Self.send(to: server, timeout: .seconds(10), retry: retry)
        #expect(delivery.attempts == 1)
        #expect(delivery.failure?.reason == .tooManyRequests)
        #expect(delivery.failure?.message.contains("asked to wait 3600 s") == true)
        #expect(server.requestCount(Self.path) == 1)
    }
}
