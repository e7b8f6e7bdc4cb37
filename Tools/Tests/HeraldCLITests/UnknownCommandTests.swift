import Foundation
import Testing

/// A misspelt command is named as the mistake, with the nearest command, instead of
/// ArgumentParser's "unexpected arguments" or an option it then calls unknown.
@Suite("unknown commands")
struct UnknownCommandTests {
    @Test(arguments: [
        (["previw", "x.json"], "Error: herald has no command previw (its commands: preview, lint, convert, doctor, playground, send, request and apns-emulator); did you mean preview?"),
        (["send", "apn", "--sandbox"], "Error: herald send has no command apn (its commands: apns and onesignal); did you mean apns?"),
        (["send", "apn", "--help"], "Error: herald send has no command apn (its commands: apns and onesignal); did you mean apns?"),
        (["payload.json"], "Error: herald has no command payload.json (its commands: preview, lint, convert, doctor, playground, send, request and apns-emulator)\n"),
    ] as [([String], String)])
    func isNamedWithTheNearestCommand(_ arguments: [String], message: String) async throws {
        let result = try await HeraldProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func helpAndRealCommandsAreLeftAlone() async throws {
        let help = try await HeraldProcess.run(["help", "send"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: herald send <subcommand>"))
        let version = try await HeraldProcess.run(["send", "--version"])
        #expect(version.status == 0)
    }
}
