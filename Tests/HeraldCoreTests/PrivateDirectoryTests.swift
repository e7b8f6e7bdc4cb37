import Foundation
import Testing

@_spi(HeraldTools) @testable import HeraldCore

/// Herald's own folders and files: private to the user, never through a planted link.
@Suite struct PrivateDirectoryTests {
    let scratch: URL

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("private-dir-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    private func mode(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test func missingFoldersAreCreatedWithMode0700() throws {
        let folder = scratch.appendingPathComponent("a/b/c", isDirectory: true)
        let directory = try PrivateDirectory(folder)
        #expect(directory.url.path == folder.path)
        for path in ["a", "a/b", "a/b/c"] {
            #expect(try mode(scratch.appendingPathComponent(path)) == 0o700)
        }
    }

    @Test func aPlantedLinkIsRefusedNotFollowed() throws {
        let target = scratch.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        let planted = scratch.appendingPathComponent("herald-1000", isDirectory: true)
        try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: target)
        #expect(throws: PrivateFileError(.symbolicLink, path: planted.path, "")) {
            try PrivateDirectory(planted.appendingPathComponent("attachments"), trusting: scratch)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: target.path).isEmpty)
    }

    @Test func aFolderOthersCanWriteInIsRefused() throws {
        let open = scratch.appendingPathComponent("open", isDirectory: true)
        try FileManager.default.createDirectory(at: open, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open.path)
        #expect { try PrivateDirectory(open) } throws: { ($0 as? PrivateFileError)?.code == .writableByOthers }
    }

    /// The probe's planted cache: another user's folder at Herald's name is refused, not used.
    @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func aFolderAnotherUserOwnsIsRefused() throws {
        let planted = scratch.appendingPathComponent("herald-planted", isDirectory: true)
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        #expect(chown(planted.path, 65534, 65534) == 0)
        #expect { try PrivateDirectory(planted.appendingPathComponent("avatar-cache"), trusting: scratch) } throws: {
            ($0 as? PrivateFileError)?.code == .ownedByAnother
        }
        #expect(!FileManager.default.fileExists(atPath: planted.appendingPathComponent("avatar-cache").path))
    }

    @Test func aFileWhereTheFolderShouldBeIsRefused() throws {
        let file = scratch.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect { try PrivateDirectory(file) } throws: { ($0 as? PrivateFileError)?.code == .notAFolder }
    }

    @Test func filesAreCreated0600AndNeverOverAnExistingOne() throws {
        let directory = try PrivateDirectory(scratch.appendingPathComponent("files", isDirectory: true))
        let handle = try PrivateFile.create(directory.file("one"))
        try handle.write(contentsOf: Data("secret".utf8))
        try handle.close()
        #expect(try mode(directory.file("one")) == 0o600)
        #expect { try PrivateFile.create(directory.file("one")) } throws: { ($0 as? PrivateFileError)?.code == .failed }
    }

    @Test func aLinkIsNeitherWrittenThroughNorReplaced() throws {
        let victim = scratch.appendingPathComponent("victim")
        try Data("keep".utf8).write(to: victim)
        let link = scratch.appendingPathComponent("page.html")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        #expect(throws: PrivateFileError(.symbolicLink, path: link.path, "")) { try PrivateFile.replace(link, with: Data("new".utf8)) }
        #expect(String(decoding: try Data(contentsOf: victim), as: UTF8.self) == "keep")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == victim.path)
    }

    @Test func aFileIsReplacedAtOnceAndMadePrivate() throws {
        let page = scratch.appendingPathComponent("page.html")
        try Data("old".utf8).write(to: page)
        try PrivateFile.replace(page, with: Data("new".utf8))
        #expect(String(decoding: try Data(contentsOf: page), as: UTF8.self) == "new")
        #expect(try mode(page) == 0o600)
    }

    /// The re-probe: run as root, `--html /dev/null` or a FIFO would be replaced by a file (and
    /// `--html /dev/stdout`, a link, was). Only a regular file is replaced.
    @Test func replacingRefusesWhatIsNotARegularFile() throws {
        let fifo = scratch.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(throws: PrivateFileError(.notAFile, path: fifo.path, "")) { try PrivateFile.replace(fifo, with: Data("x".utf8)) }
        #expect(try FileManager.default.attributesOfItem(atPath: fifo.path)[.type] as? FileAttributeType != .typeRegular)
        let folder = scratch.appendingPathComponent("folder", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: PrivateFileError(.notAFile, path: folder.path, "")) { try PrivateFile.replace(folder, with: Data("x".utf8)) }
        #expect((try FileManager.default.contentsOfDirectory(atPath: scratch.path)).allSatisfy { !$0.hasSuffix(".tmp") })
    }

    @Test func appendingRefusesALinkAndCreatesMissingFiles0600() throws {
        let log = scratch.appendingPathComponent("log.jsonl")
        let handle = try PrivateFile.openForAppending(log)
        try handle.write(contentsOf: Data("a\n".utf8))
        try handle.close()
        let again = try PrivateFile.openForAppending(log)
        try again.write(contentsOf: Data("b\n".utf8))
        try again.close()
        #expect(String(decoding: try Data(contentsOf: log), as: UTF8.self) == "a\nb\n")
        #expect(try mode(log) == 0o600)

        let link = scratch.appendingPathComponent("planted.jsonl")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: log)
        #expect { try PrivateFile.openForAppending(link) } throws: { ($0 as? PrivateFileError)?.code == .symbolicLink }
    }

    @Test func aFIFOIsNotAFileToAppendToAndDoesNotBlock() throws {
        let fifo = scratch.appendingPathComponent("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        // O_WRONLY on a FIFO nobody reads would block, or fail at once with O_NONBLOCK (ENXIO).
        #expect(throws: PrivateFileError.self) { try PrivateFile.openForAppending(fifo) }
    }
}
