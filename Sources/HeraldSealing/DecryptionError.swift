/// Why sealed content could not be read, opened, sealed, or why a key could not be loaded.
///
/// The ``code`` is what a caller branches on and what tests compare; the ``message`` is one
/// line for a person. A message may name a key id, a file path or an environment variable, but
/// never holds key material, so it is safe to log and to show in a preview.
public struct DecryptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable name for the kind of failure.
    ///
    /// An open set: a custom `KeyProvider` may define its own codes as static constants in an
    /// extension.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// The `sealed` field is not an object (or JSON text of one) with string `kid` and `box`.
        public static let malformedField = Code(rawValue: "malformed-field")
        /// The box, or a key, is not base64 (standard or URL-safe, padded or not).
        public static let badBase64 = Code(rawValue: "bad-base64")
        /// The box is shorter than a 12-byte nonce and a 16-byte tag.
        public static let truncated = Code(rawValue: "truncated")
        /// The key provider has no key for the payload's key id.
        public static let unknownKeyID = Code(rawValue: "unknown-key-id")
        /// The box did not authenticate: wrong key, a different key id, or tampered bytes.
        public static let authenticationFailed = Code(rawValue: "authentication-failed")
        /// The opened (or to-be-sealed) plaintext is not a JSON object.
        public static let plaintextNotJSONObject = Code(rawValue: "plaintext-not-json-object")
        /// A key is not exactly 32 bytes, as AES-256 needs.
        public static let invalidKey = Code(rawValue: "invalid-key")
        /// The key provider failed, or keys could not be loaded from a file or the environment.
        public static let keyProviderFailed = Code(rawValue: "key-provider-failed")
        /// A sealed field arrived but no key provider is configured.
        public static let noKeyProvider = Code(rawValue: "no-key-provider")
        /// AES-GCM sealing itself failed.
        public static let sealingFailed = Code(rawValue: "sealing-failed")

        public var description: String { rawValue }
    }

    /// What went wrong, as a stable code.
    public let code: Code
    /// One line for a person; never key material.
    public let message: String

    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - message: one line for a person; must not contain key material.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
