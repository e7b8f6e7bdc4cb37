import ArgumentParser
import Foundation
import HeraldEnrichment

/// `--key-file`: the keys that open end-to-end encrypted payloads, for the commands that
/// preview them.
struct DecryptionOptions: ParsableArguments {
    @Option(name: .customLong("key-file"), help: ArgumentHelp("Decryption keys: a JSON file {\"keys\": {\"<kid>\": \"<base64 32-byte key>\"}}.", valueName: "file"))
    var keyFile: String?

    /// Keys from --key-file, else from HERALD_DECRYPTION_KEYS, else none.
    ///
    /// - Throws: ``CLIError`` (status 2) when the file or the variable cannot be read.
    func keys() throws(CLIError) -> (any KeyProvider)? {
        do {
            if let keyFile {
                return try StaticKeyProvider(keyFile: URL(fileURLWithPath: keyFile))
            }
            if let value = ProcessInfo.processInfo.environment[StaticKeyProvider.environmentVariable] {
                return try StaticKeyProvider(environmentValue: value)
            }
            return nil
        } catch {
            throw .usage(keyFile.map { "\($0): \(error.message)" } ?? "\(StaticKeyProvider.environmentVariable): \(error.message)")
        }
    }
}
