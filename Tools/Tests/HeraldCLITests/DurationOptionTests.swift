import Foundation
import Testing

/// Every option that becomes a wait, given values that used to crash herald with SIGILL
/// (`Double value cannot be converted`, or an overflowing timer): each is a usage error now.
@Suite("Duration options")
struct DurationOptionTests {
    static let payload = HeraldProcess.path("Examples/onesignal-group-message.json")
    static let emulator = ["apns-emulator", "--key-file", "/nonexistent.p8", "--key-id", "ABC123DEFG", "--team-id", "TEAM123456"]

    /// A command line with `{}` where the value goes, and the option named in the error.
    static let options: [(command: [String], flag: String)] = [
        (["preview", "--no-fetch", "--budget={}", payload], "--budget"),
        (["preview", "--no-fetch", "--avatar-timeout={}", payload], "--avatar-timeout"),
        (["send", "apns", "--dry-run", "--sandbox", "--topic", "a.b", "--token", "0123abcd", "--text", "hi", "--timeout={}"], "--timeout"),
        (["send", "apns", "--dry-run", "--sandbox", "--topic", "a.b", "--token", "0123abcd", "--text", "hi", "--stream-wait={}"], "--stream-wait"),
        (["send", "onesignal", "--app-id", "a", "--external-id", "u", "--text", "hi", "--timeout={}"], "--timeout"),
    ]

    @Test(arguments: ["1e308", "1e20", "-1", "0", "nan", "inf", "-inf"])
    func outOfRangeSecondsAreUsageErrors(value: String) async throws {
        for option in Self.options {
            let arguments = option.command.map { $0.replacingOccurrences(of: "{}", with: value) }
            let result = try await HeraldProcess.run(arguments)
            #expect(!result.crashed, "\(arguments)")
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(option.flag) must be a number of seconds above 0"), "\(arguments): \(result.stderr)")
        }
    }

    @Test(arguments: [("--latency", "9223372036854775807"), ("--latency", "1e308"), ("--latency", "nan"), ("--retry-after", "9223372036854775807")])
    func emulatorWaitsBeyondADayAreUsageErrors(flag: String, value: String) async throws {
        let result = try await HeraldProcess.run(Self.emulator + [flag, value])
        #expect(!result.crashed)
        #expect(result.status == 2)
        #expect(result.stderr.contains("\(flag) must be"), "\(result.stderr)")
        #expect(result.stderr.contains("86400 (a day)"), "\(result.stderr)")
    }
}
