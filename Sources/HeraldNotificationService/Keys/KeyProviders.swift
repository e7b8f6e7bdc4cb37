import HeraldEnrichment

/// The key provider a configuration names, where the platform has one.
enum KeyProviders {
    /// The shared keychain's keys when `KeychainGroup` is configured and the platform has a
    /// keychain; `nil` otherwise (encrypted payloads then show the fallback text).
    static func standard(for configuration: ServiceConfiguration) -> (any KeyProvider)? {
        guard let group = configuration.keychainGroup else { return nil }
        return keychain(accessGroup: group)
    }

    /// The content token from the shared keychain, where the platform has one; `nil` otherwise
    /// (fetched content is then requested without a token).
    static func contentToken(accessGroup: String?) -> (any ContentTokenProvider)? {
        keychainContentToken(accessGroup: accessGroup)
    }
}
