#if canImport(Security)
import Foundation
import Security

// UNVERIFIED: compiled only on Apple platforms; no Apple SDK exists where Herald is built.

/// A generic password in the keychain the app shares with its extension: the one read both
/// decryption keys and the content token go through.
struct KeychainItem {
    let service: String
    let account: String
    /// The access group searched; `nil` searches every group the extension can read.
    let accessGroup: String?

    /// The item's data; `nil` when there is no such item.
    ///
    /// macOS is asked for the data protection keychain, where access groups apply; iOS ignores
    /// the key (Apple: "safe to use on all platforms").
    ///
    /// - Throws: ``KeychainReadError`` with the keychain's status when it refuses (before the
    ///   first unlock: `errSecInteractionNotAllowed`).
    func data() throws(KeychainReadError) -> Data? {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: service,
            kSecAttrAccount as String: account,
            kSecReturnData as String: true,
            kSecMatchLimit as String: kSecMatchLimitOne,
            kSecUseDataProtectionKeychain as String: true,
        ]
        if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        var item: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &item)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = item as? Data else { throw KeychainReadError(status: status) }
        return data
    }
}

/// The keychain refused a read, with its status (never the item's contents).
public struct KeychainReadError: Error, CustomStringConvertible {
    /// The `OSStatus` the keychain answered.
    public let status: OSStatus
    public var description: String { "the keychain answered \(status)" }
}
#endif
