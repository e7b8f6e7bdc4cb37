import Foundation
import Testing

/// `scripts/install.sh`, run as the README says, into a temporary prefix.
@Suite("install script")
struct InstallScriptTests {
    static let script = URL(fileURLWithPath: HeraldProcess.path("scripts/install.sh"))

    @Test func itInstallsARunnableHeraldIntoThePrefix() async throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("herald-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }  // a leftover temp folder is harmless
        let result = try await HeraldProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "--prefix", prefix.path, "--binary", HeraldProcess.executable.path])
        #expect(result.status == 0, "\(result.stderr)")
        let installed = prefix.appendingPathComponent("bin/herald")
        #expect(result.stdout == "installed \(try await HeraldProcess.run(installed, ["--version"]).stdout.trimmingCharacters(in: .newlines)) as \(installed.path)\n")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        // The installed copy works on its own: it lints the bundled example.
        let lint = try await HeraldProcess.run(installed, ["lint", HeraldProcess.path("Examples/onesignal-group-message.json")])
        #expect(lint.status == 0)
        #expect(lint.stdout.contains("no problems"))
    }

    @Test func thePrefixMayComeFromTheEnvironmentAndBadArgumentsAreRefused() async throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("herald-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }  // a leftover temp folder is harmless
        var environment = ProcessInfo.processInfo.environment
        environment["PREFIX"] = prefix.path
        let result = try await HeraldProcess.run(
            URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "--binary", HeraldProcess.executable.path], environment: environment)
        #expect(result.status == 0)
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/herald").path))
        let unknown = try await HeraldProcess.run(URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "--prefx", "/tmp"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown argument --prefx"))
        let missing = try await HeraldProcess.run(URL(fileURLWithPath: "/bin/bash"), [Self.script.path, "--binary", "/no/such/herald"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("/no/such/herald is not an executable herald"))
    }
}
