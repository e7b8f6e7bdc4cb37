#if canImport(Security)
import Foundation
import HeraldEnrichment
import Security

// UNVERIFIED: compiled only on Apple platforms; no Apple SDK exists where Herald is built.

/// The bearer token for fetched content, from the keychain the app shares with its extension:
/// the generic password ``ContentSource/keychainService`` / ``ContentSource/keychainAccount``
/// that HeraldApp's `ContentToken` stores, readable after first unlock.
///
/// Before the first unlock after a restart the keychain refuses the read
/// (`errSecInteractionNotAllowed`): the fetch then fails with `no-token`, and the fallback text
/// is shown.
public struct KeychainContentToken: ContentTokenProvider {
    /// The keychain access group searched; `nil` searches every group the extension can read.
    public let accessGroup: String?

    /// - Parameter accessGroup: the shared keychain access group (`KeychainGroup`).
    public init(accessGroup: String?) {
        self.accessGroup = accessGroup
    }

    /// The token the app saved with HeraldApp's `ContentToken`.
    ///
    /// - Returns: the token, or `nil` when the app saved none.
    /// - Throws: ``KeychainReadError`` when the keychain cannot be read (before the first
    ///   unlock, for one).
    public func token() async throws -> String? {
        let item = KeychainItem(service: ContentSource.keychainService, account: ContentSource.keychainAccount, accessGroup: accessGroup)
        return try item.data().map { String(decoding: $0, as: UTF8.self) }
    }
}
#endif
