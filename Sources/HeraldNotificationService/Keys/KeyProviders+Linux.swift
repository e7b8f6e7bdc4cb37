#if !canImport(Security)
import HeraldEnrichment

extension KeyProviders {
    /// No keychain here (Linux): no keys.
    static func keychain(accessGroup: String) -> (any KeyProvider)? {
        nil
    }

    /// No keychain here (Linux): no content token.
    static func keychainContentToken(accessGroup: String?) -> (any ContentTokenProvider)? {
        nil
    }
}
#endif
