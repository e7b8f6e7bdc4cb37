import Crypto
import Foundation
import HeraldCore
import Testing

@testable import HeraldEnrichment
@_spi(HeraldTools) @testable import HeraldSealing

/// The code a throwing call fails with, or `nil` when it succeeds; an error of another type
/// gives a code no test expects.
private func failureCode<T>(_ body: () throws -> T) -> DecryptionError.Code? {
    do {
        _ = try body()
        return nil
    } catch let error as DecryptionError {
        return error.code
    } catch {
        return DecryptionError.Code(rawValue: "unexpected \(type(of: error))")
    }
}

/// A key provider that records the key ids it was asked for and fails on cue.
private actor RecordingKeyProvider: KeyProvider {
    struct StoreUnavailable: Error, CustomStringConvertible {
        var description: String { "keychain item not available (errSecInteractionNotAllowed)" }
    }

    let keys: [String: SymmetricKey]
    let fails: Bool
    private(set) var requested: [String] = []

    init(keys: [String: SymmetricKey] = [:], fails: Bool = false) {
        self.keys = keys
        self.fails = fails
    }

    func key(for keyID: String) async throws -> SymmetricKey? {
        requested.append(keyID)
        if fails { throw StoreUnavailable() }
        return keys[keyID]
    }
}

@Suite("Decryption")
struct DecryptionTests {
    static let key = SymmetricKey(data: Data((0..<32).map { UInt8($0 * 7 % 256) }))
    static let keyID = "2024-06"
    static let provider = StaticKeyProvider(keys: [keyID: key])

    /// What a chat server seals: alert text plus the communication block.
    static let plaintext: JSONValue = [
        "title": "Ada Lovelace",
        "subtitle": "Engines",
        "body": "The notes are ready 📎",
        "communication": ["sender_name": "Ada Lovelace", "sender_id": "u-1815", "conversation_id": "conv-analytical"],
    ]

    static func sealed(_ plaintext: JSONValue = plaintext, keyID: String = keyID, key: SymmetricKey = key) throws -> SealedContent {
        try SealedContent.seal(plaintext, keyID: keyID, using: key)
    }

    /// An APNs payload whose visible text is the server's placeholder.
    static func apnsPayload(sealed: JSONValue) -> JSONValue {
        [
            "aps": ["alert": ["title": "New message", "body": "You have a new message"], "mutable-content": 1, "sound": "default"],
            "sealed": sealed,
            "message_id": "m-77",
        ]
    }

    // MARK: Sealing and opening

    @Test func sealThenOpenRoundTrips() throws {
        let content = try Self.sealed()
        #expect(content.keyID == Self.keyID)
        #expect(content.combined.count == 12 + Self.plaintext.encoded().count + 16)
        #expect(try content.open(using: Self.key) == Self.plaintext)

        let reread = try SealedContent(json: content.json)
        #expect(reread == content)
        #expect(try reread.open(using: Self.key) == Self.plaintext)
        // FCM: the same object as JSON text in a string.
        #expect(try SealedContent(json: .string(content.json.jsonText())) == content)
    }

    @Test func sealWritesStandardPaddedBase64AndAFreshNonce() throws {
        let first = try Self.sealed(["body": "x"])
        let second = try Self.sealed(["body": "x"])
        let box = try #require(first.json["box"]?.stringValue)
        #expect(first.json["kid"] == .string(Self.keyID))
        #expect(Data(base64Encoded: box) == first.combined)
        #expect(box.count % 4 == 0 && !box.contains("-") && !box.contains("_"))
        #expect(first.combined.prefix(12) != second.combined.prefix(12))
        #expect(first.combined != second.combined)
    }

    @Test func sealRefusesWhatCannotBeOpened() {
        #expect(failureCode { try SealedContent.seal(["a", "b"], keyID: Self.keyID, using: Self.key) } == .plaintextNotJSONObject)
        #expect(failureCode { try SealedContent.seal("text", keyID: Self.keyID, using: Self.key) } == .plaintextNotJSONObject)
        #expect(failureCode { try SealedContent.seal(["body": "x"], keyID: "", using: Self.key) } == .malformedField)
        #expect(failureCode { try SealedContent.seal(["body": "x"], keyID: "a\nb", using: Self.key) } == .malformedField)
        #expect(failureCode { try SealedContent.seal(["body": "x"], keyID: Self.keyID, using: SymmetricKey(size: .bits128)) } == .invalidKey)
    }

    // MARK: Known answer, computed independently with Python's `cryptography` (AESGCM):
    // key = bytes(range(32)), nonce = bytes(range(0xa0, 0xac)), aad = b"herald-kat-1",
    // plaintext = json.dumps(obj, separators=(",", ":"), sort_keys=True, ensure_ascii=False).

    static let vectorKey = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    static let vectorKeyID = "herald-kat-1"
    static let vectorBox =
        "oKGio6SlpqeoqaqrnToeQiGyIIVAJua1xNPgvwSMbi+wm2AP82NL8xHCFmCmHyiRjRgoHzzzar5sCPCYM3IpJj25flx7fGhzkEKnnJbP4AFUwJa/moOSfa307vupaovoqrf8Fo8WW7jMtm/g5vBHziGUrdr6uiQtlBXjc2xn+ccH2LlJg1QVug=="
    static let vectorBoxURLSafe =
        "oKGio6SlpqeoqaqrnToeQiGyIIVAJua1xNPgvwSMbi-wm2AP82NL8xHCFmCmHyiRjRgoHzzzar5sCPCYM3IpJj25flx7fGhzkEKnnJbP4AFUwJa_moOSfa307vupaovoqrf8Fo8WW7jMtm_g5vBHziGUrdr6uiQtlBXjc2xn-ccH2LlJg1QVug"
    static let vectorPlaintext: JSONValue = [
        "title": "Ada", "body": "Café at 7?",
        "communication": ["sender_name": "Ada Lovelace", "conversation_id": "c-42"],
    ]

    @Test(arguments: [vectorBox, vectorBoxURLSafe])
    func opensTheKnownAnswerVector(box: String) throws {
        let key = try StaticKeyProvider.key(base64: Self.vectorKey, keyID: Self.vectorKeyID)
        let content = try SealedContent(json: ["kid": .string(Self.vectorKeyID), "box": .string(box)])
        #expect(content.combined.count == 136)
        #expect(try content.open(using: key) == Self.vectorPlaintext)
    }

    @Test func sealingWithTheVectorNonceGivesTheVectorBytes() throws {
        let key = try StaticKeyProvider.key(base64: Self.vectorKey, keyID: Self.vectorKeyID)
        let nonce = try AES.GCM.Nonce(data: Data(0xA0...0xAB))
        let content = try SealedContent.seal(Self.vectorPlaintext, keyID: Self.vectorKeyID, using: key, nonce: nonce)
        #expect(content.json == ["kid": .string(Self.vectorKeyID), "box": .string(Self.vectorBox)])
    }

    // MARK: Tampering, truncation, encoding

    /// Byte offsets in each region of the box: nonce (0..<12), ciphertext, tag (last 16).
    static let tamperOffsets: [(region: String, offset: Int)] = [
        ("nonce", 0), ("nonce", 11), ("ciphertext", 12), ("ciphertext", 60), ("ciphertext", 119), ("tag", 120), ("tag", 135),
    ]

    @Test(arguments: tamperOffsets.map(\.offset))
    func aFlippedBitInAnyRegionFailsAuthentication(offset: Int) throws {
        let key = try StaticKeyProvider.key(base64: Self.vectorKey, keyID: Self.vectorKeyID)
        var content = try SealedContent(json: ["kid": .string(Self.vectorKeyID), "box": .string(Self.vectorBox)])
        content.combined[offset] ^= 0x01
        #expect(failureCode { try content.open(using: key) } == .authenticationFailed)
        // The same through the wire format.
        #expect(failureCode { try SealedContent(json: content.json).open(using: key) } == .authenticationFailed)
    }

    @Test(arguments: [0, 1, 12, 27])
    func aBoxShorterThanNonceAndTagIsTruncated(length: Int) throws {
        let content = try Self.sealed()
        let cut = content.combined.prefix(length)
        let field: JSONValue = ["kid": .string(Self.keyID), "box": .string(cut.base64EncodedString())]
        #expect(failureCode { try SealedContent(json: field) } == .truncated)
        #expect(failureCode { try SealedContent(keyID: Self.keyID, combined: cut).open(using: Self.key) } == .truncated)
    }

    @Test func aBoxCutAfterTheNonceFailsAuthentication() throws {
        let content = try Self.sealed()
        let cut = SealedContent(keyID: Self.keyID, combined: content.combined.dropLast(5))
        #expect(failureCode { try cut.open(using: Self.key) } == .authenticationFailed)
        #expect(failureCode { try SealedContent(keyID: Self.keyID, combined: Data(count: 28)).open(using: Self.key) } == .authenticationFailed)
    }

    @Test(arguments: ["not base64!", "abcde", "ab cd efgh", "QUJD=RA==", "QUJDRA===", "%%%%", "QUJD\u{00E9}"])
    func badBase64IsReported(box: String) {
        #expect(failureCode { try SealedContent(json: ["kid": "k", "box": .string(box)]) } == .badBase64)
    }

    @Test func unpaddedAndURLSafeBase64AreRead() throws {
        #expect(Data(lenientBase64: "QUJDRA") == Data("ABCD".utf8))
        #expect(Data(lenientBase64: "QUJDRA==") == Data("ABCD".utf8))
        #expect(Data(lenientBase64: " QUJDRA==\n") == Data("ABCD".utf8))
        #expect(Data(lenientBase64: "-_8") == Data([0xFB, 0xFF]))
        #expect(Data(lenientBase64: "+/8=") == Data([0xFB, 0xFF]))
        #expect(Data(lenientBase64: "") == Data())
    }

    @Test(arguments: [
        JSONValue.string("not json"), .string("[1, 2]"), .array([]), .null, 42,
        ["box": "AAAA"], ["kid": 7, "box": "AAAA"], ["kid": "k"], ["kid": "k", "box": 12], ["kid": "", "box": "AAAA"],
        .object(["kid": .string(String(repeating: "k", count: 257)), "box": "AAAA"]),
    ])
    func aMalformedFieldIsReported(field: JSONValue) {
        #expect(failureCode { try SealedContent(json: field) } == .malformedField)
    }

    // MARK: Keys

    @Test func theWrongKeyFailsAuthentication() throws {
        let content = try Self.sealed()
        #expect(failureCode { try content.open(using: SymmetricKey(size: .bits256)) } == .authenticationFailed)
        #expect(failureCode { try content.open(using: SymmetricKey(size: .bits192)) } == .invalidKey)
    }

    @Test func aBoxMovedUnderAnotherKeyIDFailsEvenWithTheSameKey() async throws {
        var content = try Self.sealed()
        content.keyID = "2024-07"
        #expect(failureCode { try content.open(using: Self.key) } == .authenticationFailed)

        let sameKeyTwice = StaticKeyProvider(keys: [Self.keyID: Self.key, "2024-07": Self.key])
        let outcome = await Decryptor(keyProvider: sameKeyTwice).decrypt(Self.apnsPayload(sealed: content.json), layout: .apns)
        #expect(outcome.error?.code == .authenticationFailed)
    }

    @Test func openedContentMustBeAJSONObject() throws {
        for text in ["[1, 2]", "\"just text\"", "not json at all", ""] {
            let box = try AES.GCM.seal(Data(text.utf8), using: Self.key, authenticating: Data(Self.keyID.utf8))
            let content = SealedContent(keyID: Self.keyID, combined: try #require(box.combined))
            #expect(failureCode { try content.open(using: Self.key) } == .plaintextNotJSONObject, "\(text)")
        }
    }

    // MARK: The decryptor

    @Test func decryptsAnAPNsPayloadAndTheLayoutReadsTheSealedSender() async throws {
        let content = try Self.sealed()
        let outcome = await Decryptor(keyProvider: Self.provider).decrypt(Self.apnsPayload(sealed: content.json), layout: .apns)

        #expect(outcome.status == .decrypted)
        #expect(outcome.error == nil)
        #expect(outcome.decisions.map(\.code) == [.decrypted])
        #expect(outcome.decisions[0].message.contains("\"\(Self.keyID)\""))
        let payload = outcome.payload
        #expect(payload["sealed"] == nil)
        #expect(payload["message_id"] == "m-77")
        #expect(payload["aps"]?["sound"] == "default" && payload["aps"]?["mutable-content"] == 1)
        #expect(payload["aps"]?["alert"] == ["title": "Ada Lovelace", "subtitle": "Engines", "body": "The notes are ready 📎"])
        #expect(payload["title"] == nil && payload["body"] == nil)

        let message = Layout.apns.decode(payload).message
        #expect(message.sender?.displayName == "Ada Lovelace")
        #expect(message.sender?.identifier == "u-1815")
        #expect(message.conversationIdentifier == "conv-analytical")
    }

    @Test func decryptsAnFCMPayloadWhoseSealedFieldIsJSONText() async throws {
        let content = try Self.sealed()
        let payload: JSONValue = [
            "aps": ["alert": "New message", "mutable-content": 1],
            "gcm.message_id": "1700000000000001",
            "sealed": .string(content.json.jsonText()),
        ]
        let outcome = await Decryptor(keyProvider: Self.provider).decrypt(payload, layout: .fcm)

        #expect(outcome.status == .decrypted)
        #expect(outcome.payload["sealed"] == nil)
        #expect(outcome.payload["gcm.message_id"] == "1700000000000001")
        #expect(outcome.payload["aps"]?["alert"] == ["title": "Ada Lovelace", "subtitle": "Engines", "body": "The notes are ready 📎"])
        let message = Layout.fcm.decode(outcome.payload).message
        #expect(message.sender?.displayName == "Ada Lovelace")
        #expect(message.conversationIdentifier == "conv-analytical")
    }

    @Test(arguments: [false, true])
    func decryptsAClassicOneSignalPayloadInCustomA(dataAsText: Bool) async throws {
        let content = try Self.sealed()
        let data: JSONValue = ["sealed": content.json, "deep_link": "app://chat/conv-analytical"]
        let payload: JSONValue = [
            "aps": ["alert": ["body": "New message"], "mutable-content": 1],
            "custom": ["i": "6f1c-uuid", "a": dataAsText ? .string(data.jsonText()) : data],
        ]
        let outcome = await Decryptor(keyProvider: Self.provider).decrypt(payload, layout: .oneSignal)

        #expect(outcome.status == .decrypted)
        let custom = try #require(outcome.payload["custom"])
        #expect(custom["i"] == "6f1c-uuid")
        #expect(custom["a"]?["sealed"] == nil)
        #expect(custom["a"]?["deep_link"] == "app://chat/conv-analytical")
        #expect(custom["a"]?["communication"]?["sender_name"] == "Ada Lovelace")
        #expect(outcome.payload["communication"] == nil)
        #expect(outcome.payload["aps"]?["alert"]?["body"] == "The notes are ready 📎")
        let message = Layout.oneSignal.decode(outcome.payload).message
        #expect(message.sender?.displayName == "Ada Lovelace")
        #expect(message.conversationIdentifier == "conv-analytical")
    }

    @Test func mergeKeepsUnsealedAlertFieldsAndOverwritesDataKeys() async throws {
        let content = try Self.sealed(["body": "secret text", "communication": ["sender_name": "Real"], "aps": ["badge": 99], "sealed": "x"])
        let payload: JSONValue = [
            "aps": ["alert": ["title": "Placeholder", "body": "…", "launch-image": "a.png"], "badge": 1],
            "communication": ["sender_name": "Placeholder"],
            "sealed": content.json,
        ]
        let outcome = await Decryptor(keyProvider: Self.provider).decrypt(payload, layout: .apns)

        #expect(outcome.status == .decrypted)
        #expect(outcome.payload["aps"] == ["alert": ["title": "Placeholder", "body": "secret text", "launch-image": "a.png"], "badge": 1])
        #expect(outcome.payload["communication"] == ["sender_name": "Real"])
        #expect(outcome.payload["sealed"] == nil)
        #expect(outcome.decisions.map(\.code) == [.decrypted, .valueIgnored, .valueIgnored])
    }

    /// Found by the sealed-content fuzz target: a provider marker in sealed content, merged at
    /// the top level, made the pipeline decode with another layout than it decrypted with.
    @Test(arguments: [
        ("os_data", ["i": "n-1"]), ("notifee_options", ["ios": [:]]), ("gcm.message_id", "1"), ("fcm_options", ["image": "a.png"]),
        ("google.c.a.e", "1"), ("custom", ["i": "n-1", "a": ["sender_name": "Mallory"]]),
    ] as [(String, JSONValue)])
    func aSealedKeyThatWouldChangeTheLayoutIsIgnored(key: String, value: JSONValue) async throws {
        let content = try Self.sealed(["body": "secret text", "sender_name": "Ada", key: value])
        let payload = Self.apnsPayload(sealed: content.json)
        let outcome = await Decryptor(keyProvider: Self.provider).decrypt(payload, layout: .apns)

        #expect(outcome.status == .decrypted)
        #expect(outcome.payload[key] == nil)
        #expect(outcome.payload["sender_name"] == "Ada")
        #expect(Layout.detect(in: outcome.payload).layout == .apns)
        #expect(outcome.decisions.map(\.code) == [.decrypted, .valueIgnored])
        #expect(outcome.decisions.last?.message.contains("\"\(key)\"") == true)
    }

    /// OneSignal's newer payloads keep data at the top level beside `os_data`; a sealed `custom`
    /// object with `a` would move the data root to `custom.a`.
    @Test func aSealedKeyThatWouldMoveTheDataRootIsIgnored() async throws {
        let content = try Self.sealed(["body": "secret text", "custom": ["a": ["sender_name": "Mallory"]], "sender_name": "Ada"])
        let payload: JSONValue = [
            "aps": ["alert": ["body": "New message"], "mutable-content": 1], "os_data": ["i": "n-1"], "sealed": content.json,
        ]
        let outcome = await Decryptor(keyProvider: Self.provider).decrypt(payload, layout: .oneSignal)

        #expect(outcome.status == .decrypted)
        #expect(outcome.payload["custom"] == nil)
        #expect(Layout.oneSignal.dataRoot(in: outcome.payload) == Layout.oneSignal.dataRoot(in: payload))
        #expect(Layout.oneSignal.decode(outcome.payload).message.sender?.displayName == "Ada")
    }

    @Test func aPayloadWithoutASealedFieldIsUntouched() async {
        let payload = Self.apnsPayload(sealed: "x").objectValue!.filter { $0.key != "sealed" }
        let outcome = await Decryptor(keyProvider: nil).decrypt(.object(payload), layout: .apns)
        #expect(outcome == DecryptionOutcome(payload: .object(payload), status: .notEncrypted, decisions: []))
    }

    // MARK: Every failure: the fallback body, one decision, no crash

    struct FailureCase: Sendable, CustomTestStringConvertible {
        let name: String
        let sealed: @Sendable () throws -> JSONValue
        let provider: (any KeyProvider)?
        let expected: DecryptionError.Code
        var testDescription: String { name }
    }

    static let failureCases: [FailureCase] = [
        FailureCase(name: "no provider", sealed: { try sealed().json }, provider: nil, expected: .noKeyProvider),
        FailureCase(name: "unknown key id", sealed: { try sealed(keyID: "retired").json }, provider: provider, expected: .unknownKeyID),
        FailureCase(
            name: "wrong key", sealed: { try sealed(key: SymmetricKey(size: .bits256)).json }, provider: provider,
            expected: .authenticationFailed),
        FailureCase(
            name: "tampered tag",
            sealed: {
                var content = try sealed()
                content.combined[content.combined.count - 1] ^= 0x80
                return content.json
            }, provider: provider, expected: .authenticationFailed),
        FailureCase(
            name: "truncated", sealed: { ["kid": .string(keyID), "box": .string(Data(count: 20).base64EncodedString())] }, provider: provider,
            expected: .truncated),
        FailureCase(name: "bad base64", sealed: { ["kid": .string(keyID), "box": "!!!"] }, provider: provider, expected: .badBase64),
        FailureCase(name: "not an object", sealed: { "garbage" }, provider: provider, expected: .malformedField),
        FailureCase(
            name: "short key from provider", sealed: { try sealed().json },
            provider: StaticKeyProvider(keys: [keyID: SymmetricKey(size: .bits128)]), expected: .invalidKey),
        FailureCase(
            name: "provider throws", sealed: { try sealed().json }, provider: RecordingKeyProvider(fails: true),
            expected: .keyProviderFailed),
    ]

    @Test(arguments: failureCases)
    func everyFailureShowsTheFallbackBodyWithOneDecision(failure: FailureCase) async throws {
        let outcome = await Decryptor(keyProvider: failure.provider).decrypt(Self.apnsPayload(sealed: try failure.sealed()), layout: .apns)

        #expect(outcome.status == .failed)
        #expect(outcome.error?.code == failure.expected)
        #expect(outcome.payload["sealed"] == nil)
        #expect(outcome.payload["aps"]?["alert"] == ["title": "New message", "body": "(Encrypted)"])
        #expect(outcome.payload["aps"]?["sound"] == "default")
        #expect(outcome.decisions.count == 1)
        #expect(outcome.decisions.first?.code == .decryptionFailed)
        #expect(outcome.decisions.first?.message.contains(failure.expected.rawValue) == true)
        // The layout still reads the rest; no sender was sealed in the clear.
        #expect(Layout.apns.decode(outcome.payload).message.sender == nil)
    }

    @Test func aConfiguredFallbackReplacesAStringAlert() async throws {
        let payload: JSONValue = ["aps": ["alert": "You have a message"], "sealed": try Self.sealed().json]
        let outcome = await Decryptor(keyProvider: StaticKeyProvider(keys: [:]), fallbackText: "New message (locked)").decrypt(payload, layout: .fcm)
        #expect(outcome.status == .failed)
        #expect(outcome.payload == ["aps": ["alert": ["body": "New message (locked)"]]])
        #expect(outcome.decisions.map(\.code) == [.decryptionFailed])
        #expect(outcome.decisions[0].message.contains("New message (locked)"))
    }

    @Test func noProviderSaysSo() async throws {
        let outcome = await Decryptor(keyProvider: nil).decrypt(Self.apnsPayload(sealed: try Self.sealed().json), layout: .apns)
        #expect(outcome.decisions.first?.message.contains("no key provider configured") == true)
    }

    @Test func theProviderIsAskedForTheEnvelopesKeyIDOnce() async throws {
        let recording = RecordingKeyProvider(keys: [Self.keyID: Self.key])
        let outcome = await Decryptor(keyProvider: recording).decrypt(Self.apnsPayload(sealed: try Self.sealed().json), layout: .apns)
        #expect(outcome.status == .decrypted)
        #expect(await recording.requested == [Self.keyID])
    }

    // MARK: Loading keys

    static let keyA = Data(repeating: 0xA5, count: 32)
    static let keyB = Data((0..<32).map { UInt8(255 - $0) })

    static func writeKeyFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("herald-keys-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func loadsAKeyFile() throws {
        let url = try Self.writeKeyFile(#"{"keys": {"a": "\#(Self.keyA.base64EncodedString())", "b": "\#(Self.keyB.base64EncodedString())"}}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = try StaticKeyProvider(keyFile: url)
        #expect(provider.keys.keys.sorted() == ["a", "b"])
        let sealed = try SealedContent.seal(["body": "hi"], keyID: "b", using: SymmetricKey(data: Self.keyB))
        #expect(try sealed.open(using: try #require(provider.key(for: "b"))) == ["body": "hi"])
        #expect(provider.key(for: "c") == nil)
    }

    @Test(arguments: [
        (#"{"keys": {"short": "\#(Data(count: 16).base64EncodedString())"}}"#, DecryptionError.Code.invalidKey, "short"),
        (#"{"keys": {"long": "\#(Data(count: 33).base64EncodedString())"}}"#, .invalidKey, "long"),
        (#"{"keys": {"garbled": "not*base64"}}"#, .badBase64, "garbled"),
        (#"{"keys": {"number": 42}}"#, .keyProviderFailed, "number"),
        (#"{"keys": {}}"#, .keyProviderFailed, "no keys"),
        (#"{"kes": {}}"#, .keyProviderFailed, "\"keys\""),
        (#"{"keys": {"a": "AAAA" "#, .keyProviderFailed, "not JSON"),
    ])
    func rejectsABadKeyFile(text: String, code: DecryptionError.Code, named: String) throws {
        let url = try Self.writeKeyFile(text)
        defer { try? FileManager.default.removeItem(at: url) }
        let error = #expect(throws: DecryptionError.self) { try StaticKeyProvider(keyFile: url) }
        #expect(error?.code == code)
        #expect(error?.message.contains(named) == true)
    }

    @Test func aMissingKeyFileIsAProviderFailure() {
        let url = URL(fileURLWithPath: "/nonexistent/herald/keys.json")
        let error = #expect(throws: DecryptionError.self) { try StaticKeyProvider(keyFile: url) }
        #expect(error?.code == .keyProviderFailed)
        #expect(error?.message == "cannot read key file /nonexistent/herald/keys.json: no such file")
        let folder = FileManager.default.temporaryDirectory
        let notAFile = #expect(throws: DecryptionError.self) { try StaticKeyProvider(keyFile: folder) }
        #expect(notAFile?.message == "cannot read key file \(folder.path): it is a folder")
    }

    @Test func loadsTheEnvironmentVariable() throws {
        let urlSafeB = Self.keyB.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        let provider = try StaticKeyProvider(environmentValue: " a:\(Self.keyA.base64EncodedString()) , b : \(urlSafeB),")
        #expect(provider.keys.keys.sorted() == ["a", "b"])
        let sealed = try SealedContent.seal(["body": "hi"], keyID: "b", using: SymmetricKey(data: Self.keyB))
        #expect(try sealed.open(using: try #require(provider.key(for: "b"))) == ["body": "hi"])
        #expect(StaticKeyProvider.environmentVariable == "HERALD_DECRYPTION_KEYS")
    }

    @Test(arguments: [
        ("a:\(Data(count: 31).base64EncodedString())", DecryptionError.Code.invalidKey),
        ("a:\(keyA.base64EncodedString()),b:not*base64", .badBase64),
        ("a:\(keyA.base64EncodedString()),\(keyB.base64EncodedString())", .keyProviderFailed),
        ("a:\(keyA.base64EncodedString()),a:\(keyB.base64EncodedString())", .keyProviderFailed),
        (":\(keyA.base64EncodedString())", .keyProviderFailed),
        (" , ", .keyProviderFailed),
        ("", .keyProviderFailed),
    ])
    func rejectsABadEnvironmentValue(value: String, code: DecryptionError.Code) {
        let error = #expect(throws: DecryptionError.self) { try StaticKeyProvider(environmentValue: value) }
        #expect(error?.code == code)
    }

    @Test func errorsNeverHoldKeyMaterial() throws {
        let secrets = [Self.keyA.base64EncodedString(), Self.keyB.base64EncodedString(), String(Self.keyB.base64EncodedString().prefix(12))]
        let shortKey = Data(Self.keyB.prefix(16)).base64EncodedString()
        var messages: [String] = []
        for value in ["a:\(shortKey)", "a:\(Self.keyA.base64EncodedString()),\(Self.keyB.base64EncodedString())", "a:\(Self.keyA.base64EncodedString())x"] {
            do {
                _ = try StaticKeyProvider(environmentValue: value)
            } catch {
                messages.append(error.description)
            }
        }
        let url = try Self.writeKeyFile(#"{"keys": {"a": "\#(shortKey)"}, "x": \#(Self.keyA.base64EncodedString())}"#)
        defer { try? FileManager.default.removeItem(at: url) }
        do {
            _ = try StaticKeyProvider(keyFile: url)
        } catch {
            messages.append(error.description)
        }
        #expect(messages.count == 4)
        for message in messages {
            #expect(!secrets.contains { message.contains($0) } && !message.contains(shortKey), "\(message)")
        }
    }
}
