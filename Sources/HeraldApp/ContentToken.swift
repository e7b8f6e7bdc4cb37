#if canImport(Security)
import Foundation
import HeraldEnrichment
import Security

// UNVERIFIED: compiled only on Apple platforms; no Apple SDK exists where Herald is built and
// tested, and no device has read the item from an extension yet.

/// The bearer token the extension sends when it fetches a message whose push carries only ids:
/// stored by the app where the extension reads it.
///
/// The item is a generic password (``ContentSource/keychainService``,
/// ``ContentSource/keychainAccount``) in the keychain access group the app and the extension
/// share (the extension's `KeychainGroup`), readable after the first unlock and on this device
/// only (`kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`): pushes arrive on a locked phone, so
/// the default, readable only while unlocked, would fail every fetch; and a bearer token has no
/// business travelling to another device in a backup.
///
/// ```swift
/// try ContentToken(accessGroup: "ABCDE12345.com.example.shared").save(session.pushToken)  // after sign-in
/// try ContentToken(accessGroup: "ABCDE12345.com.example.shared").delete()  // at sign-out
/// ```
///
/// Give the extension a token of its own, scoped to reading messages, rather than the app's
/// session token: it leaves the app's process on every push.
public struct ContentToken: Sendable {
    /// The shared keychain access group, with its team prefix.
    public let accessGroup: String

    /// - Parameter accessGroup: the group the extension's `KeychainGroup` names.
    public init(accessGroup: String) {
        self.accessGroup = accessGroup
    }

    private var item: [String: Any] {
        [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: ContentSource.keychainService,
            kSecAttrAccount as String: ContentSource.keychainAccount,
            kSecAttrAccessGroup as String: accessGroup,
            kSecUseDataProtectionKeychain as String: true,
        ]
    }

    /// Stores `token`, replacing any stored before.
    ///
    /// - Throws: ``ContentTokenError`` with the keychain's status when it refuses.
    public func save(_ token: String) throws(ContentTokenError) {
        let data = Data(token.utf8)
        let attributes: [String: Any] = [kSecValueData as String: data, kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]
        var status = SecItemUpdate(item as CFDictionary, attributes as CFDictionary)
        if status == errSecItemNotFound {
            status = SecItemAdd(item.merging(attributes) { $1 } as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw ContentTokenError(status: status) }
    }

    /// Removes the token, so the extension fetches nothing with it (at sign-out).
    ///
    /// - Throws: ``ContentTokenError`` when the keychain refuses; none when there was no token.
    public func delete() throws(ContentTokenError) {
        let status = SecItemDelete(item as CFDictionary)
        guard status == errSecSuccess || status == errSecItemNotFound else { throw ContentTokenError(status: status) }
    }
}

/// The keychain refused to store or remove the content token.
public struct ContentTokenError: Error, Hashable, CustomStringConvertible {
    /// The keychain's `OSStatus`.
    public let status: OSStatus
    public var description: String { "the keychain refused the content token (status \(status))" }
}
#endif
