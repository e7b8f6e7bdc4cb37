import ArgumentParser
import Foundation
import HeraldEnrichment
import HeraldSending

/// `--seal-keys` and `--seal-key-id`: end-to-end encryption of a built message, for `send apns`
/// and `request`.
struct SealingOptions: ParsableArguments {
    @Option(name: .customLong("seal-keys"), help: ArgumentHelp("Encrypt the built message end to end with a key from this keys file, the format of preview's --decryption-keys ({\"keys\": {\"<kid>\": \"<base64>\"}}).", valueName: "file"))
    var sealKeyFile: String?

    @Option(name: .customLong("seal-key-id"), help: ArgumentHelp("Which key of --seal-keys to seal with.", valueName: "kid"))
    var sealKeyID: String?

    /// Whether sealing was asked for.
    var isSealing: Bool { sealKeyFile != nil }

    func validate() throws {
        if (sealKeyFile == nil) != (sealKeyID == nil) { throw ValidationError("--seal-keys and --seal-key-id go together") }
    }

    /// The sealing the options name, with the key read from the keys file; `nil` when none.
    func sealing() throws(CLIError) -> PayloadBuilder.Sealing? {
        guard let sealKeyFile, let sealKeyID else { return nil }
        let keys: StaticKeyProvider
        do {
            keys = try StaticKeyProvider(keyFile: URL(fileURLWithPath: sealKeyFile))
        } catch {
            throw .usage("\(sealKeyFile): \(error.message)")
        }
        guard let key = keys.key(for: sealKeyID) else { throw .usage("\(sealKeyFile) has no key \(sealKeyID)") }
        return .aesGCM(keyID: sealKeyID, key: key)
    }
}
