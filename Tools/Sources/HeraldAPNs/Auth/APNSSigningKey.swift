import Crypto
import Foundation

/// The token-auth key from Apple's developer site: the `.p8` file's P-256 key, its key id, and
/// the team id it belongs to.
///
/// The key never appears in a description, an error or a log line.
public struct APNSSigningKey: Sendable, CustomStringConvertible {
    /// The 10-character key id (`kid`).
    public let keyID: String
    /// The 10-character team id (`iss`).
    public let teamID: String
    let privateKey: P256.Signing.PrivateKey

    /// A key from the text of a `.p8` file (PKCS#8 PEM, `-----BEGIN PRIVATE KEY-----`).
    ///
    /// - Parameters:
    ///   - pem: the file's text.
    ///   - keyID: the key id Apple shows beside the key.
    ///   - teamID: the developer team id.
    /// - Throws: ``APNSCredentialError`` when the text is not a P-256 private key in PEM, or an id is empty.
    public init(pem: String, keyID: String, teamID: String) throws(APNSCredentialError) {
        guard !keyID.isEmpty, !teamID.isEmpty else {
            throw APNSCredentialError("the key id and the team id must not be empty")
        }
        do {
            privateKey = try P256.Signing.PrivateKey(pemRepresentation: pem)
        } catch {
            throw APNSCredentialError("the key is not a P-256 private key in PKCS#8 PEM (a .p8 file from Apple's developer site)")
        }
        self.keyID = keyID
        self.teamID = teamID
    }

    /// A key from a `.p8` file.
    ///
    /// - Parameters:
    ///   - file: the file's location.
    ///   - keyID: the key id Apple shows beside the key.
    ///   - teamID: the developer team id.
    /// - Throws: ``APNSCredentialError`` when the file cannot be read or holds no P-256 key.
    public init(contentsOf file: URL, keyID: String, teamID: String) throws(APNSCredentialError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
            throw APNSCredentialError("\(file.path): no such file (the .p8 key from Apple's developer site, Keys)")
        }
        guard !isFolder.boolValue else { throw APNSCredentialError("\(file.path): is a folder, not a .p8 key file") }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw APNSCredentialError("\(file.path): cannot be read (check its permissions)")
        }
        guard let text = String(data: data, encoding: .utf8), !text.contains("\u{0}") else {
            throw APNSCredentialError("\(file.path): is not text; a .p8 key is a text file that starts with -----BEGIN PRIVATE KEY-----")
        }
        do {
            try self.init(pem: text, keyID: keyID, teamID: teamID)
        } catch {
            throw APNSCredentialError("\(file.path): \(error.message)")
        }
    }

    /// The public half, for whoever verifies tokens (the emulator).
    public var publicKey: P256.Signing.PublicKey { privateKey.publicKey }

    public var description: String { "APNSSigningKey(keyID: \(keyID), teamID: \(teamID))" }
}

/// A `.p8` key could not be loaded. The message names the file, never the key's bytes.
public struct APNSCredentialError: Error, Hashable, Sendable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
