import Foundation
import HeraldCore
import HeraldDesk
import Testing

@Suite("herald lint")
struct LintCommandTests {
    static let example = HeraldProcess.path("Examples/onesignal-group-message.json")
    static let fixtures = HeraldProcess.path("Tests/HeraldCoreTests/Fixtures/payloads")

    @Test func cleanPayloadExitsZero() async throws {
        let result = try await HeraldProcess.run(["lint", Self.example])
        #expect(result.status == 0)
        #expect(result.stdout.contains("no problems"))
    }

    @Test func errorsExitOneAndNameTheRule() async throws {
        // Parse #38: mutable-content outside aps.
        let result = try await HeraldProcess.run(["lint", Self.example, Self.fixtures + "/parse-pushadapter38-mutable-content-outside-aps.json"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("no-mutable-content: mutable-content is at the top level"))
    }

    @Test func malformedJSONIsAnErrorWithPosition() async throws {
        let result = try await HeraldProcess.run(["lint", "--json", Self.fixtures + "/fcm-rnfirebase2432-legacy-request-smart-quotes.raw.txt"])
        #expect(result.status == 1)
        let json = try JSONValue(parsing: result.stdout)
        let finding = try #require(json["files"]?.arrayValue?.first?["findings"]?.arrayValue?.first)
        #expect(finding["rule"] == "invalid-json")
        #expect(finding["message"]?.stringValue?.contains("line ") == true)
        #expect(finding["message"]?.stringValue?.contains("column ") == true)
    }

    @Test func jsonListsEveryFile() async throws {
        let result = try await HeraldProcess.run(["lint", "--json", Self.example, Self.fixtures + "/discord-pr206-update-badge.json"])
        let files = try #require(try JSONValue(parsing: result.stdout)["files"]?.arrayValue)
        #expect(files.map { $0["file"]?.stringValue ?? "" }.map { URL(fileURLWithPath: $0).lastPathComponent }
            == ["onesignal-group-message.json", "discord-pr206-update-badge.json"])
        #expect(files[0]["findings"] == [])
        #expect(files[1]["layout"] == "apns")
    }

    @Test func unreadableFileExitsTwoButLintsTheRest() async throws {
        let result = try await HeraldProcess.run(["lint", "/no/such.json", Self.example])
        #expect(result.status == 2)
        #expect(result.stderr.contains("/no/such.json: no such file"))
        #expect(result.stdout.contains("onesignal-group-message.json: no problems"))
    }

    @Test func aFileOverOneMegabyteIsRefusedAtOnce() async throws {
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("herald-big-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: big) }  // a leftover temp file is harmless
        try Data(repeating: UInt8(ascii: " "), count: 5_000_000).write(to: big)
        for command in ["lint", "preview", "convert"] {
            let result = try await HeraldProcess.run([command, big.path])
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr.contains("\(big.path): 4.8 MB; Herald reads payloads up to 1 MB (APNs takes 4 KB)"), "\(command)")
        }
        let piped = try await HeraldProcess.run(["lint", "-"], stdin: Data(repeating: UInt8(ascii: " "), count: 2_000_000))
        #expect(piped.status == 2)
        #expect(piped.stderr.contains("standard input: over 1 MB"))
    }

    @Test func noArgumentsIsAUsageError() async throws {
        #expect(try await HeraldProcess.run(["lint"]).status == 2)
    }
}

@Suite("herald --help")
struct HelpTests {
    @Test func rootAndSubcommandsExplainThemselves() async throws {
        let root = try await HeraldProcess.run(["--help"])
        #expect(root.status == 0)
        #expect(root.stdout.contains("preview") && root.stdout.contains("lint"))
        let preview = try await HeraldProcess.run(["preview", "--help"])
        #expect(preview.stdout.contains("--no-fetch") && preview.stdout.contains("--layout-file") && preview.stdout.contains("standard input"))
        let lint = try await HeraldProcess.run(["lint", "--help"])
        // The help lists every rule id.
        for rule in LintRule.all {
            #expect(lint.stdout.contains(rule.id), "\(rule.id)")
        }
    }
}
