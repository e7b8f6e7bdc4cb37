import Foundation
import HeraldCore
import Testing

/// What `herald preview` reads and writes on a shared machine (issue 28's probes F1, F4, F5).
@Suite("herald preview: local files", .timeLimit(.minutes(3)))
struct PreviewPrivacyTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("preview-privacy-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func write(_ payload: String) throws -> String {
        let file = folder.appendingPathComponent("p.json")
        try Data(payload.utf8).write(to: file)
        return file.path
    }

    /// F1's exact repro: the environment, API keys included, was copied into a world-readable
    /// attachment and reported as "1346 bytes of image".
    @Test func theEnvironmentIsNotCopiedIntoAnAttachment() async throws {
        let payload = try write(#"{"aps":{"alert":"x","mutable-content":1},"attachments":[{"url":"file:///proc/self/environ","type":"image/jpeg"}]}"#)
        let attachments = folder.appendingPathComponent("attachments", isDirectory: true)
        let result = try await HeraldProcess.run(
            ["preview", "--json", "--attachments-dir", attachments.path, "--cache-dir", folder.appendingPathComponent("cache").path, payload],
            environment: ["HERALD_PROBE_SECRET": "do-not-copy-me"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue(parsing: result.stdout)
        #expect(json["attachments"]?.arrayValue?.first?["status"] == "skipped")
        #expect(json["attachments"]?.arrayValue?.first?["file"]?.stringValue == nil)
        let written = FileManager.default.subpaths(atPath: attachments.path) ?? []
        for name in written {
            let data = FileManager.default.contents(atPath: attachments.appendingPathComponent(name).path) ?? Data()
            #expect(!String(decoding: data, as: UTF8.self).contains("do-not-copy-me"), "\(name)")
        }
    }

    /// The re-probe: a payload on standard input took the working directory as its folder, so
    /// `cd / && cat untrusted.json | herald preview -` reached every file on the machine. A
    /// payload on standard input has no folder, and reads no local media.
    @Test func aPayloadOnStandardInputReadsNoLocalMedia() async throws {
        try Self.png.write(to: folder.appendingPathComponent("photo.png"))
        let payload = #"{"aps":{"alert":"x","mutable-content":1},"attachments":[{"url":"photo.png"}]}"#
        let result = try await HeraldProcess.run(
            ["preview", "--json", "--attachments-dir", folder.appendingPathComponent("out").path, "-"], stdin: Data(payload.utf8), workingDirectory: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue(parsing: result.stdout)
        #expect(json["attachments"]?.arrayValue?.first?["status"] == "skipped")
        let decisions = json["decisions"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
        #expect(decisions.contains { $0.contains("not of a payload on standard input") }, "\(decisions)")
    }

    /// F4: two FIFOs took both threads of a two-core machine; `--budget 3` ran 14.9 s and ended
    /// only when a key was typed. They are refused without being opened for reading.
    @Test func aFIFOAttachmentEndsThePreview() async throws {
        #expect(mkfifo(folder.appendingPathComponent("a.jpg").path, 0o600) == 0)
        #expect(mkfifo(folder.appendingPathComponent("b.jpg").path, 0o600) == 0)
        let payload = try write(#"{"aps":{"alert":"x","mutable-content":1},"attachments":[{"url":"a.jpg"},{"url":"b.jpg"}]}"#)
        let result = try await HeraldProcess.run(["preview", "--json", "--budget", "3", "--attachments-dir", folder.appendingPathComponent("out").path, payload])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue(parsing: result.stdout)
        #expect(json["attachments"]?.arrayValue?.first?["status"] == "failed")
        #expect(json["attachments"]?.arrayValue?.last?["status"] == "failed")
    }

    /// F5: a folder another user planted as a link was followed, and attachments were written
    /// into its target. Now the link is refused and nothing is written there.
    @Test func aPlantedLinkAsTheAttachmentsFolderIsNotFollowed() async throws {
        let target = folder.appendingPathComponent("target", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let planted = folder.appendingPathComponent("planted", isDirectory: true)
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: target)
        let image = folder.appendingPathComponent("photo.png")
        try Self.png.write(to: image)
        let payload = try write(#"{"aps":{"alert":"x","mutable-content":1},"attachments":[{"url":"photo.png"}]}"#)
        let result = try await HeraldProcess.run(["preview", "--json", "--attachments-dir", planted.path, payload])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue(parsing: result.stdout)
        #expect(json["attachments"]?.arrayValue?.first?["status"] == "failed")
        let decisions = json["decisions"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
        #expect(decisions.contains { $0.contains("symbolic link") }, "\(decisions)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
    }

    /// F5: everything preview writes is private: the attachments folder 0700, files 0600.
    @Test func attachmentsAreWrittenPrivately() async throws {
        try Self.png.write(to: folder.appendingPathComponent("photo.png"))
        let payload = try write(#"{"aps":{"alert":"x","mutable-content":1},"attachments":[{"url":"photo.png"}]}"#)
        let attachments = folder.appendingPathComponent("attachments", isDirectory: true)
        let html = folder.appendingPathComponent("page.html")
        let result = try await HeraldProcess.run(["preview", "--json", "--attachments-dir", attachments.path, "--html", html.path, payload])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONValue(parsing: result.stdout)
        let file = try #require(json["attachments"]?.arrayValue?.first?["file"]?.stringValue)
        #expect(try Self.mode(attachments) == 0o700)
        #expect(try Self.mode(URL(fileURLWithPath: file).deletingLastPathComponent()) == 0o700)
        #expect(try Self.mode(URL(fileURLWithPath: file)) == 0o600)
        #expect(try Self.mode(html) == 0o600)
    }

    static func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// A 1×1 PNG.
    static let png = Data([
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01,
        0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
        0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ])
}
