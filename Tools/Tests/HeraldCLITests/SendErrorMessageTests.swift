import Crypto
import Foundation
import HeraldCore
import Testing

/// The errors a first send meets, in words a person acts on, each pinned.
@Suite("send error messages")
struct SendErrorMessageTests {
    static let token = String(repeating: "0", count: 63) + "1"

    /// A new P-256 key in a .p8 file.
    static func keyFile() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-key-\(UUID().uuidString).p8")
        try Data(P256.Signing.PrivateKey().pemRepresentation.utf8).write(to: url)
        return url
    }

    static func send(key: String, _ extra: [String]) async throws -> HeraldProcess.Result {
        try await HeraldProcess.run(
            ["send", "apns", "--key-file", key, "--key-id", "ABC123DEFG", "--team-id", "TEAM123456", "--topic", "com.example.chat",
             "--token", token, "--text", "hi", "--attempts", "1"] + extra)
    }

    @Test func aKeyFileThatIsNoKeySaysWhatItIs() async throws {
        let folder = FileManager.default.temporaryDirectory.path
        #expect(try await Self.send(key: folder, ["--sandbox"]).stderr.contains("\(folder): is a folder, not a .p8 key file"))
        #expect(try await Self.send(key: "/no/such.p8", ["--sandbox"]).stderr.contains("/no/such.p8: no such file"))
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("herald-binary-\(UUID().uuidString).p8")
        try Data([0x00, 0xFF, 0x10, 0x80, 0x00]).write(to: binary)
        let result = try await Self.send(key: binary.path, ["--sandbox"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is not text; a .p8 key is a text file that starts with -----BEGIN PRIVATE KEY-----"))
    }

    @Test func aKeyIDOrTeamIDThatIsNotApplesIsRefusedBeforeSigning() async throws {
        let key = try Self.keyFile().path
        let shortKey = try await HeraldProcess.run(
            ["send", "apns", "--key-file", key, "--key-id", "ABC", "--team-id", "TEAM123456", "--topic", "a.b", "--token", Self.token, "--text", "hi", "--sandbox"])
        #expect(shortKey.status == 2)
        #expect(shortKey.stderr.contains("--key-id ABC is not one of Apple's: they are 10 letters and digits (shown beside the key on the Keys page"))
        let team = try await HeraldProcess.run(["apns-emulator", "--key-file", key, "--key-id", "ABC123DEFG", "--team-id", "TEAM-12345"])
        #expect(team.status == 2)
        #expect(team.stderr.contains("--team-id TEAM-12345 is not one of Apple's"))
    }

    @Test func aCertificateFileThatIsMissingOrNoPEMSaysSo() async throws {
        let key = try Self.keyFile().path
        let missing = try await Self.send(key: key, ["--endpoint", "https://127.0.0.1:1", "--ca-file", "/no/such.pem"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("cannot read trusted certificates from /no/such.pem: no such file"))
        let notPEM = FileManager.default.temporaryDirectory.appendingPathComponent("herald-ca-\(UUID().uuidString).pem")
        try Data("not a certificate\n".utf8).write(to: notPEM)
        let wrong = try await Self.send(key: key, ["--endpoint", "https://127.0.0.1:1", "--ca-file", notPEM.path])
        #expect(wrong.stderr.contains("it holds no PEM certificate (-----BEGIN CERTIFICATE-----); `herald apns-emulator --ca-out FILE` writes one"))
    }

    @Test func nothingListeningIsSaidPlainly() async throws {
        // Port 1 needs root to listen on; nothing does in a test.
        let result = try await Self.send(key: try Self.keyFile().path, ["--endpoint", "https://127.0.0.1:1"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("nothing is listening at 127.0.0.1:1 (connection refused): is the server running, and is the port right?"))
        #expect(!result.stdout.contains("SingleConnectionFailure"))
    }

    @Test func anEndpointPortOutOfRangeIsAUsageError() async throws {
        let apns = try await HeraldProcess.run(["send", "apns", "--endpoint", "https://127.0.0.1:99999", "--topic", "a.b", "--token", Self.token, "--text", "hi", "--dry-run"])
        #expect(!apns.crashed)
        #expect(apns.status == 2)
        #expect(apns.stderr.contains("--endpoint https://127.0.0.1:99999: port 99999 is out of range (1 to 65535)"))
        let oneSignal = try await HeraldProcess.run(["send", "onesignal", "--app-id", "a", "--external-id", "u", "--text", "hi", "--endpoint", "http://localhost:70000"])
        #expect(!oneSignal.crashed)
        #expect(oneSignal.status == 2)
        #expect(oneSignal.stderr.contains("port 70000 is out of range"))
        let plain = try await HeraldProcess.run(["send", "apns", "--endpoint", "http://127.0.0.1:9", "--topic", "a.b", "--token", Self.token, "--text", "hi", "--dry-run"])
        #expect(plain.stderr.contains("--endpoint http://127.0.0.1:9 must be an https URL (APNs is HTTP/2 over TLS)"))
    }

    /// F7: `--endpoint http://…` sent the OneSignal API key in cleartext to any host without a
    /// word. Plain http is for a loopback test server only.
    @Test func cleartextToAHostThatIsNotLoopbackIsRefused() async throws {
        let remote = try await HeraldProcess.run(
            ["send", "onesignal", "--app-id", "a", "--external-id", "u", "--text", "hi", "--endpoint", "http://onesignal.example/api/v1/notifications"],
            environment: ["HERALD_ONESIGNAL_API_KEY": "secret-key-123"])
        #expect(remote.status == 2)
        #expect(remote.stderr.contains("http://onesignal.example/api/v1/notifications is refused: plain http would send the REST API key to onesignal.example in cleartext"), "\(remote.stderr)")
        #expect(!remote.stderr.contains("secret-key-123"))
        let local = try await HeraldProcess.run(
            ["send", "onesignal", "--app-id", "a", "--external-id", "u", "--text", "hi", "--endpoint", "http://127.0.0.1:9/n", "--dry-run"])
        #expect(local.status == 0, "\(local.stderr)")
    }

    @Test func aFailureWithoutAnAnswerIsCountedUnderItsExplanation() async throws {
        let other = String(repeating: "0", count: 63) + "2"
        let result = try await Self.send(key: try Self.keyFile().path, ["--endpoint", "https://127.0.0.1:1", "--token", other])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "Failed: 2\n  2 not sent: could not connect: nothing is listening at 127.0.0.1:1 (connection refused): is the server running, and is the port right?\n"),
            "\(result.stdout)")
    }

    @Test func anUntrustedCertificateIsSaidOnceAndNotRetried() async throws {
        try await SendToEmulatorTests.withKey { directory, credentials in
            let emulator = try await ServerProcess("apns-emulator", credentials)
            let result = try await HeraldProcess.run(
                ["send", "apns"] + credentials + ["--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--token", Self.token,
                 "--text", "hi", "--json"])
            _ = await emulator.stop()
            #expect(result.status == 1)
            let line = try JSONValue(parsing: result.stdout)
            #expect(line["attempts"]?.numberValue?.intValue == 1)
            #expect(line["message"]?.stringValue?.hasPrefix("not sent: the certificate of 127.0.0.1:\(emulator.port) is not trusted") == true)
            #expect(line["message"]?.stringValue?.contains("trusted with --ca-file") == true)
        }
    }

    @Test func theEmulatorOnAPortInUseSaysSo() async throws {
        let first = try await ServerProcess("apns-emulator", ["--key-file", try Self.keyFile().path, "--key-id", "ABC123DEFG", "--team-id", "TEAM123456"])
        let second = try await HeraldProcess.run(
            ["apns-emulator", "--port", "\(first.port)", "--key-file", try Self.keyFile().path, "--key-id", "ABC123DEFG", "--team-id", "TEAM123456"])
        _ = await first.stop()
        #expect(second.status == 2)
        #expect(second.stderr.contains("cannot listen on 127.0.0.1:\(first.port): the port is in use; give another with --port (0 picks a free one)"))
        #expect(!second.stderr.contains("errno"))
    }

    @Test func theEmulatorNamesAFileItCannotUseInsteadOfBlamingThePort() async throws {
        let folder = FileManager.default.temporaryDirectory.path
        let result = try await HeraldProcess.run(
            ["apns-emulator", "--port", "0", "--key-file", try Self.keyFile().path, "--key-id", "ABC123DEFG", "--team-id", "TEAM123456", "--log", folder])
        #expect(result.status == 2)
        #expect(result.stderr.contains("is a folder; give a file name"), "\(result.stderr)")
        #expect(!result.stderr.contains("cannot listen"))
        let caOut = try await HeraldProcess.run(
            ["apns-emulator", "--port", "0", "--key-file", try Self.keyFile().path, "--key-id", "ABC123DEFG", "--team-id", "TEAM123456", "--ca-out", folder])
        #expect(caOut.status == 2)
        #expect(caOut.stderr.contains("--ca-out \(folder): cannot write the certificate: it is a folder; give a file name"), "\(caOut.stderr)")
    }

    @Test func aRefusedProviderTokenNamesTheLikelyCauses() async throws {
        try await SendToEmulatorTests.withKey { directory, credentials in
            let ca = directory.appendingPathComponent("ca.pem").path
            let emulator = try await ServerProcess("apns-emulator", credentials + ["--ca-out", ca])
            // The right key, the wrong team.
            var wrongTeam = credentials
            wrongTeam[wrongTeam.firstIndex(of: "TEAM123456")!] = "OTHERTEAM1"
            let result = try await HeraldProcess.run(
                ["send", "apns"] + wrongTeam + ["--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--ca-file", ca,
                 "--token", Self.token, "--text", "hi", "--attempts", "1"])
            let stopped = await emulator.stop()
            // The emulator says which check failed, once.
            #expect(stopped.stderr.components(separatedBy: "refused with InvalidProviderToken").count == 2)
            #expect(stopped.stderr.contains("the provider token's iss \"OTHERTEAM1\" is not the team of key ABC123DEFG"))
            #expect(result.status == 1)
            #expect(result.stdout.contains("403 InvalidProviderToken"))
            #expect(result.stdout.contains("check --key-id (the 10-character Key ID shown beside the key on Apple's Keys page), --team-id"))
        }
    }

    /// The environment caveat follows an answer from APNs, kept typed from the client to the
    /// summary: a BadDeviceToken APNs answered, not one the client made up.
    @Test func anAnsweredBadDeviceTokenPointsAtTheEnvironment() async throws {
        try await SendToEmulatorTests.withKey { directory, credentials in
            let ca = directory.appendingPathComponent("ca.pem").path
            let emulator = try await ServerProcess("apns-emulator", credentials + ["--ca-out", ca])
            // Hex, so sent; two bytes, which the emulator answers BadDeviceToken as APNs does.
            let result = try await HeraldProcess.run(
                ["send", "apns"] + credentials + ["--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--ca-file", ca,
                 "--token", "abcd", "--text", "hi", "--attempts", "1"])
            _ = await emulator.stop()
            #expect(result.status == 1)
            #expect(result.stdout.contains("Failed for abcd: 400 BadDeviceToken"), "\(result.stdout)")
            #expect(result.stdout.contains("Delete this token from your backend"))
            #expect(result.stdout.contains("Note: APNs also answers BadDeviceToken for a token of the other environment"))
        }
    }
}
