import Crypto
import Foundation
import HeraldCore
import HeraldSending
import HeraldEnrichment
import Testing

/// The server's sealed payload, opened by the extension's decryptor: one format, both ends.
@Suite struct SealedPayloadTests {
    static let key = SymmetricKey(size: .bits256)
    static let message = Message(
        sender: Person(identifier: "user-1842", displayName: "Maya Lindqvist"),
        conversationIdentifier: "conv-8c2f1e", groupName: "Weekend climbing", recipients: ["a", "b"])

    @Test(arguments: [Layout.apns, .oneSignal, .fcm])
    func theDecryptorOpensWhatTheBuilderSealed(layout: Layout) async throws {
        let builder = PayloadBuilder(layout: layout, sealing: .aesGCM(keyID: "2026-11", key: Self.key))
        let built = try builder.build(OutgoingMessage(message: Self.message, text: "Rope is packed."))
        // Nothing readable travels in the clear.
        let clear = String(decoding: built.data, as: UTF8.self)
        #expect(!clear.contains("Maya") && !clear.contains("Rope") && !clear.contains("conv-8c2f1e"))

        let outcome = await Decryptor(keyProvider: StaticKeyProvider(keys: ["2026-11": Self.key])).decrypt(built.json, layout: layout)
        #expect(outcome.status == .decrypted)
        let preview = Preview(payload: Payload(json: outcome.payload), layout: layout)
        #expect(preview.message == Self.message)
        #expect(preview.content.title == "Maya Lindqvist")
        #expect(preview.content.subtitle == "Weekend climbing")
        #expect(preview.content.body == "Rope is packed.")
        #expect(preview.content.threadIdentifier == "conv-8c2f1e")
    }

    @Test func aWrongKeyShowsThePlaceholderNotTheText() async throws {
        let builder = PayloadBuilder(sealing: .aesGCM(keyID: "2026-11", key: Self.key, placeholderBody: "New message"))
        let built = try builder.build(OutgoingMessage(message: Self.message, text: "Rope is packed."))
        let outcome = await Decryptor(keyProvider: StaticKeyProvider(keys: ["2026-11": SymmetricKey(size: .bits256)])).decrypt(built.json, layout: .apns)
        #expect(outcome.status == .failed)
        #expect(Preview(payload: Payload(json: built.json)).content.body == "New message")
    }

    @Test func sealingWithABadKeyIsAPayloadError() {
        let builder = PayloadBuilder(sealing: .aesGCM(keyID: "k", key: SymmetricKey(size: .bits128)))
        #expect(throws: PayloadBuildError.self) { try builder.build(OutgoingMessage(message: Self.message, text: "x")) }
    }
}
