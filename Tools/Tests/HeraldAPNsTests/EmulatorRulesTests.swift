import Crypto
import Foundation
import HeraldAPNs
@testable import HeraldAPNsEmulator
import HeraldCore
import HeraldSending
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import SwiftASN1
import Testing
import X509

/// The emulator's rules that go beyond one request's headers: what every answer carries, what
/// a connection remembers, and what it takes to connect at all.
@Suite struct EmulatorRulesTests {
    static let key = APNSClientEmulatorTests.key

    /// A responder as the emulator has it, without the network.
    static func responder(_ configure: (inout APNSEmulator.Configuration) -> Void = { _ in }) throws -> EmulatorResponder {
        var configuration = APNSEmulator.Configuration(keys: [APNSVerificationKey(key)])
        configure(&configuration)
        return EmulatorResponder(configuration: configuration, log: try NotificationLog(logFile: nil, simctlDirectory: nil))
    }

    /// A provider token issued `age` ago; each is new (ES256 signatures are randomized).
    static func providerToken(age: TimeInterval = 0) -> String {
        APNSProviderToken.make(key: key, issuedAt: Date().addingTimeInterval(-age).roundedDownToSeconds)
    }

    /// A notification's wire request with `token`, and no apns-id.
    static func wire(_ token: String = providerToken(), change: (inout APNSRequest) -> Void = { _ in }) throws -> APNSWireRequest {
        var request = try APNSClientEmulatorTests.notification()
        change(&request)
        return request.wireRequest(authorization: token)
    }

    static func reason(_ answer: HTTP2Server.Answer) -> String? {
        APNSResponse(wire: answer.response).reason?.rawValue
    }

    @Test func everyAnswerCarriesAnAPNSIDAlsoWhenTheRequestHadNone() async throws {
        let accepting = try Self.responder()
        let refusing = try Self.responder { $0.faults.serverErrorShare = 1 }
        var connection = HTTP2Server.ConnectionState()
        let token = Self.providerToken()
        let answers = [
            try await accepting.answer(try Self.wire(token), connection: &connection),
            try await accepting.answer(try Self.wire(token) { $0.topic = "" }, connection: &connection),  // MissingTopic
            try await accepting.answer(try Self.wire(token).withHeader("apns-id", "not-a-uuid"), connection: &connection),  // BadMessageId
            try await refusing.answer(try Self.wire(token), connection: &connection),  // 500 or 503
        ]
        #expect(answers.map(\.response.status) == [200, 400, 400, answers[3].response.status])
        #expect([500, 503].contains(answers[3].response.status))
        for answer in answers {
            let id = try #require(answer.response.headers.first(named: "apns-id"), "\(answer.response)")
            #expect(UUID(text: id) != nil)
        }
        // The request's own id is echoed.
        var generator = SystemRandomNumberGenerator()
        let id = UUID.version4(using: &generator)
        let echoed = try await accepting.answer(try Self.wire(token) { $0.apnsID = id; $0.topic = "" }, connection: &connection)
        #expect(echoed.response.headers.first(named: "apns-id") == id.lowercasedText)
    }

    @Test func aNewProviderTokenSoonerThanAPNsAllowsOnAConnectionIsTooManyProviderTokenUpdates() async throws {
        let responder = try Self.responder()
        var connection = HTTP2Server.ConnectionState()
        var other = HTTP2Server.ConnectionState()
        let first = try Self.wire(Self.providerToken(age: 600))
        let second = try Self.wire(Self.providerToken())
        #expect(try await responder.answer(first, connection: &connection).response.status == 200)
        let refused = try await responder.answer(second, connection: &connection)
        #expect(refused.response.status == 429)
        #expect(Self.reason(refused) == "TooManyProviderTokenUpdates")
        // The token in use stays in use; on another connection the new one is its first.
        #expect(try await responder.answer(first, connection: &connection).response.status == 200)
        #expect(try await responder.answer(second, connection: &other).response.status == 200)
        // An invalid token changes nothing.
        let foreign = APNSProviderToken.make(key: try APNSSigningKey(pem: P256.Signing.PrivateKey().pemRepresentation, keyID: "ABC123DEFG", teamID: "TEAM123456"), issuedAt: Date().roundedDownToSeconds)
        var fresh = HTTP2Server.ConnectionState()
        #expect(Self.reason(try await responder.answer(try APNSClientEmulatorTests.notification().wireRequest(authorization: foreign), connection: &fresh)) == "InvalidProviderToken")
        #expect(fresh.providerToken == nil)
    }

    /// The token in use on a connection is not verified again, but its age still counts: an
    /// hour on, the same token on the same connection is expired.
    @Test func theTokenInUseIsExpiredOnceItOutlivesTheMaximumAgeOnItsConnection() async throws {
        let responder = try Self.responder()
        var connection = HTTP2Server.ConnectionState()
        let request = try Self.wire(Self.providerToken(age: 600))
        #expect(try await responder.answer(request, connection: &connection).response.status == 200)
        #expect(try await responder.answer(request, connection: &connection).response.status == 200)
        // An hour passes for the token in use (its issue time moves back instead of the clock on).
        let inUse = try #require(connection.providerToken)
        connection.providerToken = (inUse.value, inUse.since, inUse.issuedAt.addingTimeInterval(-3600))
        let expired = try await responder.answer(request, connection: &connection)
        #expect(expired.response.status == 403)
        #expect(Self.reason(expired) == "ExpiredProviderToken")
    }

    @Test func aProviderTokenIssuedInTheFutureIsRefused() async throws {
        let responder = try Self.responder()
        var connection = HTTP2Server.ConnectionState()
        let answer = try await responder.answer(try Self.wire(Self.providerToken(age: -600)), connection: &connection)
        #expect(answer.response.status == 403)
        #expect(Self.reason(answer) == "InvalidProviderToken")
        #expect(connection.providerToken == nil)
    }

    @Test func aNewProviderTokenAfterTheIntervalReplacesTheOld() async throws {
        let responder = try Self.responder { $0.tokenUpdateMinimumInterval = .zero }
        var connection = HTTP2Server.ConnectionState()
        #expect(try await responder.answer(try Self.wire(Self.providerToken(age: 600)), connection: &connection).response.status == 200)
        let second = try Self.wire(Self.providerToken())
        #expect(try await responder.answer(second, connection: &connection).response.status == 200)
        #expect(connection.providerToken?.value == second.headers.first(named: "authorization").map { String($0.dropFirst("bearer ".count)) })
    }

    /// The log is written on a thread of its own; an acceptance is answered once its line is
    /// written, in order, and one that cannot be written down is not accepted.
    @Test func aNotificationIsAnsweredOnlyOnceItIsWrittenDown() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-log-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let logFile = directory.appendingPathComponent("log.jsonl")
        let simctl = directory.appendingPathComponent("simctl")
        let log = try NotificationLog(logFile: logFile, simctlDirectory: simctl)
        let responder = EmulatorResponder(configuration: APNSEmulator.Configuration(keys: [APNSVerificationKey(Self.key)]), log: log)
        var connection = HTTP2Server.ConnectionState()
        let token = Self.providerToken()
        var ids: [String] = []
        for _ in 1...5 {
            var generator = SystemRandomNumberGenerator()
            let id = UUID.version4(using: &generator)
            #expect(try await responder.answer(try Self.wire(token) { $0.apnsID = id }, connection: &connection).response.status == 200)
            ids.append(id.lowercasedText)
            // Answered, so written: the line is there already.
            let lines = try String(contentsOf: logFile, encoding: .utf8).split(separator: "\n")
            #expect(try lines.map { try JSONValue(parsing: Data($0.utf8))["apnsID"]?.stringValue } == ids)
        }
        // The simctl directory is gone: the next notification cannot be written down.
        try FileManager.default.removeItem(at: simctl)
        let refused = try await responder.answer(try Self.wire(token), connection: &connection)
        #expect(refused.response.status == 500)
        #expect(Self.reason(refused) == "InternalServerError")
        #expect(responder.statistics.accepted == 5)
        #expect(responder.statistics.refused == ["InternalServerError": 1])
        await log.close()
        // Closed: nothing more is written, and nothing more accepted.
        #expect(try await responder.answer(try Self.wire(token), connection: &connection).response.status == 500)
        #expect(responder.statistics.accepted == 5)
    }

    @Test func aConnectionAllowsOneStreamUntilAValidProviderTokenCame() async throws {
        // 20 notifications at once, each answered 100 ms late. With a foreign key no token is
        // ever valid, and they go one at a time; with the right key, many at once after the first.
        let tokens = (1...20).map(APNSClientEmulatorTests.token)
        let foreignKey = try APNSSigningKey(pem: P256.Signing.PrivateKey().pemRepresentation, keyID: "ABC123DEFG", teamID: "TEAM123456")
        for (key, expectedPeak) in [(foreignKey, 1...1), (Self.key, 2...50)] {
            try await APNSClientEmulatorTests.withEmulator({
                $0.maximumConcurrentStreams = 50
                $0.faults.latency = .milliseconds(100)
            }, retry: RetryPolicy(maximumAttempts: 1), connections: 1, key: key) { client, emulator, _ in
                var results = 0
                for await _ in client.send(try APNSClientEmulatorTests.notification(), to: tokens) { results += 1 }
                #expect(results == 20)
                #expect(emulator.statistics.received == 20)
                #expect(expectedPeak.contains(emulator.statistics.peakConcurrentStreams), "\(emulator.statistics)")
            }
        }
    }

    /// Opens a TLS connection to the emulator offering `protocols`, and returns what was
    /// negotiated and whether the server then closed the connection.
    ///
    /// No clock decides: a server that serves the connection sends its HTTP/2 SETTINGS right
    /// after the handshake, and one that refuses it closes it; whichever comes first answers.
    static func connect(offering protocols: [String], to emulator: APNSEmulator) async throws -> (negotiated: String?, closedByServer: Bool) {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates(try NIOSSLCertificate.fromPEMBytes(Array(emulator.certificatePEM.utf8)))
        tls.applicationProtocols = protocols
        let context = try NIOSSLContext(configuration: tls)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let watcher = HandshakeWatcher(handshake: loop.makePromise(), closedBeforeData: loop.makePromise())
        let channel = try await ClientBootstrap(group: loop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: context, serverHostname: nil))
                    try channel.pipeline.syncOperations.addHandler(watcher)
                }
            }
            .connect(host: "127.0.0.1", port: emulator.port).get()
        let negotiated = try await watcher.handshake.futureResult.get()
        let closedByServer = try await watcher.closedBeforeData.futureResult.get()
        if !closedByServer { try await channel.close().get() }
        return (negotiated, closedByServer)
    }

    final class HandshakeWatcher: ChannelInboundHandler, Sendable {
        typealias InboundIn = NIOAny
        let handshake: EventLoopPromise<String?>
        /// True when the connection closed before the server sent any data; false at its first bytes.
        let closedBeforeData: EventLoopPromise<Bool>

        init(handshake: EventLoopPromise<String?>, closedBeforeData: EventLoopPromise<Bool>) {
            self.handshake = handshake
            self.closedBeforeData = closedBeforeData
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .handshakeCompleted(let negotiated) = event as? TLSUserEvent { handshake.succeed(negotiated) }
            context.fireUserInboundEventTriggered(event)
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            closedBeforeData.succeed(false)  // ignored once settled
            context.fireChannelRead(data)
        }

        func channelInactive(context: ChannelHandlerContext) {
            handshake.fail(ChannelError.ioOnClosedChannel)  // ignored once succeeded
            closedBeforeData.succeed(true)
            context.fireChannelInactive()
        }
    }

    @Test func aClientThatDoesNotOfferH2IsRefusedAfterTheHandshake() async throws {
        let emulator = try await APNSEmulator.start(APNSEmulator.Configuration(keys: [APNSVerificationKey(Self.key)]))
        let http1 = try await Self.connect(offering: ["http/1.1"], to: emulator)
        let none = try await Self.connect(offering: [], to: emulator)
        let h2 = try await Self.connect(offering: ["h2"], to: emulator)
        await emulator.shutdown()
        #expect(http1.negotiated == nil)
        #expect(http1.closedByServer)
        #expect(none.negotiated == nil)
        #expect(none.closedByServer)
        #expect(h2.negotiated == "h2")
        #expect(!h2.closedByServer)
    }

    @Test func theServerCertificateIsNotAnAuthorityAndTheAuthoritySignedIt() throws {
        let identity = try EmulatorIdentity.generate()
        let chain = try PEMDocument.parseMultiple(pemString: identity.certificateChainPEM).map { try Certificate(pemDocument: $0) }
        let root = try Certificate(pemEncoded: identity.trustRootPEM)
        #expect(chain.count == 2)
        let leaf = chain[0]
        #expect(try leaf.extensions.basicConstraints == BasicConstraints.notCertificateAuthority)
        #expect(try leaf.extensions.extendedKeyUsage?.contains(ExtendedKeyUsage.Usage.serverAuth) == true)
        #expect(try root.extensions.basicConstraints == BasicConstraints.isCertificateAuthority(maxPathLength: 0))
        #expect(chain.last == root)
        #expect(leaf.issuer == root.subject)
        #expect(root.publicKey.isValidSignature(leaf.signature, for: leaf))
    }
}

extension Date {
    /// Whole seconds, as a provider token's `iat` carries them.
    var roundedDownToSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}

extension APNSWireRequest {
    func withHeader(_ name: String, _ value: String) -> APNSWireRequest {
        var copy = self
        copy.headers.removeAll { $0.name == name }
        copy.headers.append(APNSHeader(name, value))
        return copy
    }
}

extension EmulatorResponder {
    /// The answer as the connection handler gets it, on an event loop of the shared group.
    func answer(_ request: APNSWireRequest, connection: inout HTTP2Server.ConnectionState) async throws -> HTTP2Server.Answer {
        try await answer(request, connection: &connection, on: MultiThreadedEventLoopGroup.singleton.any()).get()
    }
}
