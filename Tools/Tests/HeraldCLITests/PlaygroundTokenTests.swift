import Foundation
import HeraldCore
import Testing

/// The playground answers only who was shown its address: the page, its script and previews
/// live under a random token, so another local user or program that reaches the port gets
/// nothing, not even a decryption with --decryption-keys.
@Suite("herald playground's token")
struct PlaygroundTokenTests {
    static let sealed = try! String(contentsOfFile: EncryptedPreviewTests.payload, encoding: .utf8)

    @Test func withoutTheTokenNothingIsAnsweredAndNothingDecrypted() async throws {
        let stderr = try await PlaygroundTests.withPlayground(["--decryption-keys", EncryptedPreviewTests.keys, "--allow-fetch"]) { playground in
            let port = playground.port
            let token = try #require(try PlaygroundTests.address(playground).split(separator: "/").last.map(String.init))
            let host = ("Host", "127.0.0.1:\(port)")
            let json = [host, ("Content-Type", "application/json"), ("Origin", "http://127.0.0.1:\(port)")]
            let body = JSONValue.object(["payload": .string(Self.sealed)]).encoded()
            let wrong = String(repeating: "0", count: 32)
            let attempts: [(String, String, [(String, String)])] = [
                ("GET", "/", [host]), ("GET", "/playground.js", [host]), ("POST", "/preview", json), ("GET", "/\(wrong)/", [host]),
                ("POST", "/\(wrong)/preview", json), ("POST", "/\(token.dropLast())/preview", json), ("POST", "/\(token)x/preview", json),
                ("POST", "/preview/\(token)/", json), ("POST", "/preview?token=\(token)", json),
            ]
            for (method, path, headers) in attempts {
                let answer = try await RawHTTPConnection(port: port).exchange(RawHTTPConnection.request(method, path, headers: headers, body: method == "POST" ? body : Data()))
                #expect(answer.status == 403, "\(method) \(path)")
                #expect(answer.text.contains("the address lacks the playground's token"), "\(method) \(path)")
                #expect(!answer.text.contains("4471"))
            }
            // With it, the same post is decrypted, and the page carries the token to its script.
            let preview = try await PlaygroundTests.postPreview(Self.sealed, on: playground)
            #expect(preview.status == 200)
            #expect(preview.text.contains("4471"))
            let page = try await PlaygroundTests.get("/", on: playground)
            #expect(page.status == 200)
            #expect(page.text.contains("<script src=\"/\(token)/playground.js\" defer>"))
            let bare = try await RawHTTPConnection(port: port).exchange(RawHTTPConnection.request("GET", "/\(token)", headers: [host]))
            #expect(bare.status == 200)
        }
        // A local program without the token cannot fill the terminal either.
        #expect(!stderr.contains("refused"), "\(stderr)")
    }

    @Test func eachRunHasANewTokenOf128Bits() async throws {
        var addresses: [String] = []
        for _ in 0..<2 {
            try await PlaygroundTests.withPlayground { playground in
                #expect(playground.readyLine.hasPrefix("herald playground: listening on http://127.0.0.1:\(playground.port)/"))
                addresses.append(try PlaygroundTests.address(playground))
            }
        }
        let tokens = addresses.compactMap { $0.split(separator: "/").last }
        #expect(tokens.count == 2 && tokens[0] != tokens[1])
        #expect(tokens.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
    }

    @Test func itsTemporaryFolderIsTheUsersOnly() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-\(geteuid())")
        try await PlaygroundTests.withPlayground { _ in
            let mode = { (url: URL) in try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int }
            #expect(try mode(folder) == 0o700)
            let own = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.lastPathComponent.hasPrefix("playground-") }
            #expect(!own.isEmpty)
            // Other tests' playgrounds come and go meanwhile: those still there are checked.
            for playground in own {
                if let found = try? mode(playground) { #expect(found == 0o700) }
            }
        }
    }
}
