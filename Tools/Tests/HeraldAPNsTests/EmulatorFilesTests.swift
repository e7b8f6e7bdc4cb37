import Foundation
import HeraldAPNs
import HeraldAPNsEmulator
import HeraldTestSupport
import Testing

/// What the emulator writes down is readable by the user who runs it only, and never written
/// through a link another user could have planted.
@Suite struct EmulatorFilesTests {
    static func mode(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
    }

    /// A new folder for one test, removed after `body`.
    static func withFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // a leftover temp folder is harmless
        try await body(folder)
    }

    @Test func theLogAndTheSimctlFilesAreCreatedForTheUserOnly() async throws {
        try await Self.withFolder { folder in
            let simctl = folder.appendingPathComponent("simctl/nested")
            try await APNSClientEmulatorTests.withEmulator({ $0.simctlDirectory = simctl }) { client, _, log in
                let delivery = await client.send(try APNSClientEmulatorTests.notification())
                #expect(delivery.isDelivered, "\(delivery)")
                #expect(try Self.mode(log) == 0o600)
                #expect(try Self.mode(simctl) == 0o700)
                #expect(try Self.mode(simctl.deletingLastPathComponent()) == 0o700)
                let apns = try #require(try FileManager.default.contentsOfDirectory(at: simctl, includingPropertiesForKeys: nil).only)
                #expect(try Self.mode(apns) == 0o600)
            }
        }
    }

    @Test func aLinkPlantedAtTheLogIsRefusedAndNothingIsWrittenThroughIt() async throws {
        try await Self.withFolder { folder in
            let victim = folder.appendingPathComponent("victim")
            try Data("untouched\n".utf8).write(to: victim)
            let log = folder.appendingPathComponent("log.jsonl")
            try FileManager.default.createSymbolicLink(at: log, withDestinationURL: victim)
            let error = await EmulatorStartTests.startError(APNSEmulator.Configuration(keys: EmulatorStartTests.keys, logFile: log))
            #expect(error == "the log: \(log.path) is a symbolic link, which Herald does not write through; remove it or name another file")
            #expect(try String(contentsOf: victim, encoding: .utf8) == "untouched\n")
        }
    }

    @Test func aSimctlFolderOthersCanWriteInIsRefused() async throws {
        try await Self.withFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
            try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: shared.path)  // past the umask
            let error = await EmulatorStartTests.startError(APNSEmulator.Configuration(keys: EmulatorStartTests.keys, simctlDirectory: shared))
            #expect(error?.hasPrefix("the simctl folder: the folder \(shared.path) can be written by other users") == true, "\(error ?? "")")
        }
    }
}
