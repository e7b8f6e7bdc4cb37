#if !canImport(Security)
import HeraldEnrichment

extension KeyProviders {
    /// No keychain here (Linux): no keys.
    static func keychain(accessGroup: String) -> (any KeyProvider)? {
        nil
    }
}
#endif
