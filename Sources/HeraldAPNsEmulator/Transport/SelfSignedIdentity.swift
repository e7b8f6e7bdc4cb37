import Crypto
import Foundation
import SwiftASN1
import X509

/// A self-signed P-256 certificate for `localhost` and `127.0.0.1`, and its key, made at start.
///
/// The certificate is its own trust root: a client that trusts ``certificatePEM`` (what
/// `herald apns-emulator --ca-out` writes) accepts the emulator, and nothing else changes in
/// its trust store.
public struct SelfSignedIdentity: Sendable {
    /// The certificate in PEM.
    public let certificatePEM: String
    /// The private key in PKCS#8 PEM.
    let privateKeyPEM: String

    /// A certificate and key from PEM text (`--cert` and `--key`).
    ///
    /// - Parameters:
    ///   - certificatePEM: the certificate chain, leaf first.
    ///   - privateKeyPEM: its private key.
    public init(certificatePEM: String, privateKeyPEM: String) {
        self.certificatePEM = certificatePEM
        self.privateKeyPEM = privateKeyPEM
    }

    /// Makes a new certificate, valid from five minutes ago (clock skew) for `validity`.
    ///
    /// - Parameter validity: how long it is valid; default a week.
    /// - Throws: an error of swift-certificates if the certificate cannot be built (not expected).
    public static func generate(validity: TimeInterval = 7 * 24 * 3600) throws -> SelfSignedIdentity {
        let signingKey = P256.Signing.PrivateKey()
        let key = Certificate.PrivateKey(signingKey)
        let name = try DistinguishedName {
            OrganizationName("Herald APNs emulator")
            CommonName("localhost")
        }
        let extensions = try Certificate.Extensions {
            // Its own trust root, which may sign nothing below it.
            Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
            Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            try ExtendedKeyUsage([.serverAuth])
            SubjectAlternativeNames([.dnsName("localhost"), .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1]))])
            SubjectKeyIdentifier(hash: key.publicKey)
        }
        let now = Date()
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: key.publicKey,
            notValidBefore: now.addingTimeInterval(-300), notValidAfter: now.addingTimeInterval(validity),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256, extensions: extensions, issuerPrivateKey: key)
        return SelfSignedIdentity(certificatePEM: try certificate.serializeAsPEM().pemString, privateKeyPEM: signingKey.pemRepresentation)
    }
}
