import Crypto
import Foundation
import HeraldCore
import Testing

/// The walk-through, as a user does it: emulator in the background, `herald send apns`
/// against it, the logged payload read back by `herald preview`.
@Suite("herald send apns against herald apns-emulator")
struct SendToEmulatorTests {
    /// A temporary folder with a fresh `.p8` key, and the flags that name it; removed after `body`.
    static func withKey<T>(_ body: (_ directory: URL, _ credentials: [String]) async throws -> T) async throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-send-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }  // a leftover temp folder is harmless
        let key = directory.appendingPathComponent("AuthKey_ABC123DEFG.p8").path
        try P256.Signing.PrivateKey().pemRepresentation.write(toFile: key, atomically: true, encoding: .utf8)
        return try await body(directory, ["--key-file", key, "--key-id", "ABC123DEFG", "--team-id", "TEAM123456"])
    }

    @Test func aSentMessageIsLoggedAndPreviewsAsTheSameConversation() async throws {
        try await Self.withKey { directory, credentials in
            let ca = directory.appendingPathComponent("ca.pem").path
            let log = directory.appendingPathComponent("sent.jsonl").path
            let simctl = directory.appendingPathComponent("simctl").path
            let gone = String(repeating: "0f", count: 32)
            let emulator = try await ServerProcess("apns-emulator", credentials + ["--ca-out", ca, "--log", log, "--simctl-dir", simctl, "--unregistered-token", gone])
            let good = String(repeating: "a1", count: 32)
            // From standard input, which is read only as it is sent: the token that is not
            // one is reported as such, not as BadDeviceToken, and not to be deleted.
            let send = try await HeraldProcess.run(["send", "apns"] + credentials + [
                "--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--ca-file", ca,
                "--tokens-file", "-", "--json",
                "--sender-name", "Maya Lindqvist", "--text", "Rope is packed.", "--conversation", "conv-8c2f1e", "--group", "Weekend climbing",
            ], stdin: Data("\(good)\n\(gone)\nabc\n".utf8))
            let stopped = await emulator.stop()

            // One JSON object per token; exit 1 because two failed.
            #expect(send.status == 1)
            let results = try send.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
            let byToken = Dictionary(results.map { ($0["token"]?.stringValue ?? "", $0) }) { first, _ in first }
            #expect(results.count == 3)
            #expect(byToken[good]?["delivered"] == true)
            #expect(byToken[gone]?["reason"] == "Unregistered")
            #expect(byToken[gone]?["deleteToken"] == true)
            #expect(byToken["abc"]?["reason"] == "NotAnAPNsToken")
            #expect(byToken["abc"]?["deleteToken"] == false)
            #expect(byToken["abc"]?["message"]?.stringValue?.hasPrefix("not sent: not a device token") == true)

            // The emulator logged the delivered one; preview reads the same sender, conversation, group.
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 1)
            let entry = try JSONValue(parsing: String(try #require(lines.first)))
            #expect(entry["token"]?.stringValue == good)
            let payloadFile = directory.appendingPathComponent("payload.json")
            try #require(entry["payload"]).encoded().write(to: payloadFile)
            let preview = try await HeraldProcess.run(["preview", "--json", "--no-fetch", payloadFile.path])
            let shown = try JSONValue(parsing: preview.stdout)
            let communication = try #require(shown["communication"])
            #expect(communication["sender"]?["displayName"] == "Maya Lindqvist")
            #expect(communication["conversationIdentifier"] == "conv-8c2f1e")
            #expect(communication["groupName"] == "Weekend climbing")

            // A simctl file with the bundle id beside aps.
            let apnsFiles = try FileManager.default.contentsOfDirectory(atPath: simctl)
            #expect(apnsFiles.count == 1)
            let simctlPayload = try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: simctl).appendingPathComponent(try #require(apnsFiles.first))))
            #expect(simctlPayload["Simulator Target Bundle"] == "com.example.chat")
            #expect(simctlPayload["aps"] != nil)

            // Graceful stop on SIGINT, with a count of what it saw.
            #expect(stopped.status == 0)
            // The two workers (--connections 2) race for the two tokens: one connection or both.
            let counts = "2 received, 1 accepted, 1 refused, 0 faults injected, 0 accepted with the answer lost; "
            #expect(stopped.stderr.contains(counts + "1 connection") || stopped.stderr.contains(counts + "2 connections"), "\(stopped.stderr)")
        }
    }

    /// An edit and a retraction reach APNs with the collapse id of the message they stand for,
    /// and a background retraction as a background push.
    @Test func anEditAndARetractionCarryTheirMessagesCollapseID() async throws {
        try await Self.withKey { directory, credentials in
            let ca = directory.appendingPathComponent("ca.pem").path
            let log = directory.appendingPathComponent("sent.jsonl").path
            let emulator = try await ServerProcess("apns-emulator", credentials + ["--ca-out", ca, "--log", log])
            let send = ["send", "apns"] + credentials + [
                "--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--ca-file", ca, "--token", String(repeating: "a1", count: 32),
            ]
            let edit = try await HeraldProcess.run(send + ["--sender-name", "Maya", "--text", "fixed", "--message-id", "m-2", "--replaces", "m-1"])
            let retract = try await HeraldProcess.run(send + ["--retract", "m-3", "--retract-fallback", "visible"])
            let clear = try await HeraldProcess.run(
                send + ["--clear-conversation", "c-1", "--retract-fallback", "background", "--push-type", "background", "--priority", "5"])
            _ = await emulator.stop()
            #expect([edit.status, retract.status, clear.status] == [0, 0, 0], "\(edit.stderr)\(retract.stderr)\(clear.stderr)")
            let entries = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { try JSONValue(parsing: String($0)) }
            #expect(entries.count == 3)
            #expect(entries.first?["headers"]?["apns-collapse-id"] == "m-1")
            #expect(entries.first?["payload"]?["communication"]?["replaces"] == "m-1")
            #expect(entries.dropFirst().first?["headers"]?["apns-collapse-id"] == "m-3")
            #expect(entries.dropFirst().first?["payload"]?["communication"]?["retracts"] == ["m-3"])
            let background = try #require(entries.last)
            #expect(background["headers"]?["apns-push-type"] == "background" && background["headers"]?["apns-priority"] == "5")
            // No message id to stand for: only the resend guard's collapse id, the apns-id.
            #expect(background["headers"]?["apns-collapse-id"] == background["apnsID"])
            #expect(background["payload"] == ["aps": ["content-available": 1], "communication": ["clears_conversation": "c-1", "retract_fallback": "background"]])
        }
    }

    @Test func lostAnswersAreReportedAsPossiblyDeliveredAndResentUnderOneCollapseID() async throws {
        try await Self.withKey { directory, credentials in
            let ca = directory.appendingPathComponent("ca.pem").path
            // Every second request is accepted and its answer lost: reset, closed connection, stall.
            // The stall costs the client its deadline; every other answer must come within it,
            // so the deadline is 5 s: at 1 s, under a full parallel run on 2 busy cores, the
            // first request (the emulator's first check of the provider token, in a debug build)
            // was answered late, counted as possibly delivered and sent again.
            let emulator = try await ServerProcess("apns-emulator", credentials + ["--ca-out", ca, "--lose-answer-every", "2"])
            let send = ["send", "apns"] + credentials + [
                "--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--ca-file", ca,
                "--concurrency", "1", "--connections", "1", "--timeout", "5", "--text", "hi",
            ]
            let (first, second, third, fourth) = (String(repeating: "a1", count: 32), String(repeating: "a2", count: 32), String(repeating: "a3", count: 32), String(repeating: "a4", count: 32))
            let json = try await HeraldProcess.run(send + ["--token", first, "--token", second, "--json"])
            let summary = try await HeraldProcess.run(send + ["--token", third, "--token", fourth])
            let stopped = await emulator.stop()

            #expect(json.status == 0, "\(json.stderr)")
            let results = try json.stdout.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
            #expect(results.map { $0["token"]?.stringValue } == [first, second])
            #expect(results.map { $0["possiblyDeliveredAttempts"] } == [.array([]), .array([1])])
            #expect(results.map { $0["attempts"] } == [1, 2])
            for result in results {
                #expect(result["collapseID"] != nil)
                #expect(result["collapseID"] == result["apnsID"])
            }
            #expect(summary.status == 0, "\(summary.stderr)")
            #expect(summary.stdout.contains("Sent 2 of 2 notifications"))
            #expect(summary.stdout.contains("2 notifications may have reached APNs more than once"), "\(summary.stdout)")
            #expect(stopped.stderr.contains("7 received, 7 accepted, 0 refused, 3 faults injected, 3 accepted with the answer lost"), "\(stopped.stderr)")
        }
    }

    @Test func theLatencyFaultTakesSecondsAndOutlastsAShorterTimeout() async throws {
        try await Self.withKey { directory, credentials in
            let ca = directory.appendingPathComponent("ca.pem").path
            // 2.5 s before the answer, against a 0.5 s deadline: no answer, however busy the machine.
            let emulator = try await ServerProcess("apns-emulator", credentials + ["--ca-out", ca, "--latency", "2.5"])
            let send = try await HeraldProcess.run(["send", "apns"] + credentials + [
                "--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--ca-file", ca, "--token", String(repeating: "b1", count: 32),
                "--text", "hi", "--timeout", "0.5", "--attempts", "1", "--json",
            ])
            _ = await emulator.stop()
            #expect(send.status == 1)
            let result = try JSONValue(parsing: send.stdout)
            #expect(result["message"]?.stringValue?.hasPrefix("no answer: the attempt's deadline passed") == true, "\(send.stdout)")
        }
    }

    @Test func aRefusedTokenGetsItsDeleteHintAndAnAcceptedOneIsSaidAccepted() async throws {
        try await Self.withKey { directory, credentials in
            let ca = directory.appendingPathComponent("ca.pem").path
            let emulator = try await ServerProcess("apns-emulator", credentials + ["--ca-out", ca])
            // Hex, but two bytes: the emulator answers BadDeviceToken, as APNs does for a token it never issued.
            let send = try await HeraldProcess.run(["send", "apns"] + credentials + [
                "--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--ca-file", ca, "--token", "abcd", "--text", "hi",
            ])
            #expect(send.status == 1)
            let lines = send.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first == "Failed for abcd: 400 BadDeviceToken")
            // Accepted, which is not yet delivered: said as APNs means it.
            let good = String(repeating: "c3", count: 32)
            let accepted = try await HeraldProcess.run(["send", "apns"] + credentials + [
                "--topic", "com.example.chat", "--endpoint", "https://127.0.0.1:\(emulator.port)", "--ca-file", ca, "--token", good, "--text", "hi",
            ])
            #expect(accepted.status == 0)
            #expect(accepted.stdout.hasPrefix("Accepted for \(good) by https://127.0.0.1:\(emulator.port): apns-id "), "\(accepted.stdout)")
            #expect(lines.contains("Delete this token from your backend: APNs will not deliver to it."))
            _ = await emulator.stop()
        }
    }
}
