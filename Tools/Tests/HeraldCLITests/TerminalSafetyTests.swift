import Foundation
import HeraldCore
import Logging
import Testing

@testable import herald

/// What a payload or a project says is printed, never obeyed: escape sequences and
/// bidirectional overrides are written out.
@Suite("terminal safety")
struct TerminalSafetyTests {
    static func write(_ text: String, name: String = "payload.json") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-escape-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func previewWritesOutTheControlCharactersOfAPayload() async throws {
        let payload = try Self.write(#"{"aps": {"alert": {"title": "Maya\u001b[2J", "body": "hi \u001b[31mred\u202e txt\r"}, "mutable-content": 1}}"#)
        let result = try await HeraldProcess.run(["preview", "--no-fetch", payload.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  Maya\\u{1B}[2J\n"))
        #expect(result.stdout.contains("hi \\u{1B}[31mred\\u{202E} txt\\u{D}"))
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E || $0.value == 0x0D })
    }

    @Test func lintAndErrorsWriteThemOutToo() async throws {
        let payload = try Self.write(#"{"aps": {"alert": "x", "mutable-content": 1, "interruption-level": "\u001b[31mloud"}}"#)
        let lint = try await HeraldProcess.run(["lint", payload.path])
        #expect(lint.stdout.contains(#"interruption-level "\u{1B}[31mloud" is unknown"#))
        #expect(!lint.stdout.unicodeScalars.contains { $0.value == 0x1B })
        // A file name is printed in an error.
        let missing = try await HeraldProcess.run(["lint", "/no/such/\u{1B}[2Jfile.json"])
        #expect(missing.stderr.contains("/no/such/\\u{1B}[2Jfile.json"))
        #expect(!missing.stderr.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test func doctorWritesOutAProjectsTargetName() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-escape-\(UUID().uuidString)/App.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // An OpenStep octal escape: \033 is ESC.
        let project = """
            // !$*UTF8*$!
            { objects = {
              T = { isa = PBXNativeTarget; name = "App\\033[31m"; productType = "com.apple.product-type.application"; };
              C = { isa = XCBuildConfiguration; name = Debug; buildSettings = { }; };
              L = { isa = XCConfigurationList; buildConfigurations = (C); };
              P = { isa = PBXProject; buildConfigurationList = L; targets = (T); };
            }; rootObject = P; }
            """
        try Data(project.utf8).write(to: folder.appendingPathComponent("project.pbxproj"))
        let result = try await HeraldProcess.run(["doctor", folder.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("App\\u{1B}[31m"))
        #expect(!result.stdout.unicodeScalars.contains { $0.value == 0x1B })
    }

    /// `convert` printed C1 controls and bidirectional overrides raw: JSON allows them in
    /// strings, a terminal obeys them. They are written as JSON escapes, so the output is still
    /// the same JSON.
    @Test func convertEscapesC1AndBidiControlsTheJSONWay() async throws {
        let request = try Self.write(#"{"app_id": "a", "include_subscription_ids": ["s"], "contents": {"en": "pay \u009b2J now \u202eevil"}, "headings": {"en": "x\u0085y"}}"#)
        let result = try await HeraldProcess.run(["convert", request.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.unicodeScalars.contains { (0x80...0x9F).contains($0.value) || $0.value == 0x202E })
        #expect(result.stdout.contains(#"pay \u009b2J now \u202eevil"#))
        let payload = try JSONValue(parsing: result.stdout)
        #expect(payload["aps"]?["alert"]?["body"] == .string("pay \u{9B}2J now \u{202E}evil"))
    }

    /// What a log handler writes, as a stream.
    final class Lines: TextOutputStream, @unchecked Sendable {
        // @unchecked: `text` is only touched while `lock` is held.
        private let lock = NSLock()
        private var written = ""
        var text: String { lock.withLock { written } }
        func write(_ string: String) { lock.withLock { written += string } }
    }

    /// The emulator's warning of a refused provider token quotes the `kid` an unauthenticated
    /// client chose: every log line is written out, message and metadata, in one handler.
    @Test(arguments: ["\u{9B}31m", "\u{202E}", "\u{1B}[2J", "\n2026-01-01T00:00:00+0000 warning herald: forged"])
    func theLogHandlerWritesOutWhatWouldSteerTheTerminal(_ kid: String) {
        let lines = Lines()
        var logger = Logger.herald(verbose: false, stream: lines)
        logger[metadataKey: "emulator.peer\u{202E}"] = "\(kid)"
        logger.warning("refused with InvalidProviderToken: the provider token's kid \"\(kid)\" is not a key this server knows", metadata: ["emulator.why": "\(kid)"])
        logger.debug("not shown without --verbose")
        let text = lines.text
        #expect(text.hasSuffix("\"\(kid.terminalSafeLine)\" is not a key this server knows\n"), "\(text)")
        #expect(text.contains("emulator.why=\(kid.terminalSafeLine)"))
        #expect(text.contains("emulator.peer\\u{202E}=\(kid.terminalSafeLine)"))
        #expect(text.filter { $0 == "\n" }.count == 1)
        #expect(!text.unicodeScalars.contains { [0x9B, 0x202E, 0x1B].contains($0.value) })
    }
}
