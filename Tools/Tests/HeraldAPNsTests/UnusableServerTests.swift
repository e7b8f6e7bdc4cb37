import Foundation
import HeraldAPNs
@testable import HeraldAPNsEmulator
import NIOCore
import NIOPosix
import NIOSSL
import Testing

/// Servers that are not APNs, or cannot be reached as APNs: each failure says what is wrong in
/// words, and one that trying again cannot mend is tried once, not `maximumAttempts` times.
@Suite struct UnusableServerTests {
    /// Sends one notification to `url`, trusting `trusted` (PEM), with four quick attempts (a
    /// failure that is retried shows it in `attempts`), and returns its failure.
    static func failure(
        sendingTo url: String, trusting trusted: String?
    ) async throws -> (message: String, status: Int?, attempts: Int, cause: APNSFailure.Cause) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-unusable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }  // a leftover temp folder is harmless
        var file: URL?
        if let trusted {
            file = directory.appendingPathComponent("ca.pem")
            try trusted.write(to: file!, atomically: true, encoding: .utf8)
        }
        let client = try APNSClient(
            configuration: APNSClient.Configuration(
                endpoint: APNSEndpoint(url: URL(string: url)!), connections: 1, retry: APNSClientEmulatorTests.quickRetries, trustedCertificatesFile: file),
            key: APNSClientEmulatorTests.key)
        let delivery = await client.send(try APNSClientEmulatorTests.notification())
        try await client.shutdown()
        let failure = try #require(delivery.failure, "delivered to a server that is not APNs")
        #expect(delivery.possiblyDeliveredAttempts.isEmpty)
        return (failure.message, failure.status, delivery.attempts, failure.cause)
    }

    /// Whether the client kept the failure as a server that cannot be APNs, not as a message alone.
    static func isUnusableServer(_ cause: APNSFailure.Cause) -> Bool {
        if case .transport(.unusableServer) = cause { return true }
        return false
    }

    /// A TCP server on 127.0.0.1 that answers whatever comes first with `reply` and closes,
    /// over TLS with `tls`, or in the clear without.
    static func startServer(tls: NIOSSLContext?, reply: String) async throws -> any Channel {
        try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.addHandler(ReplyOnce(reply: reply))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
    }

    final class ReplyOnce: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer
        let reply: String

        init(reply: String) { self.reply = reply }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: reply))).whenComplete { _ in context.close(promise: nil) }
        }
    }

    @Test func aPlainHTTPServerIsSaidNotToSpeakTLSAndIsNotRetried() async throws {
        let server = try await Self.startServer(tls: nil, reply: "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
        defer { server.close(promise: nil) }
        let port = try #require(server.localAddress?.port)
        let result = try await Self.failure(sendingTo: "https://127.0.0.1:\(port)", trusting: nil)
        #expect(result.message == "not sent: 127.0.0.1:\(port) does not speak TLS (a plain HTTP server?); APNs is HTTP/2 over TLS")
        #expect(result.attempts == 1)
        #expect(Self.isUnusableServer(result.cause))
    }

    @Test func aTLSServerWithoutHTTP2IsSaidSoAndIsNotRetried() async throws {
        let identity = try EmulatorIdentity.generate()
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(identity.certificateChainPEM.utf8)).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)))
        configuration.applicationProtocols = ["http/1.1"]  // BoringSSL then picks none for a client asking h2 (OpenSSL's s_server refuses with an alert)
        let server = try await Self.startServer(tls: try NIOSSLContext(configuration: configuration), reply: "HTTP/1.1 400 Bad Request\r\n\r\n")
        defer { server.close(promise: nil) }
        let port = try #require(server.localAddress?.port)
        let result = try await Self.failure(sendingTo: "https://127.0.0.1:\(port)", trusting: identity.trustRootPEM)
        #expect(result.message == "not sent: 127.0.0.1:\(port) does not speak HTTP/2: its TLS handshake chose no protocol when asked for h2 (ALPN)")
        #expect(result.attempts == 1)
        #expect(Self.isUnusableServer(result.cause))
    }

    @Test func anHTTP2ServerThatBreaksTheProtocolIsToldWithGoAwayAndTheFailureSaysWhat() async throws {
        let identity = try EmulatorIdentity.generate()
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: try NIOSSLCertificate.fromPEMBytes(Array(identity.certificateChainPEM.utf8)).map { .certificate($0) },
            privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(identity.privateKeyPEM.utf8), format: .pem)))
        configuration.applicationProtocols = ["h2"]
        // A PING where HTTP/2 requires the server's SETTINGS first (RFC 9113, section 3.4).
        let ping = String(decoding: [0, 0, 8, 6, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 8), as: UTF8.self)
        let server = try await Self.startServer(tls: try NIOSSLContext(configuration: configuration), reply: ping)
        defer { server.close(promise: nil) }
        let port = try #require(server.localAddress?.port)
        let result = try await Self.failure(sendingTo: "https://localhost:\(port)", trusting: identity.trustRootPEM)
        #expect(result.message.contains("HTTP/2 connection error in what the server sent: the server's first frame was not SETTINGS"), "\(result.message)")
        #expect(result.status == nil)
    }

    @Test func aCertificateNotForTheAddressSaysSoAndIsNotRetried() async throws {
        // The emulator's certificate names localhost and 127.0.0.1; Linux answers all of
        // 127.0.0.0/8 on loopback (a Mac answers only 127.0.0.1 unless given an alias).
        let emulator = try await APNSEmulator.start(APNSEmulator.Configuration(host: "127.0.0.2", keys: [APNSVerificationKey(APNSClientEmulatorTests.key)]))
        let result = try await Self.failure(sendingTo: "https://127.0.0.2:\(emulator.port)", trusting: emulator.certificatePEM)
        await emulator.shutdown()
        #expect(
            result.message
                == "not sent: the certificate of 127.0.0.2:\(emulator.port) is not for 127.0.0.2; an address must be an IP entry of its subjectAltName, or connect by a name it holds")
        #expect(result.attempts == 1)
        #expect(Self.isUnusableServer(result.cause))
        #expect(emulator.statistics.received == 0)
    }

    @Test func anHTTP2AnswerWithoutAnAPNsReasonIsNotBlamedOnAPNs() async throws {
        let page = Data("<html>\n<body>\n<h1>404 Not Found</h1>\n</body>\n</html>\n".utf8)
        let identity = try EmulatorIdentity.generate()
        let server = try await HTTP2Server.bind(APNSEmulator.Configuration(keys: [], maximumConcurrentStreams: 10), identity: identity) { _, _, eventLoop in
            eventLoop.makeSucceededFuture(
                HTTP2Server.Answer(response: APNSWireResponse(status: 404, headers: [APNSHeader("content-type", "text/html; charset=utf-8")], body: page)))
        }
        let result = try await Self.failure(sendingTo: "https://localhost:\(server.port)", trusting: identity.trustRootPEM)
        await server.close()
        #expect(result.status == 404)
        guard case .answered(let response) = result.cause else {
            Issue.record("an answer without an APNs reason lost its kind: \(result.cause)")
            return
        }
        #expect(response.status == 404 && response.reason == nil)
        #expect(result.message == "localhost answered 404 with no APNs reason: it does not answer as APNs does (its text/html body: \"<html> <body> <h1>404 Not Found</h1> </body> </html>\")")
        #expect(result.attempts == 1)
    }

    @Test func aPortOutOfRangeFailsInsteadOfTrapping() async throws {
        let result = try await Self.failure(sendingTo: "https://127.0.0.1:99999", trusting: nil)
        #expect(result.message == "not sent: https://127.0.0.1:99999: port 99999 is out of range (1 to 65535)")
        #expect(result.attempts == 1)
        #expect(Self.isUnusableServer(result.cause))
    }
}
