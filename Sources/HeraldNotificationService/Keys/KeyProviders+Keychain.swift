#if canImport(Security)
import HeraldEnrichment

extension KeyProviders {
    static func keychain(accessGroup: String) -> (any KeyProvider)? {
        KeychainKeyProvider(accessGroup: accessGroup)
    }

    static func keychainContentToken(accessGroup: String?) -> (any ContentTokenProvider)? {
        KeychainContentToken(accessGroup: accessGroup)
    }
}
#endif
