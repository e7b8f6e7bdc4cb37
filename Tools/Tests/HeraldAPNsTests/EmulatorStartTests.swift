import Crypto
import Foundation
import HeraldAPNs
import HeraldAPNsEmulator
import HeraldTestSupport
import HeraldToolsTestSupport
import Testing

/// What the emulator says when it cannot start as asked, and the address it gives clients for
/// a certificate of the caller's.
@Suite struct EmulatorStartTests {
    static let keys = [APNSVerificationKey(APNSClientEmulatorTests.key)]

    static func startError(_ configuration: APNSEmulator.Configuration) async -> String? {
        do {
            let emulator = try await APNSEmulator.start(configuration)
            await emulator.shutdown()
            Issue.record("started")
            return nil
        } catch let error as APNSEmulatorStartError {
            return error.description
        } catch {
            Issue.record("not an APNSEmulatorStartError: \(error)")
            return nil
        }
    }

    @Test func aCertificateForLocalhostOnlyIsAdvertisedByThatNameAndWorks() async throws {
        let identity = try EmulatorIdentity.generate(names: ["localhost"])
        let emulator = try await APNSEmulator.start(APNSEmulator.Configuration(keys: Self.keys, identity: identity))
        #expect(emulator.endpoint.url.host == "localhost")
        let ca = FileManager.default.temporaryDirectory.appendingPathComponent("herald-ca-\(UUID().uuidString).pem")
        try emulator.certificatePEM.write(to: ca, atomically: true, encoding: .utf8)
        let client = try APNSClient(
            configuration: APNSClient.Configuration(endpoint: emulator.endpoint, retry: APNSClientEmulatorTests.quickRetries, trustedCertificatesFile: ca),
            key: APNSClientEmulatorTests.key)
        let delivery = await client.send(try APNSClientEmulatorTests.notification())
        try await client.shutdown()
        await emulator.shutdown()
        #expect(delivery.failure == nil, "\(delivery)")
    }

    @Test func aCertificateForAnotherNameIsWarnedOf() async throws {
        let log = LogRecorder()
        let emulator = try await APNSEmulator.start(
            APNSEmulator.Configuration(keys: Self.keys, identity: try EmulatorIdentity.generate(names: ["push.example.test"]), logger: log.logger))
        await emulator.shutdown()
        #expect(emulator.endpoint.url.host == "127.0.0.1")
        #expect(
            log.entries.contains {
                $0.level == .warning
                    && $0.message == "the TLS certificate names neither 127.0.0.1 nor localhost (push.example.test): clients will refuse it unless they connect by a name it holds"
            }, "\(log.text)")
    }

    @Test func aKeyThatIsNotTheCertificatesIsNamed() async throws {
        let generated = try EmulatorIdentity.generate()
        let mismatched = EmulatorIdentity(certificateChainPEM: generated.certificateChainPEM, privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation)
        #expect(await Self.startError(APNSEmulator.Configuration(keys: Self.keys, identity: mismatched))
            == "the TLS key is not the certificate's (the first certificate must be the server's, signed for this key)")
        let notPEM = EmulatorIdentity(certificateChainPEM: "not a certificate", privateKeyPEM: P256.Signing.PrivateKey().pemRepresentation)
        #expect(await Self.startError(APNSEmulator.Configuration(keys: Self.keys, identity: notPEM))?.hasPrefix("the TLS certificate") == true)
    }

    @Test func aLogOrSimctlPathItCannotUseIsNamed() async throws {
        let folder = FileManager.default.temporaryDirectory
        #expect(await Self.startError(APNSEmulator.Configuration(keys: Self.keys, logFile: folder)) == "the log \(folder.path) is a folder; give a file name")
        #expect(
            await Self.startError(APNSEmulator.Configuration(keys: Self.keys, logFile: URL(fileURLWithPath: "/no/such/folder/log.jsonl")))
                == "the log /no/such/folder/log.jsonl: no such folder /no/such/folder")
        let file = folder.appendingPathComponent("herald-file-\(UUID().uuidString)")
        try Data().write(to: file)
        #expect(
            await Self.startError(APNSEmulator.Configuration(keys: Self.keys, simctlDirectory: file))
                == "the simctl folder \(file.path) is a file; give a folder")
    }
}
