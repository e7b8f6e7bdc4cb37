#if canImport(Security)
import HeraldEnrichment

extension KeyProviders {
    static func keychain(accessGroup: String) -> (any KeyProvider)? {
        KeychainKeyProvider(accessGroup: accessGroup)
    }
}
#endif
