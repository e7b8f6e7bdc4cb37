import Foundation
import HeraldCore
import Testing

@Suite("version")
struct VersionTests {
    @Test func theCommandPrintsTheVersionTheChangelogNamesLast() async throws {
        let result = try await HeraldProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == Release.version + "\n")
        let changelog = try String(contentsOfFile: HeraldProcess.path("CHANGELOG.md"), encoding: .utf8)
        let newest = try #require(changelog.split(separator: "\n").first { $0.hasPrefix("## ") })
        #expect(newest.dropFirst(3).split(separator: " ").first.map(String.init) == Release.version)
    }

    @Test func theVersionIsASemanticVersion() {
        let parts = Release.version.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isNumber) && ($0 == "0" || $0.first != "0") })
    }
}
