import Foundation
import HeraldCore
import Testing

@Suite("herald preview of an encrypted payload")
struct EncryptedPreviewTests {
    static let payload = HeraldProcess.path("Examples/encrypted-message.json")
    static let keys = HeraldProcess.path("Examples/keys/demo-keys.json")

    @Test func withTheKeyFileItPreviewsDecrypted() async throws {
        let result = try await HeraldProcess.run(["preview", "--json", "--no-fetch", "--decryption-keys", Self.keys, Self.payload])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let json = try JSONValue(parsing: result.stdout)
        // The plaintext the example was sealed with (see Examples/encrypted-message.json's history).
        #expect(json["content"]?["title"] == "Noor Haddad")
        #expect(json["content"]?["body"] == "The door code changed: 4471. Don't share it here ✋")
        #expect(json["communication"]?["sender"]?["identifier"] == "user-77")
        #expect(json["communication"]?["conversationIdentifier"] == "dm-77")
        #expect(json["decisions"]?.arrayValue?.contains { $0["code"] == "decrypted" } == true)
    }

    @Test func theOldFlagNameStillWorksAndSaysItsNewName() async throws {
        let old = try await HeraldProcess.run(["preview", "--json", "--no-fetch", "--key-file", Self.keys, Self.payload])
        #expect(old.status == 0)
        #expect(try JSONValue(parsing: old.stdout)["content"]?["title"] == "Noor Haddad")
        #expect(old.stderr.contains("--key-file is now --decryption-keys here"))
        let help = try await HeraldProcess.run(["preview", "--help"])
        #expect(help.stdout.contains("--decryption-keys <file>"))
        #expect(!help.stdout.contains("--key-file"))
        let both = try await HeraldProcess.run(["preview", "--key-file", Self.keys, "--decryption-keys", Self.keys, Self.payload])
        #expect(both.status == 2)
    }

    @Test func anEncryptedPayloadTheExtensionWillNotRunForShowsItsPlaceholder() async throws {
        // No mutable-content: iOS shows the alert as sent, so the preview must not show the
        // extension's "(Encrypted)" fallback, nor decrypt even with the key.
        let payload = FileManager.default.temporaryDirectory.appendingPathComponent("herald-sealed-\(UUID().uuidString).json")
        var json = try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: Self.payload)))
        var aps = try #require(json["aps"]?.objectValue)
        aps["mutable-content"] = nil
        aps["alert"] = ["body": "New message"]
        json.set(.object(aps), at: JSONPointer("/aps")!)
        try json.encoded().write(to: payload)
        let result = try await HeraldProcess.run(["preview", "--json", "--no-fetch", "--decryption-keys", Self.keys, payload.path])
        #expect(result.status == 0)
        let shown = try JSONValue(parsing: result.stdout)
        #expect(shown["content"]?["body"] == "New message")
        #expect(shown["extensionWillRun"] == false)
        #expect(shown["decisions"]?.arrayValue?.contains { $0["code"] == "decrypted" } == false)
        #expect(shown["decisions"]?.arrayValue?.contains { $0["message"]?.stringValue?.hasPrefix("nothing is decrypted or downloaded") == true } == true)
    }

    @Test func withoutAKeyItFallsBackCleanly() async throws {
        let result = try await HeraldProcess.run(["preview", "--json", "--no-fetch", Self.payload])
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.stdout)
        #expect(json["content"]?["body"] == "(Encrypted)")
        #expect(json["content"]?["title"] == "New message")
        #expect(json["communication"] == .null)
        #expect(json["decisions"]?.arrayValue?.filter { $0["code"] == "decryption-failed" }.count == 1)
    }

    @Test func keysFromTheEnvironmentAndWrongKeys() async throws {
        let keyFile = try JSONValue(parsing: Data(contentsOf: URL(fileURLWithPath: Self.keys)))
        let key = try #require(keyFile["keys"]?["demo-2026-11"]?.stringValue)
        let fromEnvironment = try await HeraldProcess.run(
            ["preview", "--json", "--no-fetch", Self.payload], environment: ["HERALD_DECRYPTION_KEYS": "demo-2026-11:\(key)"])
        #expect(try JSONValue(parsing: fromEnvironment.stdout)["content"]?["title"] == "Noor Haddad")

        // A right-sized key that is not the one: authentication fails, the fallback shows.
        let wrong = Data(repeating: 7, count: 32).base64EncodedString()
        let wrongKey = try await HeraldProcess.run(
            ["preview", "--json", "--no-fetch", Self.payload], environment: ["HERALD_DECRYPTION_KEYS": "demo-2026-11:\(wrong)"])
        let json = try JSONValue(parsing: wrongKey.stdout)
        #expect(json["content"]?["body"] == "(Encrypted)")
        #expect(json["decisions"]?.arrayValue?.contains { $0["message"]?.stringValue?.contains("authentication") == true } == true)

        // A malformed key is a usage error that names the variable, never the key.
        let malformed = try await HeraldProcess.run(["preview", "--no-fetch", Self.payload], environment: ["HERALD_DECRYPTION_KEYS": "demo-2026-11:c2hvcnQ="])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("HERALD_DECRYPTION_KEYS"))
        #expect(!malformed.stderr.contains("c2hvcnQ="))
    }
}
