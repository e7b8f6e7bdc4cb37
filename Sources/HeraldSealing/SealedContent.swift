import Crypto
import Foundation
import HeraldCore

/// End-to-end encrypted message content as it travels in a push payload: a key id and an
/// AES-256-GCM sealed box.
///
/// The wire format, in the layout's data root (top level for APNs and FCM, `custom.a` for
/// classic OneSignal):
///
/// ```json
/// "sealed": {"kid": "2024-06", "box": "<base64 of nonce ‖ ciphertext ‖ tag>"}
/// ```
///
/// - `box` is `AES.GCM.SealedBox.combined`: a 12-byte random nonce, the ciphertext, and the
///   16-byte tag. Herald writes standard base64 with padding and reads standard or URL-safe
///   base64, padded or not.
/// - The plaintext is a UTF-8 JSON object: `title`, `subtitle`, `body` go to `aps.alert`, every
///   other key into the data root (`Decryptor`).
/// - The UTF-8 bytes of `kid` are the authenticated data, so a box cannot be moved under
///   another key id.
/// - FCM data values are strings, so the whole `sealed` object may arrive as JSON text in a
///   string; ``init(json:)`` accepts both.
public struct SealedContent: Hashable, Sendable {
    /// The payload key that holds sealed content, in the layout's data root.
    public static let fieldName = "sealed"
    /// Bytes of the AES-GCM nonce at the start of ``combined``.
    public static let nonceByteCount = 12
    /// Bytes of the AES-GCM tag at the end of ``combined``.
    public static let tagByteCount = 16
    /// The longest key id accepted, in UTF-8 bytes.
    public static let maximumKeyIDByteCount = 256

    /// Which key sealed the content; also its authenticated data.
    public var keyID: String
    /// Nonce ‖ ciphertext ‖ tag.
    public var combined: Data

    /// Sealed content from its parts, as read from elsewhere; nothing is checked until ``open(using:)``.
    ///
    /// - Parameters:
    ///   - keyID: which key sealed the content.
    ///   - combined: nonce ‖ ciphertext ‖ tag.
    public init(keyID: String, combined: Data) {
        self.keyID = keyID
        self.combined = combined
    }

    /// Reads the value of a payload's `sealed` field.
    ///
    /// - Parameter json: an object `{"kid": string, "box": base64 string}`, or a string holding
    ///   that object as JSON text (FCM).
    /// - Throws: ``DecryptionError`` with code ``DecryptionError/Code/malformedField`` when the
    ///   shape is wrong or the key id is empty, too long or holds control characters,
    ///   ``DecryptionError/Code/badBase64`` when `box` is not base64, and
    ///   ``DecryptionError/Code/truncated`` when it is shorter than a nonce and a tag.
    public init(json: JSONValue) throws(DecryptionError) {
        var value = json
        if case .string(let text) = json {
            do {
                value = try JSONValue(parsing: text)
            } catch {
                throw DecryptionError(.malformedField, "the \(Self.fieldName) field is a string that is not JSON (\(error.code.rawValue) at line \(error.line), column \(error.column))")
            }
        }
        guard case .object(let members) = value else {
            throw DecryptionError(.malformedField, "the \(Self.fieldName) field is a \(value.typeName), not an object with kid and box")
        }
        guard let keyID = members["kid"]?.stringValue else {
            throw DecryptionError(.malformedField, "the \(Self.fieldName) field has no string kid")
        }
        try Self.validate(keyID: keyID)
        guard let boxText = members["box"]?.stringValue else {
            throw DecryptionError(.malformedField, "the \(Self.fieldName) field for key id \"\(keyID)\" has no string box")
        }
        guard let combined = Data(lenientBase64: boxText) else {
            throw DecryptionError(.badBase64, "the box for key id \"\(keyID)\" is not base64")
        }
        guard combined.count >= Self.nonceByteCount + Self.tagByteCount else {
            throw DecryptionError(.truncated, "the box for key id \"\(keyID)\" is \(combined.count) bytes, shorter than a 12-byte nonce and a 16-byte tag")
        }
        self.init(keyID: keyID, combined: combined)
    }

    /// The `sealed` field's value: `{"kid": ..., "box": standard padded base64}`.
    ///
    /// For FCM, whose data values must be strings, send `json.jsonText()`.
    public var json: JSONValue {
        .object(["kid": .string(keyID), "box": .string(combined.base64EncodedString())])
    }

    /// Seals a JSON object for a payload: the server side of ``open(using:)``.
    ///
    /// Each call draws a fresh random nonce, so sealing the same content twice gives different
    /// boxes.
    ///
    /// - Parameters:
    ///   - plaintext: the content; must be a JSON object (`title`, `subtitle`, `body`, and any
    ///     data keys such as `communication`).
    ///   - keyID: the id the phone looks the key up by; bound to the box as authenticated data.
    ///   - key: a 32-byte AES-256 key.
    /// - Returns: the sealed content; put ``json`` under ``fieldName`` in the data root.
    /// - Throws: ``DecryptionError`` with code ``DecryptionError/Code/plaintextNotJSONObject``,
    ///   ``DecryptionError/Code/malformedField`` (bad key id), ``DecryptionError/Code/invalidKey``
    ///   or ``DecryptionError/Code/sealingFailed``.
    public static func seal(_ plaintext: JSONValue, keyID: String, using key: SymmetricKey) throws(DecryptionError) -> SealedContent {
        try seal(plaintext, keyID: keyID, using: key, nonce: nil)
    }

    /// ``seal(_:keyID:using:)`` with a chosen nonce, for known-answer tests only: a nonce must
    /// never be used twice with one key.
    static func seal(_ plaintext: JSONValue, keyID: String, using key: SymmetricKey, nonce: AES.GCM.Nonce?) throws(DecryptionError) -> SealedContent {
        guard case .object = plaintext else {
            throw DecryptionError(.plaintextNotJSONObject, "sealed content must be a JSON object, not a \(plaintext.typeName)")
        }
        try validate(keyID: keyID)
        try requireAES256(key, keyID: keyID)
        let combined: Data?
        do {
            combined = try AES.GCM.seal(plaintext.encoded(), using: key, nonce: nonce, authenticating: Data(keyID.utf8)).combined
        } catch {
            throw DecryptionError(.sealingFailed, "AES-GCM sealing under key id \"\(keyID)\" failed")
        }
        guard let combined else {
            throw DecryptionError(.sealingFailed, "AES-GCM gave no combined box under key id \"\(keyID)\" (nonce is not 12 bytes)")
        }
        return SealedContent(keyID: keyID, combined: combined)
    }

    /// Opens the box and reads the content.
    ///
    /// - Parameter key: the 32-byte key the provider holds for ``keyID``.
    /// - Returns: the content, always a JSON object.
    /// - Throws: ``DecryptionError`` with code ``DecryptionError/Code/invalidKey`` (not 32
    ///   bytes), ``DecryptionError/Code/truncated``, ``DecryptionError/Code/authenticationFailed``
    ///   (wrong key, another key id, or altered bytes) or
    ///   ``DecryptionError/Code/plaintextNotJSONObject``.
    public func open(using key: SymmetricKey) throws(DecryptionError) -> JSONValue {
        try Self.requireAES256(key, keyID: keyID)
        guard combined.count >= Self.nonceByteCount + Self.tagByteCount else {
            throw DecryptionError(.truncated, "the box for key id \"\(keyID)\" is \(combined.count) bytes, shorter than a 12-byte nonce and a 16-byte tag")
        }
        let plaintext: Data
        do {
            let box = try AES.GCM.SealedBox(combined: combined)
            plaintext = try AES.GCM.open(box, using: key, authenticating: Data(keyID.utf8))
        } catch {
            throw DecryptionError(.authenticationFailed, "the box for key id \"\(keyID)\" did not authenticate: wrong key, or the box or its key id was altered")
        }
        let value: JSONValue
        do {
            value = try JSONValue(parsing: plaintext)
        } catch {
            // Position only: the detail could quote decrypted text, which stays out of logs.
            throw DecryptionError(.plaintextNotJSONObject, "the content under key id \"\(keyID)\" is not JSON (\(error.code.rawValue) at line \(error.line), column \(error.column))")
        }
        guard case .object = value else {
            throw DecryptionError(.plaintextNotJSONObject, "the content under key id \"\(keyID)\" is a JSON \(value.typeName), not an object")
        }
        return value
    }

    /// Checks a key id: not empty, at most ``maximumKeyIDByteCount`` bytes, no control
    /// characters (it is quoted in one-line messages).
    static func validate(keyID: String) throws(DecryptionError) {
        guard !keyID.isEmpty else {
            throw DecryptionError(.malformedField, "the key id is empty")
        }
        guard keyID.utf8.count <= maximumKeyIDByteCount else {
            throw DecryptionError(.malformedField, "the key id is \(keyID.utf8.count) bytes, longer than \(maximumKeyIDByteCount)")
        }
        guard !keyID.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw DecryptionError(.malformedField, "the key id holds control characters")
        }
    }

    /// Checks that a key is AES-256's 32 bytes; AES-GCM would accept 16 or 24 too.
    static func requireAES256(_ key: SymmetricKey, keyID: String) throws(DecryptionError) {
        guard key.bitCount == 256 else {
            throw DecryptionError(.invalidKey, "the key for key id \"\(keyID)\" is \(key.bitCount / 8) bytes; AES-256 needs 32")
        }
    }
}
