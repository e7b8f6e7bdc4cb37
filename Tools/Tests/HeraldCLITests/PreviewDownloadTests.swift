import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

/// `herald preview` as a user runs it, against media served from loopback.
@Suite("herald preview downloads")
struct PreviewDownloadTests {
    /// A real 48×32 PNG header (signature and IHDR), enough for the header check.
    static let avatar: Data = {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
        bytes += Array("IHDR".utf8) + [0, 0, 0, 48, 0, 0, 0, 32, 8, 6, 0, 0, 0] + [0x54, 0xD4, 0xFB, 0x1C]
        bytes += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        return Data(bytes)
    }()

    static func payload(avatar: URL, in directory: URL) throws -> String {
        let json: JSONValue = [
            "aps": ["alert": ["title": "Ann", "body": "Lunch?"], "mutable-content": 1],
            "communication": ["sender_name": "Ann", "group_name": "Team", "avatar_url": .string(avatar.absoluteString)],
        ]
        let file = directory.appendingPathComponent("payload.json")
        try json.encoded().write(to: file)
        return file.path
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func avatarIsDownloadedThenServedFromTheCache() async throws {
        let server = try LoopbackServer(routes: ["/ann.png": .conditional(etag: "\"ann-1\"", body: Self.avatar, maxAge: 3600)])
        defer { server.stop() }
        let directory = try Self.temporaryDirectory()
        let payload = try Self.payload(avatar: server.url("/ann.png"), in: directory)
        let arguments = ["preview", "--json", "--allow-http", "--cache-dir", directory.appendingPathComponent("cache").path, payload]

        let first = try JSONValue(parsing: try await HeraldProcess.run(arguments).stdout)
        #expect(first["communication"]?["sender"]?["avatar"] == [
            "status": "downloaded", "bytes": .number(JSONNumber(Self.avatar.count)), "format": "png", "width": 48, "height": 32,
            "needsDownsampling": false,
        ])
        let second = try JSONValue(parsing: try await HeraldProcess.run(arguments).stdout)
        #expect(second["communication"]?["sender"]?["avatar"]?["status"] == "cached")
        // Fresh for an hour: the second run asked nobody.
        #expect(server.requestCount("/ann.png") == 1)
    }

    @Test func hangingAvatarHostTimesOutAndTheRestIsIntact() async throws {
        let server = try LoopbackServer(routes: ["/ann.png": .hang])
        defer { server.stop() }
        let directory = try Self.temporaryDirectory()
        let payload = try Self.payload(avatar: server.url("/ann.png"), in: directory)
        let result = try await HeraldProcess.run([
            "preview", "--allow-http", "--avatar-timeout", "1", "--cache-dir", directory.appendingPathComponent("cache").path, payload,
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Avatar:     timedOut (avatar download passed its deadline"))
        #expect(result.stdout.contains("(T) Ann · Team"), "\(result.stdout)")  // the group's initials
        #expect(result.stdout.contains("Lunch?"))
    }

    @Test func httpIsRefusedWithoutAllowHTTP() async throws {
        let server = try LoopbackServer(routes: ["/ann.png": .respond(status: 200, body: Self.avatar)])
        defer { server.stop() }
        let directory = try Self.temporaryDirectory()
        let payload = try Self.payload(avatar: server.url("/ann.png"), in: directory)
        let json = try JSONValue(parsing: try await HeraldProcess.run(["preview", "--json", payload]).stdout)
        #expect(json["communication"]?["sender"]?["avatar"]?["status"] == "skipped")
        #expect(server.requestCount("/ann.png") == 0)
    }
}
