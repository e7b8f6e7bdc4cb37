import Crypto
import Foundation
import HeraldCore
@_spi(HeraldTools) import HeraldSealing

/// Where ``Decryptor`` gets the key that opens a payload's sealed content.
///
/// On iOS, implement it over the keychain access group the app shares with its extension; the
/// `herald` command and servers use ``StaticKeyProvider``.
public protocol KeyProvider: Sendable {
    /// The key for a key id.
    ///
    /// - Parameter keyID: the `kid` of the payload's sealed field.
    /// - Returns: the 32-byte AES-256 key, or `nil` when this provider has no key with that id.
    /// - Throws: when the store could not be read. The error's description reaches a
    ///   ``/HeraldCore/Decision``, so it must not hold key material.
    func key(for keyID: String) async throws -> SymmetricKey?
}

/// Keys held in memory, by key id: for tests, the `herald` command and servers.
///
/// Load them from a key file with ``init(keyFile:)`` or from ``environmentVariable`` with
/// ``init(environmentValue:)``.
public struct StaticKeyProvider: KeyProvider {
    /// The environment variable the `herald` command reads keys from:
    /// `kid:base64key[,kid2:base64key]`.
    public static let environmentVariable = "HERALD_DECRYPTION_KEYS"

    /// The keys' bytes, by key id (see `SymmetricKey.bytes` for why not the keys themselves).
    private var keyBytes: [String: Data]

    /// The keys, by key id.
    public var keys: [String: SymmetricKey] {
        get { keyBytes.mapValues { SymmetricKey(data: $0) } }
        set { keyBytes = newValue.mapValues(\.bytes) }
    }

    /// A provider over keys already in memory; their sizes are checked when used.
    ///
    /// - Parameter keys: the keys by key id.
    public init(keys: [String: SymmetricKey]) {
        self.keyBytes = keys.mapValues(\.bytes)
    }

    /// Loads keys from a JSON key file: `{"keys": {"<kid>": "<base64 of 32 bytes>", ...}}`.
    ///
    /// - Parameter keyFile: the file's URL.
    /// - Throws: ``/HeraldSealing/DecryptionError`` with code
    ///   ``/HeraldSealing/DecryptionError/Code/keyProviderFailed`` when the file cannot be read, is
    ///   not JSON of that shape, or holds no keys;
    ///   ``/HeraldSealing/DecryptionError/Code/badBase64`` or
    ///   ``/HeraldSealing/DecryptionError/Code/invalidKey`` (not 32 bytes) naming the key id whose
    ///   key is wrong.
    public init(keyFile: URL) throws(DecryptionError) {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: keyFile)
        } catch {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: keyFile.path, isDirectory: &isFolder)
            let why = !exists ? "no such file" : isFolder.boolValue ? "it is a folder" : "no permission to read it"
            throw DecryptionError(.keyProviderFailed, "cannot read key file \(keyFile.path): \(why)")
        }
        let document: JSONValue
        do {
            document = try JSONValue(parsing: bytes)
        } catch {
            // Position only: the parser's detail could quote part of a key.
            throw DecryptionError(.keyProviderFailed, "key file \(keyFile.path) is not JSON (\(error.code == .emptyInput ? "it is empty" : "\(error.code.rawValue) at line \(error.line), column \(error.column)"))")
        }
        guard let entries = document["keys"]?.objectValue else {
            throw DecryptionError(.keyProviderFailed, "key file \(keyFile.path) has no \"keys\" object")
        }
        guard !entries.isEmpty else {
            throw DecryptionError(.keyProviderFailed, "key file \(keyFile.path) holds no keys")
        }
        var keys: [String: SymmetricKey] = [:]
        for keyID in entries.keys.sorted() {
            guard let text = entries[keyID]?.stringValue else {
                throw DecryptionError(.keyProviderFailed, "key \"\(keyID)\" in key file \(keyFile.path) is a \(entries[keyID]?.typeName ?? "null"), not a base64 string")
            }
            keys[keyID] = try Self.key(base64: text, keyID: keyID)
        }
        self.init(keys: keys)
    }

    /// Loads keys from the value of ``environmentVariable``: `kid:base64key[,kid2:base64key]`.
    ///
    /// Whitespace around entries, key ids and keys is ignored, and so are empty entries. A key id
    /// cannot contain `:` or `,`; use a key file for such ids.
    ///
    /// - Parameter environmentValue: the variable's value.
    /// - Throws: ``/HeraldSealing/DecryptionError`` with code
    ///   ``/HeraldSealing/DecryptionError/Code/keyProviderFailed`` when an entry is not
    ///   `kid:base64key`, a key id repeats, or there are no keys;
    ///   ``/HeraldSealing/DecryptionError/Code/badBase64`` or
    ///   ``/HeraldSealing/DecryptionError/Code/invalidKey`` (not 32 bytes) naming the key id whose
    ///   key is wrong.
    public init(environmentValue: String) throws(DecryptionError) {
        let variable = Self.environmentVariable
        var keys: [String: SymmetricKey] = [:]
        let entries = environmentValue.split(separator: ",", omittingEmptySubsequences: false)
        for (index, entry) in entries.enumerated() {
            let trimmed = entry.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { continue }
            // The entry is never quoted: without its colon it may be a bare key.
            guard let colon = trimmed.firstIndex(of: ":") else {
                throw DecryptionError(.keyProviderFailed, "entry \(index + 1) of \(variable) is not kid:base64key")
            }
            let keyID = trimmed[..<colon].trimmingCharacters(in: .whitespaces)
            let text = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            guard !keyID.isEmpty else {
                throw DecryptionError(.keyProviderFailed, "entry \(index + 1) of \(variable) has an empty key id")
            }
            guard keys[keyID] == nil else {
                throw DecryptionError(.keyProviderFailed, "key id \"\(keyID)\" appears twice in \(variable)")
            }
            keys[keyID] = try Self.key(base64: text, keyID: keyID)
        }
        guard !keys.isEmpty else {
            throw DecryptionError(.keyProviderFailed, "\(variable) holds no keys")
        }
        self.init(keys: keys)
    }

    public func key(for keyID: String) -> SymmetricKey? {
        keyBytes[keyID].map { SymmetricKey(data: $0) }
    }

    /// A 32-byte key from base64 (standard or URL-safe, padded or not).
    static func key(base64 text: String, keyID: String) throws(DecryptionError) -> SymmetricKey {
        guard let bytes = Data(lenientBase64: text) else {
            throw DecryptionError(.badBase64, "the key for key id \"\(keyID)\" is not base64")
        }
        guard bytes.count == 32 else {
            throw DecryptionError(.invalidKey, "the key for key id \"\(keyID)\" is \(bytes.count) bytes; AES-256 needs 32")
        }
        return SymmetricKey(data: bytes)
    }
}
