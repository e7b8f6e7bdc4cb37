import Foundation
@_spi(HeraldTools) import HeraldCore
import Testing

@testable import HeraldEnrichment

/// What a payload can make a preview read from the disk: regular files inside the payload
/// file's folder, nothing else; and what the phone reads: no local file at all.
@Suite("Local media in a preview", .timeLimit(.minutes(2)))
struct LocalMediaTests {
    let base: URL

    init() throws {
        base = EnricherTests.temporaryDirectory()
        try FileManager.default.createDirectory(at: base.appendingPathComponent("media"), withIntermediateDirectories: true)
    }

    private func payload(attachment: String, type: String? = nil) -> Payload {
        let entry: JSONValue = type.map { ["url": .string(attachment), "type": .string($0)] } ?? ["url": .string(attachment)]
        return Payload(json: ["aps": ["alert": ["body": "Hi"], "mutable-content": 1], "attachments": [entry]])
    }

    private func preview(_ payload: Payload) async -> EnrichedNotification {
        await EnricherTests.enricher(ScriptedFetcher()) { $0.localFileBase = base }.enrich(payload)
    }

    private func attachmentDecision(_ result: EnrichedNotification) -> String {
        result.decisions.last { $0.code.rawValue.hasPrefix("attachment-") }?.message ?? ""
    }

    @Test func relativePathsAreReadOnlyUnderALocalBase() async throws {
        try TestMedia.png(width: 300, height: 300).write(to: base.appendingPathComponent("media/avatar.png"))
        try TestMedia.png(width: 40, height: 30).write(to: base.appendingPathComponent("media/photo.png"))
        let payload = Payload(json: [
            "aps": ["alert": ["body": "Hi"], "mutable-content": 1],
            "communication": ["sender_name": "Ann", "avatar_url": "media/avatar.png"],
            "attachments": [["url": "/media/photo.png"]],
        ])
        let fetcher = ScriptedFetcher()
        let preview = await EnricherTests.enricher(fetcher) { $0.localFileBase = base }.enrich(payload)
        #expect(preview.avatar?.status == .downloaded)
        #expect(preview.avatar?.info == ImageInfo(format: .png, width: 300, height: 300))
        #expect(preview.attachments.first?.status == .downloaded)
        #expect(preview.attachments.first?.byteCount == TestMedia.png(width: 40, height: 30).count)
        // The phone (no local base) reads neither, and says so.
        let phone = await EnricherTests.enricher(fetcher).enrich(payload)
        #expect(phone.avatar == nil)
        #expect(phone.attachments.first?.status == .skipped)
        #expect(phone.decisions.contains { $0.code == .avatarURLRejected })
        #expect(fetcher.recordedRequests.isEmpty)
    }

    /// The probe's payload: `/proc/self/environ` declared as a JPEG was copied, API keys and
    /// all, into the attachments folder and reported as "1346 bytes of image".
    @Test func theProbesEnvironmentFileIsNotRead() async throws {
        let result = await preview(payload(attachment: "file:///proc/self/environ", type: "image/jpeg"))
        #expect(result.attachments.first?.status == .skipped)
        #expect(attachmentDecision(result).contains("outside the payload file's folder"), "\(attachmentDecision(result))")
        #expect(result.attachments.first?.file == nil)
    }

    @Test(arguments: ["../secret.png", "/../secret.png", "media/../../secret.png", "file:///etc/passwd", "./media/../../secret.png"])
    func pathsThatLeaveTheFolderAreRefused(_ path: String) async throws {
        try TestMedia.png(width: 10, height: 10).write(to: base.deletingLastPathComponent().appendingPathComponent("secret.png"))
        let result = await preview(payload(attachment: path))
        #expect(result.attachments.first?.status == .skipped, "\(path)")
        #expect(attachmentDecision(result).contains("outside the payload file's folder"), "\(attachmentDecision(result))")
    }

    @Test func aLinkInsideTheFolderToAFileOutsideIsRefused() async throws {
        let outside = EnricherTests.temporaryDirectory()
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try TestMedia.png(width: 10, height: 10).write(to: outside.appendingPathComponent("private.png"))
        try FileManager.default.createSymbolicLink(at: base.appendingPathComponent("media/link.png"), withDestinationURL: outside.appendingPathComponent("private.png"))
        let result = await preview(payload(attachment: "media/link.png"))
        #expect(result.attachments.first?.status == .failed)
        #expect(attachmentDecision(result).contains("outside the payload file's folder"), "\(attachmentDecision(result))")
    }

    @Test func aLinkThatStaysInsideTheFolderIsRead() async throws {
        try TestMedia.png(width: 10, height: 10).write(to: base.appendingPathComponent("media/real.png"))
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("alias.png").path, withDestinationPath: "media/real.png")
        let result = await preview(payload(attachment: "alias.png"))
        #expect(result.attachments.first?.status == .downloaded, "\(attachmentDecision(result))")
    }

    /// A FIFO in the payload's folder: opening it for reading blocked until a writer came, and
    /// two such opens held both threads of a two-core machine past every deadline.
    @Test func aFIFOIsRefusedWithoutBlocking() async throws {
        for name in ["a", "b", "c"] {
            #expect(mkfifo(base.appendingPathComponent("media/\(name).jpg").path, 0o600) == 0)
        }
        let result = await preview(Payload(json: [
            "aps": ["alert": ["body": "Hi"], "mutable-content": 1],
            "attachments": [["url": "media/a.jpg"], ["url": "media/b.jpg"], ["url": "media/c.jpg"]],
        ]))
        #expect(result.attachments.map(\.status) == [.failed, .failed, .failed])
        #expect(attachmentDecision(result).contains("not a regular file"), "\(attachmentDecision(result))")
    }

    @Test func aFileURLNamingAnotherHostIsRefused() async throws {
        try TestMedia.png(width: 10, height: 10).write(to: base.appendingPathComponent("media/photo.png"))
        let result = await preview(payload(attachment: "file://evil.example" + base.appendingPathComponent("media/photo.png").path))
        #expect(result.attachments.first?.status == .skipped)
        #expect(attachmentDecision(result).contains("names the host evil.example"), "\(attachmentDecision(result))")
    }

    /// The re-probe swapped a folder on the way for a link between the check and the open;
    /// the file opened is judged where the kernel says it is, which names the real file.
    @Test func theKernelNamesTheFileActuallyOpened() throws {
        let real = base.appendingPathComponent("media/real.png")
        try TestMedia.png(width: 10, height: 10).write(to: real)
        try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent("via").path, withDestinationPath: "media")
        let descriptor = open(base.appendingPathComponent("via/real.png").path, O_RDONLY)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        let resolved = try #require(realpath(real.path, nil))
        defer { free(resolved) }
        #expect(HeraldCore.Platform.path(ofOpenFile: descriptor) == String(cString: resolved))
    }

    @Test func aFolderIsNotAFile() async throws {
        let result = await preview(payload(attachment: "./media"))
        #expect(result.attachments.first?.status == .failed)
        #expect(attachmentDecision(result).contains("not a regular file"), "\(attachmentDecision(result))")
    }

    /// Text with NUL bytes (as an environment block has) declared `image/jpeg`: the declared
    /// type made it "an image" before; the bytes decide now.
    @Test func textDeclaredAsAnImageIsRejected() async throws {
        try Data("PATH=/usr/bin\u{0}API_KEY=sk-live-123\u{0}HOME=/root\u{0}".utf8).write(to: base.appendingPathComponent("media/env.jpg"))
        let result = await preview(payload(attachment: "media/env.jpg", type: "image/jpeg"))
        #expect(result.attachments.first?.status == .rejected)
        #expect(attachmentDecision(result).contains("Herald goes by the bytes"), "\(attachmentDecision(result))")
        #expect(result.attachments.first?.file == nil)
    }

    @Test func thePhoneReadsNoFileURLEvenInsideItsOwnContainer() async throws {
        try TestMedia.png(width: 10, height: 10).write(to: base.appendingPathComponent("media/photo.png"))
        let phone = await EnricherTests.enricher(ScriptedFetcher()).enrich(payload(attachment: base.appendingPathComponent("media/photo.png").absoluteString))
        #expect(phone.attachments.first?.status == .skipped)
        #expect(attachmentDecision(phone).contains("the phone never reads"), "\(attachmentDecision(phone))")
    }
}
