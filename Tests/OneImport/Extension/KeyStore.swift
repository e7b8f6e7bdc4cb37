import HeraldNotificationService

/// Decryption keys held by the extension itself, as an app with its own key store would write
/// one.
nonisolated struct KeyStore: KeyProvider {
    /// The body the configuration shows for content the store cannot open.
    static let fallbackText = "New message (locked)"

    let keys: [String: SymmetricKey]

    func key(for keyID: String) async throws -> SymmetricKey? {
        guard !keyID.isEmpty else { throw DecryptionError(.keyProviderFailed, "an empty key id") }
        return keys[keyID]
    }
}
