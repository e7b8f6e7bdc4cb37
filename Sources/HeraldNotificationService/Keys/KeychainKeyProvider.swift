#if canImport(Security)
import Crypto
import Foundation
import HeraldEnrichment
import HeraldSealing
import Security

// UNVERIFIED: compiled only on Apple platforms; no Apple SDK exists where Herald is built.

/// Decryption keys from the keychain the app shares with its extension.
///
/// The app stores each key as a generic password: service ``service``, account = the key id,
/// data = the 32 key bytes, in the access group the extension's Info.plist names
/// (`Herald.KeychainGroup`), with an accessibility that allows reads while locked after first
/// unlock (`kSecAttrAccessibleAfterFirstUnlock`), since pushes arrive on a locked phone. On
/// macOS the app stores it in the data protection keychain (`kSecUseDataProtectionKeychain`),
/// where this provider looks.
public struct KeychainKeyProvider: KeyProvider {
    /// The keychain service under which Herald's keys are stored.
    public static let service = "dev.herald.decryption-keys"

    /// The keychain access group searched; `nil` leaves it out of the query, so every group the
    /// extension can read is searched.
    public let accessGroup: String?

    /// - Parameter accessGroup: the shared keychain access group; `nil` for the extension's own.
    public init(accessGroup: String?) {
        self.accessGroup = accessGroup
    }

    /// The key the app stored under `keyID`.
    ///
    /// - Parameter keyID: the `kid` of the payload's sealed field, the item's account.
    /// - Returns: the key, or `nil` when the keychain holds none under that id.
    /// - Throws: `DecryptionError` with code `keyProviderFailed` when the keychain cannot be
    ///   read, or `invalidKey` when the stored key is not 32 bytes.
    public func key(for keyID: String) async throws -> SymmetricKey? {
        let data: Data
        do throws(KeychainReadError) {
            guard let stored = try KeychainItem(service: Self.service, account: keyID, accessGroup: accessGroup).data() else { return nil }
            data = stored
        } catch {
            throw DecryptionError(.keyProviderFailed, "\(error) for key id \(keyID)")
        }
        guard data.count == 32 else {
            throw DecryptionError(.invalidKey, "the keychain key for \(keyID) is \(data.count) bytes, not 32")
        }
        return SymmetricKey(data: data)
    }
}
#endif
