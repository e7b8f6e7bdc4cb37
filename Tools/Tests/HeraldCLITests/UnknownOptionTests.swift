import Foundation
import Testing

/// An option the command does not have is reported as such, even where the command's own
/// checks would have failed first (ArgumentParser validates before it reports unknown options).
@Suite("unknown options")
struct UnknownOptionTests {
    static let token = String(repeating: "ab", count: 32)

    @Test(arguments: [
        // `fr` would be taken for the payload: "a payload file or the message flags, not both".
        (["send", "apns", "--language", "fr", "--sandbox", "--topic", "com.example", "--token", token, "--text", "hi", "--dry-run"], "--language", nil),
        // --sender-id without --sender-name fails the message options' own check.
        (["send", "apns", "--sender-id", "3", "--bogus=1", "--topic", "com.example"], "--bogus", nil),
        (["send", "apns", "--topic", "com.example", "--tex", "hi"], "--tex", "--text"),
        // Two layouts fail the layout options' check.
        (["lint", "--layout", "fcm", "--layout-file", "x.json", "--pushtype", "alert", "x.json"], "--pushtype", "--push-type"),
        (["send", "onesignal", "--app-id", "x", "--sandbox"], "--sandbox", nil),
        // Alone: before ArgumentParser's "Missing expected argument '--topic'".
        (["send", "apns", "--language", "fr"], "--language", nil),
        (["send", "onesignal", "--language", "fr"], "--language", "--text-language"),
    ] as [([String], String, String?)])
    func isReportedBeforeTheCommandsOwnChecks(_ arguments: [String], option: String, suggestion: String?) async throws {
        let result = try await HeraldProcess.run(arguments)
        #expect(result.status == 2)
        let expected = "Error: Unknown option '\(option)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "\n")
        #expect(result.stderr.hasPrefix(expected), "\(result.stderr)")
    }

    @Test func aHiddenOptionIsKnown() async throws {
        // preview's old --key-file is hidden, not unknown: the command's own check runs.
        let result = try await HeraldProcess.run(["preview", "--key-file", "/no/such/keys.json", "--decryption-keys", "/no/such/keys.json", "x.json"])
        #expect(!result.stderr.contains("Unknown option"))
        #expect(result.stderr.contains("give --decryption-keys once (--key-file is its old name)"))
    }
}
