import Crypto
import HeraldCore
@_spi(HeraldTools) import HeraldSealing

extension PayloadBuilder.Sealing {
    /// Seals with AES-256-GCM as ``SealedContent``, the format the extension's ``Decryptor``
    /// opens.
    ///
    /// - Parameters:
    ///   - keyID: the id the phone looks the key up by.
    ///   - key: a 32-byte AES-256 key.
    ///   - placeholderTitle: the alert title shown if the content cannot be opened.
    ///   - placeholderBody: the alert body shown if the content cannot be opened.
    /// - Returns: a sealing that writes `{"kid", "box"}` under ``SealedContent/fieldName``; it
    ///   throws ``DecryptionError`` (bad key id or key), which the builder reports as
    ///   ``PayloadBuildError/Code/sealingFailed``.
    public static func aesGCM(keyID: String, key: SymmetricKey, placeholderTitle: String? = nil, placeholderBody: String = "New message") -> Self {
        // Bytes, not the key, cross into the Sendable closure: see `SymmetricKey.bytes`.
        let bytes = key.bytes
        return Self(fieldName: SealedContent.fieldName, placeholderTitle: placeholderTitle, placeholderBody: placeholderBody) { plaintext in
            try SealedContent.seal(plaintext, keyID: keyID, using: SymmetricKey(data: bytes)).json
        }
    }
}
