import ArgumentParser
import Foundation
import HeraldEnrichment

/// `--decryption-keys`: the keys that open end-to-end encrypted payloads, for the commands
/// that preview them.
///
/// It was `--key-file`, which `send` and `apns-emulator` use for the `.p8` signing key; the
/// old name still works, hidden, and says so on standard error.
struct DecryptionOptions: ParsableArguments {
    @Option(
        name: .customLong("decryption-keys"),
        help: ArgumentHelp("Decryption keys: a JSON file {\"keys\": {\"<kid>\": \"<base64 32-byte key>\"}}.", valueName: "file"))
    var decryptionKeys: String?

    @Option(name: .customLong("key-file"), help: .hidden)
    var deprecatedKeyFile: String?

    func validate() throws {
        if decryptionKeys != nil, deprecatedKeyFile != nil { throw ValidationError("give --decryption-keys once (--key-file is its old name)") }
    }

    /// Keys from --decryption-keys, else from HERALD_DECRYPTION_KEYS, else none.
    ///
    /// - Throws: ``CLIError`` (status 2) when the file or the variable cannot be read.
    func keys() throws(CLIError) -> (any KeyProvider)? {
        if deprecatedKeyFile != nil {
            printError("--key-file is now --decryption-keys here (--key-file names the .p8 signing key in send and apns-emulator); the old name will go")
        }
        let keyFile = decryptionKeys ?? deprecatedKeyFile
        do {
            if let keyFile {
                return try StaticKeyProvider(keyFile: URL(fileURLWithPath: keyFile))
            }
            if let value = ProcessInfo.processInfo.environment[StaticKeyProvider.environmentVariable] {
                return try StaticKeyProvider(environmentValue: value)
            }
            return nil
        } catch {
            // The file's messages name it already.
            throw .usage(keyFile == nil ? "\(StaticKeyProvider.environmentVariable): \(error.message)" : error.message)
        }
    }
}
