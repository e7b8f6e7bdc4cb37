import Crypto
import Foundation
import HeraldAPNs
import HeraldAPNsEmulator
@_spi(HeraldTools) import HeraldCore
import HeraldSending
import HeraldTestSupport
import HeraldToolsTestSupport
import Logging
import NIOPosix
import Testing

/// The client against the emulator, over real HTTP/2 and TLS on loopback; each test starts its
/// own emulator on a free port.
@Suite(.serialized) struct APNSClientEmulatorTests {
    static let key = try! APNSSigningKey(pem: P256.Signing.PrivateKey().pemRepresentation, keyID: "ABC123DEFG", teamID: "TEAM123456")
    /// Back-off in milliseconds, so retries are quick; no test asserts a duration.
    static let quickRetries = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5))

    static func token(_ n: Int) -> DeviceToken {
        DeviceToken(String(format: "%064x", n))!
    }

    static func notification(to token: DeviceToken = token(1)) throws -> APNSRequest {
        let outgoing = OutgoingMessage(
            message: Message(sender: Person(identifier: "u-1", displayName: "Maya Lindqvist"), conversationIdentifier: "conv-1", groupName: "Climbing"),
            text: "Rope is packed.")
        return APNSRequest(deviceToken: token, topic: "com.example.chat", payload: try PayloadBuilder().build(outgoing).data)
    }

    /// Runs `body` with an emulator and a client that trusts it; both are shut down after.
    static func withEmulator<T>(
        _ configure: (inout APNSEmulator.Configuration) -> Void = { _ in },
        retry: RetryPolicy = quickRetries, connections: Int = 2, timeout: Duration = .seconds(10), key: APNSSigningKey = key,
        now: @escaping @Sendable () -> Date = { Date() }, client configureClient: (inout APNSClient.Configuration) -> Void = { _ in },
        logger: Logger = Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
        _ body: (APNSClient, APNSEmulator, URL) async throws -> T
    ) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-emulator-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }  // a leftover temp folder is harmless
        var configuration = APNSEmulator.Configuration(keys: [APNSVerificationKey(Self.key)], logFile: directory.appendingPathComponent("log.jsonl"))
        configure(&configuration)
        let emulator = try await APNSEmulator.start(configuration)
        let ca = directory.appendingPathComponent("ca.pem")
        try emulator.certificatePEM.write(to: ca, atomically: true, encoding: .utf8)
        var clientConfiguration = APNSClient.Configuration(
            endpoint: emulator.endpoint, requestTimeout: timeout, connections: connections, retry: retry, trustedCertificatesFile: ca)
        configureClient(&clientConfiguration)
        let client = try APNSClient(configuration: clientConfiguration, key: key, now: now, logger: logger)
        do {
            let result = try await body(client, emulator, directory.appendingPathComponent("log.jsonl"))
            try await client.shutdown()
            await emulator.shutdown()
            return result
        } catch {
            try? await client.shutdown()  // already failing: the test's error is the one to see
            await emulator.shutdown()
            throw error
        }
    }

    /// Runs `body`, or gives up after `seconds` and returns nil, so a hang fails the test
    /// instead of stalling the run.
    static func withWatchdog<T: Sendable>(seconds: Int, _ body: @escaping @Sendable () async throws -> T) async throws -> T? {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))  // cancelled when the body ends first
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    /// The emulator's log, one JSON object per accepted notification.
    static func logged(_ file: URL) throws -> [JSONValue] {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map { try JSONValue(parsing: String($0)) }
    }

    @Test func aCommunicationMessageIsDeliveredAndLoggedAsSent() async throws {
        try await Self.withEmulator { client, _, log in
            let request = try Self.notification()
            let delivery = await client.send(request)
            guard case .delivered(let apnsID) = delivery.outcome else {
                Issue.record("not delivered: \(delivery)")
                return
            }
            #expect(delivery.attempts == 1)
            let entry = try #require(try Self.logged(log).only)
            #expect(entry["token"]?.stringValue == request.deviceToken.hex)
            #expect(entry["apnsID"]?.stringValue == apnsID.uuidString.lowercased())
            #expect(entry["headers"]?["apns-topic"] == "com.example.chat")
            #expect(entry["headers"]?["authorization"] == nil)
            // What the phone receives reads back as the same message.
            let preview = Preview(payload: Payload(json: try #require(entry["payload"])))
            #expect(preview.message.sender?.displayName == "Maya Lindqvist")
            #expect(preview.message.conversationIdentifier == "conv-1")
            #expect(preview.message.groupName == "Climbing")
        }
    }

    @Test func aHugeRequestTimeoutCountsAsADayInsteadOfTrapping() async throws {
        // `.seconds(1e20)` is a valid Duration, but as an event-loop timer it used to trap.
        #expect(Duration.seconds(1e20).clampedToLongestWait == .seconds(86_400))
        #expect(Duration.seconds(3).clampedToLongestWait == .seconds(3))
        try await Self.withEmulator(timeout: .seconds(1e20)) { client, _, _ in
            let delivery = await client.send(try Self.notification())
            guard case .delivered = delivery.outcome else {
                Issue.record("not delivered: \(delivery)")
                return
            }
        }
    }

    @Test func permanentFailuresAreNotRetriedAndSayWhetherToDeleteTheToken() async throws {
        let gone = Self.token(2)
        let since = Date(timeIntervalSince1970: 1_790_000_000)
        try await Self.withEmulator({ $0.unregisteredTokens = [gone.hex: since] }) { client, emulator, _ in
            let unregistered = await client.send(try Self.notification(to: gone))
            #expect(unregistered.attempts == 1)
            #expect(unregistered.failure?.status == 410)
            #expect(unregistered.failure?.reason == .unregistered)
            #expect(unregistered.failure?.timestamp == since)
            #expect(unregistered.failure?.shouldDeleteToken == true)
            guard case .answered(let response)? = unregistered.failure?.cause else {
                Issue.record("an answer lost its kind: \(unregistered)")
                return
            }
            #expect(response.reason == .unregistered && response.timestamp == since)

            let short = await client.send(try Self.notification(to: DeviceToken("abcd")!))
            #expect(short.attempts == 1)
            #expect(short.failure?.reason == .badDeviceToken)
            #expect(short.failure?.shouldDeleteToken == true)

            var tooLarge = try Self.notification()
            tooLarge.payload = Data(repeating: 0x20, count: 5000)
            let refused = await client.send(tooLarge)
            #expect(refused.attempts == 0)  // refused before sending
            #expect(refused.failure?.reason == .payloadTooLarge)
            #expect(refused.failure?.status == nil)
            #expect(refused.failure?.cause == .invalidRequest(APNSRequestError(.payloadTooLarge(byteCount: 5000, pushType: .alert))))
            #expect(emulator.statistics.received == 2)
        }
    }

    @Test func aForeignKeyIsInvalidProviderTokenAndNotRetried() async throws {
        let stranger = try APNSSigningKey(pem: P256.Signing.PrivateKey().pemRepresentation, keyID: "ABC123DEFG", teamID: "TEAM123456")
        try await Self.withEmulator(key: stranger) { client, _, _ in
            let delivery = await client.send(try Self.notification())
            #expect(delivery.attempts == 1)
            #expect(delivery.failure?.status == 403)
            #expect(delivery.failure?.reason == .invalidProviderToken)
            #expect(delivery.failure?.shouldDeleteToken == false)
        }
    }

    @Test func serverErrorsAreRetriedUntilTheAttemptsRunOut() async throws {
        try await Self.withEmulator({ $0.faults.serverErrorShare = 1 }) { client, emulator, _ in
            let delivery = await client.send(try Self.notification())
            #expect(delivery.attempts == 4)
            #expect([500, 503].contains(delivery.failure?.status))
            #expect(emulator.statistics.received == 4)
            #expect(emulator.statistics.accepted == 0)
        }
    }

    @Test func aTooManyRequestsBurstIsWaitedOut() async throws {
        try await Self.withEmulator({
            $0.faults.tooManyRequestsEvery = 3
            $0.faults.tooManyRequestsBurst = 1
        }) { client, emulator, _ in
            // Requests 1 and 2 pass; request 3 gets 429 and is sent again as request 4.
            #expect(await client.send(try Self.notification(to: Self.token(1))).attempts == 1)
            #expect(await client.send(try Self.notification(to: Self.token(2))).attempts == 1)
            let third = await client.send(try Self.notification(to: Self.token(3)))
            #expect(third.isDelivered)
            #expect(third.attempts == 2)
            #expect(emulator.statistics.accepted == 3)
        }
    }

    /// GOAWAY refuses request 2, which was never processed: it goes again at once on a new
    /// connection, within its first attempt. A cut connection loses it unanswered after it went
    /// out whole, so it may have been delivered: a second attempt, on a new connection.
    @Test(arguments: [("GOAWAY", EmulatorFaults(goAwayEvery: 2), [Int]()), ("connection cut", EmulatorFaults(closeConnectionEvery: 2), [1])])
    func aRequestLostWithItsConnectionIsSentAgainOnANewOne(_ name: String, _ faults: EmulatorFaults, possiblyDelivered: [Int]) async throws {
        // One connection, so the fault hits the connection the next request would use.
        try await Self.withEmulator({ $0.faults = faults }, connections: 1) { client, emulator, log in
            #expect(await client.send(try Self.notification(to: Self.token(1))).attempts == 1)
            let second = await client.send(try Self.notification(to: Self.token(2)))
            #expect(second.isDelivered)
            #expect(second.attempts == possiblyDelivered.count + 1)
            #expect(second.possiblyDeliveredAttempts == possiblyDelivered)
            #expect(emulator.statistics.accepted == 2)
            #expect(emulator.statistics.connections == 2)
            #expect(try Self.logged(log).count == 2)
        }
    }

    @Test func anAnswerThatStallsAfterItsHeadersFailsAtTheDeadlineAndTheConnectionCarriesOn() async throws {
        // Raced against a watchdog, so a send that never ends fails the test instead of stalling the run.
        // The deadline is long enough for a busy machine to answer the other two in time (500 ms
        // was not, now and then); the stalled one costs it once.
        let outcome = try await Self.withEmulator({ $0.faults.stallEvery = 2 }, retry: RetryPolicy(maximumAttempts: 1), connections: 1, timeout: .seconds(3)) {
            client, emulator, _ in
            try await Self.withWatchdog(seconds: 30) {
                let first = await client.send(try Self.notification(to: Self.token(1)))
                let stalled = await client.send(try Self.notification(to: Self.token(2)))
                let third = await client.send(try Self.notification(to: Self.token(3)))
                return (first, stalled, third, emulator.statistics)
            }
        }
        let (first, stalled, third, statistics) = try #require(outcome, "the sends did not end within 30 s")
        #expect(first.isDelivered)
        #expect(stalled.attempts == 1)
        #expect(stalled.failure?.status == nil)  // no whole answer came
        #expect(stalled.failure?.cause == .transport(.deadlineExceeded))
        #expect(stalled.failure?.message == "no answer: the attempt's deadline passed (the request timeout)")
        #expect(stalled.possiblyDeliveredAttempts == [1])
        #expect(third.isDelivered)
        #expect(third.attempts == 1)
        #expect(statistics.accepted == 2)
        #expect(statistics.connections == 1)  // the server was slow, not silent: the connection stays
    }

    @Test func aConnectionSilentForAWholeTimeoutIsReplaced() async throws {
        // Every answer 30 s late. After the first attempt the server still said something (the
        // SETTINGS that raises its stream limit once it saw a valid provider token); after the
        // second, nothing at all: the connection is presumed dead, and the third attempt goes on
        // a new one. (Should the SETTINGS come after the first deadline, the second attempt goes
        // on the new connection instead: two connections either way.)
        let outcome = try await Self.withEmulator(
            { $0.faults.latency = .seconds(30) },
            retry: RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5)), connections: 1,
            timeout: .milliseconds(300)
        ) { client, emulator, _ in
            try await Self.withWatchdog(seconds: 60) {
                let delivery = await client.send(try Self.notification())
                // The second attempt's 300 ms can run out before a loaded server has accepted its
                // new connection: wait for that event (a hang guard only, not a timing check).
                let deadline = ContinuousClock.now + .seconds(30)
                while emulator.statistics.connections < 2, ContinuousClock.now < deadline {
                    try? await Task.sleep(for: .milliseconds(10))
                }
                return (delivery, emulator.statistics)
            }
        }
        let (delivery, statistics) = try #require(outcome, "the send did not end within 60 s")
        #expect(delivery.attempts == 3)
        #expect(delivery.failure?.message == "no answer: the attempt's deadline passed (the request timeout)")
        #expect(statistics.connections == 2)
    }

    @Test func aRetryAfterLongerThanThePolicyAllowsIsNotWaitedOut() async throws {
        let retry = RetryPolicy(maximumAttempts: 4, initialDelay: .milliseconds(1), maximumDelay: .seconds(5))
        try await Self.withEmulator({
            $0.faults = EmulatorFaults(tooManyRequestsEvery: 1, tooManyRequestsBurst: 1, retryAfter: .seconds(3600))
        }, retry: retry) { client, emulator, _ in
            let delivery = await client.send(try Self.notification())
            #expect(delivery.attempts == 1)
            #expect(delivery.failure?.reason == .tooManyRequests)
            #expect(delivery.failure?.message.contains("asked to wait 3600 s") == true)
            #expect(emulator.statistics.received == 1)
        }
    }

    @Test func errorAnswersBeyondTheConnectionWindowAllArrive() async throws {
        // 2,000 answers of 410 with a JSON body (about 50 bytes each) on one connection: 100 KB,
        // past HTTP/2's 64 KB connection window, which the client must give back as it reads.
        let tokens = (1...2000).map(Self.token)
        let since = Date(timeIntervalSince1970: 1_700_000_000)
        try await Self.withEmulator({
            $0.unregisteredTokens = Dictionary(uniqueKeysWithValues: tokens.map { ($0.hex, since) })
        }, connections: 1) { client, _, _ in
            var reasons: [String: Int] = [:]
            var lost = 0
            for await delivery in client.send(try Self.notification(), to: tokens) {
                // Each answer read whole, never mistaken for a lost one. (A first connection that
                // a busy machine cannot open in time is retried: that is no lost answer.)
                reasons[delivery.failure?.reason?.rawValue ?? delivery.failure?.message ?? "delivered", default: 0] += 1
                if !delivery.possiblyDeliveredAttempts.isEmpty { lost += 1 }
            }
            #expect(reasons == ["Unregistered": 2000])
            #expect(lost == 0)
        }
    }

    @Test func aServerWhoseCertificateIsNotTrustedFailsToConnectAndSaysSo() async throws {
        let emulator = try await APNSEmulator.start(APNSEmulator.Configuration(keys: [APNSVerificationKey(Self.key)]))
        let client = try APNSClient(configuration: APNSClient.Configuration(endpoint: emulator.endpoint, retry: Self.quickRetries), key: Self.key)
        let delivery = await client.send(try Self.notification())
        try await client.shutdown()
        await emulator.shutdown()
        #expect(delivery.failure?.status == nil)
        #expect(
            delivery.failure?.message.hasPrefix("not sent: the certificate of 127.0.0.1:\(emulator.port) is not trusted: no authority this client trusts signed it") == true,
            "\(delivery)")
        #expect(delivery.attempts == 1)  // trying again cannot mend it
        #expect(delivery.possiblyDeliveredAttempts.isEmpty)
        #expect(emulator.statistics.received == 0)
    }

    @Test func afterShutdownNothingIsSentOrRetried() async throws {
        let client = try APNSClient(configuration: APNSClient.Configuration(endpoint: APNSEndpoint(url: URL(string: "https://127.0.0.1:9")!)), key: Self.key)
        try await client.shutdown()
        let delivery = await client.send(try Self.notification())  // the default policy would retry 3 times with back-off
        #expect(delivery.attempts == 1)
        #expect(delivery.failure?.message == "not sent: the client was shut down")
        #expect(delivery.failure?.transportError == .shutDown)
        #expect(delivery.failure?.reason == nil)
    }

    @Test func shuttingDownEndsNotificationsStillWaitingForAnAnswer() async throws {
        // The deadline (60 s) and the answer (30 s) are both later than the watchdog (15 s):
        // only the shutdown can end the send in time.
        let outcome = try await Self.withEmulator({ $0.faults.latency = .seconds(30) }, timeout: .seconds(60)) { client, emulator, _ in
            try await Self.withWatchdog(seconds: 15) {
                let request = try Self.notification()
                async let delivery = client.send(request)
                // The request is out and waiting: the emulator has it (a fixed sleep was too short
                // for a busy machine to connect in).
                _ = await EmulatorConnectionLimitsTests.eventually { emulator.statistics.received == 1 }
                try await client.shutdown()
                return await delivery
            }
        }
        let delivery = try #require(outcome, "the send did not end within 15 s of the shutdown")
        #expect(!delivery.isDelivered)
        // The request was out when its connection closed; the retry found the client shut down.
        #expect(delivery.possiblyDeliveredAttempts == [1])
        #expect(delivery.attempts == 2)
        #expect(delivery.failure?.message == "not sent: the client was shut down", "\(delivery)")
    }

    @Test func theEmulatorStopsAfterAnsweringWhatItTookAndCountsConnections() async throws {
        // The answer is owed for 500 ms when the emulator is told to stop: it still goes out.
        // The stop waits for the request to arrive rather than a fixed time, which a busy
        // machine can spend connecting.
        let outcome = try await Self.withEmulator({ $0.faults.latency = .milliseconds(500) }, connections: 1) { client, emulator, _ in
            try await Self.withWatchdog(seconds: 15) {
                let request = try Self.notification()
                async let delivery = client.send(request)
                _ = await EmulatorConnectionLimitsTests.eventually { emulator.statistics.received == 1 }
                await emulator.shutdown()
                return (await delivery, emulator.statistics)
            }
        }
        let (delivery, statistics) = try #require(outcome, "the send or the shutdown did not end within 15 s")
        #expect(delivery.isDelivered)
        #expect(delivery.attempts == 1)
        #expect(statistics.accepted == 1)
        #expect(statistics.connections == 1)
    }

    @Test func theEmulatorStopsWithinItsGraceWhenAnAnswerIsOwedLonger() async throws {
        // Answers are 30 s late: the stop waits its grace (2 s), not 30 s, then closes.
        let retry = RetryPolicy(maximumAttempts: 1)
        let outcome = try await Self.withEmulator({ $0.faults.latency = .seconds(30) }, retry: retry, connections: 1, timeout: .seconds(60)) {
            client, emulator, _ in
            try await Self.withWatchdog(seconds: 15) {
                let request = try Self.notification()
                async let delivery = client.send(request)
                try await Task.sleep(for: .milliseconds(150))
                await emulator.shutdown()
                return await delivery
            }
        }
        let delivery = try #require(outcome, "the shutdown did not end within 15 s")
        #expect(delivery.failure?.message.hasPrefix("no answer: the connection closed") == true, "\(delivery)")
        guard case .transport(.connectionClosed)? = delivery.failure?.cause else {
            Issue.record("not a closed connection: \(delivery)")
            return
        }
    }

    @Test func theEmulatorStopsWithAPeerThatNeverSpeaks() async throws {
        let emulator = try await APNSEmulator.start(APNSEmulator.Configuration(keys: [APNSVerificationKey(Self.key)]))
        // A TCP connection that never starts TLS: the stop must not wait for it.
        let silent = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: emulator.port).get()
        defer { silent.close(promise: nil) }
        let stopped = try await Self.withWatchdog(seconds: 15) {
            await emulator.shutdown()
            return true
        }
        #expect(stopped == true, "the emulator did not stop within 15 s")
    }

    @Test func moreInFlightThanTheServerAllowsWaitForFreeStreams() async throws {
        let tokens = (1...200).map(Self.token)
        try await Self.withEmulator({
            $0.maximumConcurrentStreams = 4
            $0.faults.latency = .milliseconds(5)
        }) { client, emulator, _ in
            // The client allows 100 in flight; the server announces 4 streams per connection.
            // A stream beyond the limit would be refused by the server's HTTP/2 layer and fail the
            // attempt: every notification must go through on its first.
            var firstAttempt = 0
            for await delivery in client.send(try Self.notification(), to: tokens) where delivery.isDelivered && delivery.attempts == 1 {
                firstAttempt += 1
            }
            #expect(firstAttempt == 200)
            #expect(emulator.statistics.received == 200)
            #expect(emulator.statistics.peakConcurrentStreams > 1)  // they did run concurrently
            #expect(emulator.statistics.peakConcurrentStreams <= 4)  // and never beyond the limit, not even before the server's SETTINGS came
        }
    }

    @Test func aRequestsDeadlineStartsWhenItGoesOutNotWhileItWaitsForAStream() async throws {
        // One stream (what APNs grants a new token-auth connection), answers 250 ms late, 15
        // requests at once: the last waits about 3.5 s for its stream, longer than the 2 s
        // deadline, which only starts when it goes out. Each is answered on its first attempt.
        let tokens = (1...15).map(Self.token)
        let retry = RetryPolicy(maximumAttempts: 2, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5))
        try await Self.withEmulator({
            $0.maximumConcurrentStreams = 1
            $0.faults.latency = .milliseconds(250)
        }, retry: retry, connections: 1, timeout: .seconds(2)) { client, emulator, _ in
            var deliveries: [APNSDelivery] = []
            for await delivery in client.send(try Self.notification(), to: tokens) { deliveries.append(delivery) }
            #expect(deliveries.count == 15)
            #expect(deliveries.allSatisfy { $0.isDelivered && $0.attempts == 1 && $0.possiblyDeliveredAttempts.isEmpty }, "\(deliveries.filter { !$0.isDelivered })")
            #expect(emulator.statistics.received == 15)
            #expect(emulator.statistics.accepted == 15)
        }
    }

    @Test func aRequestThatFindsNoFreeStreamInTimeFailsUnsentAndIsNotRetried() async throws {
        // One stream, answers 5 s late, 300 ms allowed for a free stream: the first request goes
        // out, the two behind it never do.
        let tokens = (1...3).map(Self.token)
        let outcome = try await Self.withEmulator({
            $0.maximumConcurrentStreams = 1
            $0.faults.latency = .seconds(5)
        }, connections: 1, timeout: .seconds(60), client: { $0.streamWaitTimeout = .milliseconds(300) }) { client, emulator, _ in
            try await Self.withWatchdog(seconds: 60) {
                var deliveries: [APNSDelivery] = []
                for await delivery in client.send(try Self.notification(), to: tokens) { deliveries.append(delivery) }
                return (deliveries, emulator.statistics)
            }
        }
        let (deliveries, statistics) = try #require(outcome, "the batch did not end within 60 s")
        #expect(deliveries.filter(\.isDelivered).count == 1)
        let unsent = deliveries.filter { !$0.isDelivered }
        #expect(unsent.count == 2)
        for delivery in unsent {
            #expect(delivery.failure?.message == "not sent: no free HTTP/2 stream within 300 ms", "\(delivery)")
            #expect(delivery.failure?.cause == .transport(.noFreeStream(waited: .milliseconds(300))), "\(delivery)")
            #expect(delivery.attempts == 1)
            #expect(delivery.possiblyDeliveredAttempts.isEmpty)
        }
        #expect(statistics.received == 1)
    }

    /// Requests 2, 4 and 6 are accepted and their answers lost: the stream reset, the connection
    /// closed, the answer stalled past the deadline. One notification at a time, so each lost
    /// answer is one possibly delivered attempt, sent again with the same collapse id.
    @Test func anAcceptedNotificationWhoseAnswerIsLostIsSentAgainWithTheSameCollapseID() async throws {
        try await Self.withEmulator({ $0.faults.loseAnswerEvery = 2 }, connections: 1, timeout: .seconds(1)) { client, emulator, log in
            var deliveries: [APNSDelivery] = []
            for n in 1...4 { deliveries.append(await client.send(try Self.notification(to: Self.token(n)))) }
            #expect(deliveries.allSatisfy { $0.isDelivered }, "\(deliveries)")
            #expect(deliveries.map(\.attempts) == [1, 2, 2, 2])
            #expect(deliveries.map(\.possiblyDeliveredAttempts) == [[], [1], [1], [1]])
            #expect(deliveries.map(\.possibleDuplicates) == [0, 1, 1, 1])
            let statistics = emulator.statistics
            #expect(statistics.accepted == 7)
            #expect(statistics.answersLost == 3)
            #expect(statistics.connections == 2)  // the close
            // Each copy carried the notification's apns-id as its collapse id.
            let logged = try Self.logged(log)
            for delivery in deliveries {
                guard case .delivered(let apnsID) = delivery.outcome else { continue }
                #expect(delivery.collapseID == apnsID.lowercasedText)
                let copies = logged.filter { $0["token"]?.stringValue == delivery.deviceToken.hex }
                #expect(copies.count == delivery.possibleDuplicates + 1)
                #expect(copies.allSatisfy { $0["headers"]?["apns-collapse-id"]?.stringValue == delivery.collapseID })
            }
        }
    }

    @Test func withoutACollapseIDAPossiblyDeliveredNotificationIsNotSentAgain() async throws {
        try await Self.withEmulator({ $0.faults.loseAnswerEvery = 2 }, connections: 1, client: { $0.collapsesResends = false }) { client, emulator, log in
            let first = await client.send(try Self.notification(to: Self.token(1)))
            let lost = await client.send(try Self.notification(to: Self.token(2)))
            #expect(first.isDelivered)
            #expect(first.collapseID == nil)
            #expect(!lost.isDelivered)
            #expect(lost.attempts == 1)
            #expect(lost.possiblyDeliveredAttempts == [1])
            #expect(lost.failure?.message.contains("not sent again: it may have been delivered") == true, "\(lost)")
            #expect(emulator.statistics.accepted == 2)
            #expect(emulator.statistics.answersLost == 1)
            #expect(try Self.logged(log).allSatisfy { $0["headers"]?["apns-collapse-id"] == nil })
        }
    }

    @Test func connectionsGoAwaysTokensAndRetriesAreLoggedAndNothingSecretIs() async throws {
        let log = LogRecorder()
        // One notification at a time: request 3 meets a GOAWAY (resent at once on a second
        // connection), request 5 loses its answer (a reset) and its retry, request 6, meets the
        // next GOAWAY (a third connection).
        try await Self.withEmulator({ $0.faults = EmulatorFaults(goAwayEvery: 3, loseAnswerEvery: 5) }, connections: 1, logger: log.logger) {
            client, _, _ in
            for n in 1...4 {
                let delivery = await client.send(try Self.notification(to: Self.token(n)))
                #expect(delivery.isDelivered)
            }
        }
        let messages = log.entries.map(\.message)
        #expect(messages.filter { $0 == "new provider token" }.count == 1)
        #expect(messages.filter { $0 == "connection opened" }.count == 3)
        #expect(messages.contains("GOAWAY"))
        #expect(messages.contains("replacing connection"))
        let retry = try #require(log.entries.first { $0.message == "retrying" })
        #expect(retry.metadata["apns.retry.reason"]?.hasPrefix("no answer: the stream was reset") == true, "\(retry)")
        #expect(retry.metadata["apns.id"].flatMap(UUID.init(text:)) != nil)
        #expect(log.entries.allSatisfy { $0.level <= .debug })  // a library logs at debug; the caller decides
        // Never the provider token (a JWT starts "eyJ"), a device token or the message.
        #expect(!log.text.contains("eyJ"))
        #expect(!log.text.contains(Self.token(1).hex))
        #expect(!log.text.contains("Rope is packed"))
    }

    @Test func theEmulatorLogsConnectionsGoAwaysTokensFaultsAndRefusalsAndNothingSecret() async throws {
        let log = LogRecorder()
        // One notification at a time: request 3 meets a GOAWAY (a second connection), request 4
        // goes to an unregistered token.
        try await Self.withEmulator({
            $0.faults = EmulatorFaults(goAwayEvery: 3)
            $0.unregisteredTokens = [Self.token(4).hex: Date()]
            $0.logger = log.logger
        }, connections: 1) { client, _, _ in
            for n in 1...4 {
                let delivery = await client.send(try Self.notification(to: Self.token(n)))
                #expect(delivery.isDelivered == (n != 4))
            }
        }
        let entries = log.entries
        let opened = entries.filter { $0.message == "connection opened" }
        #expect(opened.count == 2)
        #expect(Set(opened.compactMap { $0.metadata["emulator.connection"] }) == ["1", "2"])
        #expect(entries.filter { $0.message == "connection closed" }.count == 2)
        #expect(entries.filter { $0.message == "provider token taken into use on a connection" }.count == 2)
        #expect(entries.contains { $0.message == "fault injected" && $0.metadata["emulator.fault"] == "GOAWAY Shutdown" })
        // The fault's; the client closes its connections before the emulator stops.
        #expect(entries.filter { $0.message == "GOAWAY sent" }.count == 1, "\(log.text)")
        let refused = try #require(entries.first { $0.message == "refused" })
        #expect(refused.metadata["apns.reason"] == "Unregistered")
        #expect(refused.metadata["emulator.why"] == "the device token is marked unregistered")
        #expect(entries.allSatisfy { $0.level <= .debug })
        // Never the provider token (a JWT starts "eyJ") or the message.
        #expect(!log.text.contains("eyJ"))
        #expect(!log.text.contains("Rope is packed"))
    }

    @Test func aCollapseIDTheCallerSetIsKept() async throws {
        try await Self.withEmulator { client, _, log in
            var request = try Self.notification()
            request.collapseID = "conversation-7"
            let delivery = await client.send(request)
            #expect(delivery.collapseID == "conversation-7")
            #expect(try Self.logged(log).only?["headers"]?["apns-collapse-id"] == "conversation-7")
        }
    }

    @Test func anExpiredProviderTokenIsRenewedAndTheNotificationSentAgain() async throws {
        // The first token is signed two hours in the past; every later one now.
        let calls = Counter()
        try await Self.withEmulator(now: { calls.next() == 1 ? Date().addingTimeInterval(-7200) : Date() }) { client, emulator, _ in
            let delivery = await client.send(try Self.notification())
            #expect(delivery.isDelivered)
            #expect(delivery.attempts == 2)
            #expect(emulator.statistics.refused["ExpiredProviderToken"] == 1)
        }
    }

    /// The faults, with and without latency (without, answers and GOAWAYs race the client's
    /// next requests), and with a stream limit below the client's concurrency (requests wait in
    /// NIOHTTP2's queue when a GOAWAY comes).
    static let batchFaults: [(EmulatorFaults, streams: Int)] = [
        (EmulatorFaults(latency: .milliseconds(2), serverErrorShare: 0.05, resetShare: 0.02, goAwayEvery: 400, seed: 7), 500),
        (EmulatorFaults(serverErrorShare: 0.05, resetShare: 0.02, goAwayEvery: 300, seed: 8), 500),
        (EmulatorFaults(serverErrorShare: 0.05, resetShare: 0.02, goAwayEvery: 300, seed: 9), 8),
    ]

    @Test(arguments: batchFaults)
    func aBatchUnderResetsGoAwaysAndServerErrorsAccountsForEveryTokenOnce(_ faults: EmulatorFaults, streams: Int) async throws {
        let tokens = (1...3000).map(Self.token)
        let retry = RetryPolicy(maximumAttempts: 10, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5))
        try await Self.withEmulator({
            $0.faults = faults
            $0.maximumConcurrentStreams = streams
        }, retry: retry) { client, emulator, log in
            var deliveries: [DeviceToken: [APNSDelivery]] = [:]
            for await delivery in client.send(try Self.notification(), to: tokens) {
                deliveries[delivery.deviceToken, default: []].append(delivery)
            }
            // One result per token, none missing, none twice.
            #expect(deliveries.count == tokens.count)
            #expect(deliveries.values.allSatisfy { $0.count == 1 })
            let failed = deliveries.values.flatMap { $0 }.filter { !$0.isDelivered }
            #expect(failed.isEmpty, "failed: \(failed.prefix(3))")
            // Faults really happened, and every delivered token reached the log.
            #expect(emulator.statistics.faultsInjected > 100)
            // Each token accepted exactly once: a GOAWAY answers what it took and refuses the rest.
            let logged = try Self.logged(log).compactMap { $0["token"]?.stringValue }
            #expect(logged.count == tokens.count)
            #expect(Set(logged) == Set(tokens.map(\.hex)))
            #expect(emulator.statistics.accepted == tokens.count)
            #expect(emulator.statistics.answersLost == 0)
        }
    }

    @Test func aCancelledBatchTakesNoMoreTokensAndReportsEveryNotificationItSent() async throws {
        // A million tokens, made as they are taken: cancelled after 200 deliveries, the batch
        // must stop taking tokens (the ones in flight end and are reported) instead of sending
        // them all, which would outlast the watchdog.
        let tokens = NumberedTokens(count: 1_000_000)
        let reported = Counter()
        let reachedTwoHundred = AsyncStream<Void>.makeStream()
        try await Self.withEmulator { client, emulator, _ in
            let batch = Task {
                await client.send(try Self.notification(), to: tokens) { _ in
                    if reported.next() == 200 { reachedTwoHundred.continuation.yield() }
                }
            }
            for await _ in reachedTwoHundred.stream { break }
            batch.cancel()
            let finished: Void? = try await Self.withWatchdog(seconds: 60) { try await batch.value }
            #expect(finished != nil, "the cancelled batch kept sending")
            let count = reported.next() - 1
            #expect(count >= 200 && count < 1_000_000)
            // Every notification that reached the emulator was reported, and no more.
            #expect(emulator.statistics.received == count)
        }
    }

    @Test func aBatchWithLostAnswersDeliversEveryTokenAndEachDuplicateCameFromALostAnswer() async throws {
        let tokens = (1...3000).map(Self.token)
        let retry = RetryPolicy(maximumAttempts: 10, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(5))
        let faults = EmulatorFaults(serverErrorShare: 0.05, resetShare: 0.02, goAwayEvery: 300, loseAnswerEvery: 97, seed: 10)
        // 5 s: the deadline only ends the stalled answers; an answer written but read after the
        // deadline would be a duplicate the emulator cannot count as lost.
        try await Self.withEmulator({ $0.faults = faults }, retry: retry, timeout: .seconds(5)) { client, emulator, log in
            var deliveries: [DeviceToken: APNSDelivery] = [:]
            var results = 0
            for await delivery in client.send(try Self.notification(), to: tokens) {
                deliveries[delivery.deviceToken] = delivery
                results += 1
            }
            #expect(results == tokens.count)
            #expect(deliveries.count == tokens.count)
            let failed = deliveries.values.filter { !$0.isDelivered }
            #expect(failed.isEmpty, "failed: \(failed.prefix(3))")
            let statistics = emulator.statistics
            #expect(statistics.answersLost >= 30)  // 3000 / 97, less those refused as 5xx first
            // Every token reached the log.
            let logged = try Self.logged(log)
            #expect(Set(logged.compactMap { $0["token"]?.stringValue }) == Set(tokens.map(\.hex)))
            #expect(statistics.accepted == logged.count)
            // Every copy beyond a token's first came from an attempt the client reported as
            // possibly delivered. The emulator's count of lost answers is only a lower bound: it
            // knows an answer it could not write, not one written and read too late.
            let copies = Dictionary(grouping: logged.compactMap { $0["token"]?.stringValue }, by: { $0 }).mapValues(\.count)
            let unexplained = deliveries.values.filter { copies[$0.deviceToken.hex, default: 0] - 1 > $0.possiblyDeliveredAttempts.count }
            #expect(unexplained.isEmpty, "copies the client did not report as possibly delivered: \(unexplained.prefix(5))")
            #expect(statistics.accepted >= tokens.count + statistics.answersLost)
            // The client counts each lost answer as possibly delivered (and also resets before
            // processing, which it cannot tell apart), and every copy had one collapse id.
            let possiblyDelivered = deliveries.values.map(\.possiblyDeliveredAttempts.count).reduce(0, +)
            #expect(possiblyDelivered >= statistics.answersLost)
            var collapseIDs: [String: Set<String>] = [:]
            for entry in logged {
                collapseIDs[entry["token"]?.stringValue ?? "", default: []].insert(entry["headers"]?["apns-collapse-id"]?.stringValue ?? "none")
            }
            let mismatched = deliveries.values.filter { collapseIDs[$0.deviceToken.hex] != [$0.collapseID ?? "missing"] }
            #expect(mismatched.isEmpty, "\(mismatched.prefix(3))")
        }
    }
}

/// Tokens 1, 2, … `count`, each made when it is taken.
struct NumberedTokens: Sequence, Sendable {
    let count: Int

    func makeIterator() -> AnyIterator<DeviceToken> {
        var number = 0
        return AnyIterator {
            number += 1
            return number <= count ? APNSClientEmulatorTests.token(number) : nil
        }
    }
}

/// Counts calls, from any thread.
final class Counter: @unchecked Sendable {
    // @unchecked: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0
    func next() -> Int { lock.withLock { count += 1; return count } }
}

