import AppleFrameworksStandIn
import Foundation
import Testing

@Suite("UNNotificationAttachment(identifier:url:options:)")
struct AttachmentTests {
    @Test("an existing .jpg makes an image attachment")
    func existingJPEG() throws {
        let file = try TestSupport.temporaryFile(named: "photo.jpg", size: 2_048)
        let attachment = try UNNotificationAttachment(identifier: "photo", url: file)
        #expect(attachment.identifier == "photo")
        #expect(attachment.url == file)
        #expect(attachment.type == "public.jpeg")
        #expect(FileManager.default.fileExists(atPath: file.path))  // not moved
    }

    @Test("a missing file throws attachmentInvalidURL")
    func missingFile() {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString).jpg")
        #expect(throws: UNError(.attachmentInvalidURL)) {
            try UNNotificationAttachment(identifier: "x", url: missing, options: nil)
        }
    }

    @Test("a URL that is not a file URL, or a directory, throws attachmentInvalidURL")
    func notAFile() throws {
        #expect(throws: UNError(.attachmentInvalidURL)) {
            try UNNotificationAttachment(identifier: "x", url: URL(string: "https://example.com/a.jpg")!)
        }
        let directory = try TestSupport.temporaryFile(named: "a.jpg", size: 1).deletingLastPathComponent()
        #expect(throws: UNError(.attachmentInvalidURL)) {
            try UNNotificationAttachment(identifier: "x", url: directory)
        }
    }

    @Test("an unknown type throws attachmentUnrecognizedType; a type hint wins over the extension")
    func types() throws {
        let noExtension = try TestSupport.temporaryFile(named: "download", size: 100)
        #expect(throws: UNError(.attachmentUnrecognizedType)) {
            try UNNotificationAttachment(identifier: "x", url: noExtension)
        }
        let hinted = try UNNotificationAttachment(
            identifier: "x", url: noExtension, options: [UNNotificationAttachmentOptionsTypeHintKey: "public.png"])
        #expect(hinted.type == "public.png")
        #expect(StandInInspection.options(of: hinted)[UNNotificationAttachmentOptionsTypeHintKey] as? String == "public.png")

        let webp = try TestSupport.temporaryFile(named: "a.webp", size: 100)
        #expect(throws: UNError(.attachmentUnrecognizedType)) { try UNNotificationAttachment(identifier: "x", url: webp) }
        let jpeg = try TestSupport.temporaryFile(named: "a.jpg", size: 100)
        #expect(throws: UNError(.attachmentUnrecognizedType)) {
            try UNNotificationAttachment(
                identifier: "x", url: jpeg, options: [UNNotificationAttachmentOptionsTypeHintKey: "org.webmproject.webp"])
        }
    }

    @Test(
        "sizes over the documented limit, or empty files, throw attachmentInvalidFileSize",
        arguments: [
            ("a.jpg", 10_000_000, true), ("a.jpg", 10_000_001, false),
            ("a.mp3", 5_000_000, true), ("a.mp3", 5_000_001, false),
            ("a.mp4", 50_000_000, true), ("a.mp4", 50_000_001, false),
            ("a.png", 0, false),
        ])
    func sizes(name: String, size: Int, accepted: Bool) throws {
        let file = try TestSupport.temporaryFile(named: name, size: size)
        if accepted {
            _ = try UNNotificationAttachment(identifier: "x", url: file)
        } else {
            #expect(throws: UNError(.attachmentInvalidFileSize)) { try UNNotificationAttachment(identifier: "x", url: file) }
        }
    }

    @Test("an empty identifier gets a unique one")
    func generatedIdentifier() throws {
        let file = try TestSupport.temporaryFile(named: "a.gif", size: 10)
        let first = try UNNotificationAttachment(identifier: "", url: file)
        let second = try UNNotificationAttachment(identifier: "", url: file)
        #expect(!first.identifier.isEmpty)
        #expect(first.identifier != second.identifier)
    }
}
