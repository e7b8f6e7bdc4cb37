import Crypto
import Foundation
import FuzzSupport
import HeraldCore
import HeraldDesk
import HeraldEnrichment
import HeraldSealing

/// Sealed (end-to-end encrypted) content as the phone opens it, with the key of
/// Examples/keys/demo-keys.json.
///
/// The first byte picks what the rest is:
/// - 0: a whole payload, decrypted and decoded as the extension's pipeline does: preview with
///   the detected layout, ``Decryptor`` with that layout, preview of the result. Decrypting
///   the result again finds nothing sealed, and detection picks the same layout (the pipeline
///   relies on both).
/// - 1: the `sealed` field's JSON: ``SealedContent/init(json:)``, which must read back its own
///   ``SealedContent/json``, then ``SealedContent/open(using:)``.
/// - 2: a plaintext, sealed under the demo key with a fixed nonce (so runs are deterministic)
///   into an APNs, FCM or OneSignal payload chosen by the next byte; it must open to the same
///   value, and the pipeline must report it decrypted exactly when it is a JSON object.
/// - 3: `nonce ‖ ciphertext ‖ tag` bytes opened under the demo key id.
/// - 4: a `HERALD_DECRYPTION_KEYS` value (`kid:base64key,...`).
@main
enum SealedContentTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(SealedContentTarget.self, $0, $1) } }

    static let keyID = "demo-2026-11"
    static let key = SymmetricKey(data: Data(base64Encoded: "ah8MnTt+QqWMDx4tPEtaaXiHlqW0w9Lh8A8eLTxLWmk=")!)
    static let keys = StaticKeyProvider(keys: [keyID: key])
    static let nonce = try! AES.GCM.Nonce(data: Array(repeating: 7, count: SealedContent.nonceByteCount))

    static func run(_ input: inout FuzzInput) {
        switch input.byte() % 5 {
        case 0:
            guard let payload = try? Payload(data: input.rest()) else { return }
            decryptAndDecode(payload)
        case 1:
            guard let field = try? JSONValue(parsing: input.rest()) else { return }
            readField(field)
        case 2:
            let carrier = input.byte()
            sealAndOpen(Data(input.rest()), carrier: carrier)
        case 3:
            _ = try? SealedContent(keyID: keyID, combined: Data(input.rest())).open(using: key)
        default:
            _ = try? StaticKeyProvider(environmentValue: String(decoding: input.rest(), as: UTF8.self))
        }
    }

    /// The pipeline's order (``Enricher``): detect, decrypt with that layout, decode again.
    @discardableResult
    static func decryptAndDecode(_ payload: Payload) -> DecryptionOutcome {
        let original = Preview(payload: payload)
        let layout = original.layout
        let outcome = runBlocking { await Decryptor(keyProvider: keys).decrypt(payload.json, layout: layout) }
        let decrypted = Payload(json: outcome.payload)
        let decoded = Preview(payload: decrypted)
        _ = Linter.lint(decrypted, preview: decoded)
        require(decoded.layout == layout, "decryption changed the detected layout from \(layout.name) to \(decoded.layout.name)")
        if outcome.status == .notEncrypted {
            require(outcome.payload == payload.json, "a payload with nothing sealed was changed")
        } else {
            let again = runBlocking { await Decryptor(keyProvider: keys).decrypt(outcome.payload, layout: layout) }
            require(again.status == .notEncrypted, "a decrypted payload still holds sealed content (\(again.status))")
        }
        return outcome
    }

    static func readField(_ field: JSONValue) {
        guard let content = try? SealedContent(json: field) else { return }
        require((try? SealedContent(json: content.json)) == content, "SealedContent does not read back its own json")
        require((try? SealedContent(json: .string(content.json.jsonText()))) == content, "SealedContent does not read its json as text (FCM)")
        _ = try? content.open(using: key)
    }

    static func sealAndOpen(_ plaintext: Data, carrier: UInt8) {
        let combined = try! AES.GCM.seal(plaintext, using: key, nonce: nonce, authenticating: Data(keyID.utf8)).combined!
        let content = SealedContent(keyID: keyID, combined: combined)
        let parsed = try? JSONValue(parsing: plaintext)
        let isObject = parsed?.objectValue != nil
        switch Result(catching: { () throws(DecryptionError) in try content.open(using: key) }) {
        case .success(let value):
            require(isObject && value == parsed, "opened \(value.jsonText()), sealed \(String(decoding: plaintext, as: UTF8.self))")
        case .failure(let error):
            require(!isObject && error.code == .plaintextNotJSONObject, "a sealed JSON object did not open: \(error)")
        }
        let alert: JSONValue = ["aps": ["alert": ["title": "New message", "body": "You have a new message"], "mutable-content": 1]]
        let payload: JSONValue
        switch carrier % 3 {
        case 0: payload = merged(alert, [SealedContent.fieldName: content.json])
        case 1: payload = merged(alert, ["gcm.message_id": "1", SealedContent.fieldName: .string(content.json.jsonText())])
        default: payload = merged(alert, ["custom": ["i": "id", "a": [SealedContent.fieldName: content.json]]])
        }
        let outcome = decryptAndDecode(Payload(json: payload))
        require(outcome.status == (isObject ? .decrypted : .failed), "sealed content reported \(outcome.status)")
    }

    static func merged(_ base: JSONValue, _ members: [String: JSONValue]) -> JSONValue {
        .object((base.objectValue ?? [:]).merging(members) { _, new in new })
    }

    /// The example's encrypted payload cannot be opened by chance; these are what it holds.
    static var seeds: [(name: String, bytes: [UInt8])] {
        let plaintexts = [
            #"{"title":"Ada","body":"Lunch?","communication":{"sender":{"id":"u1","name":"Ada"}}}"#,
            #"{"body":"hi","sender_full_name":"Ada","stream":"general","sealed":1}"#, #"{"aps":{"alert":"x"},"title":7}"#, "[1]", "",
        ]
        var seeds: [(name: String, bytes: [UInt8])] = []
        for (index, plaintext) in plaintexts.enumerated() {
            for carrier in 0..<3 {
                seeds.append(("sealed-\(index)-\(carrier)", [2, UInt8(carrier)] + Array(plaintext.utf8)))
            }
        }
        let combined = try! AES.GCM.seal(Data(plaintexts[0].utf8), using: key, nonce: nonce, authenticating: Data(keyID.utf8)).combined!
        let field = SealedContent(keyID: keyID, combined: combined).json
        seeds.append(("field", [1] + Array(field.encoded())))
        seeds.append(("field-text", [1] + Array(JSONValue.string(field.jsonText()).encoded())))
        seeds.append(("combined", [3] + Array(combined)))
        seeds.append(("keys", [4] + Array("\(keyID):ah8MnTt+QqWMDx4tPEtaaXiHlqW0w9Lh8A8eLTxLWmk=,b:AAAA".utf8)))
        return seeds
    }
}
