import Crypto
import Foundation
import SwiftASN1
import X509

/// The emulator's TLS identity: by default a private certificate authority, made at start, and
/// a server certificate for `localhost` and `127.0.0.1` that it signed.
///
/// As with APNs, the server's certificate is not itself an authority: a client trusts the
/// authority (``trustRootPEM``, what `herald apns-emulator --ca-out` writes), and a client that
/// would accept any certificate as its own root is not what passes.
public struct EmulatorIdentity: Sendable {
    /// What the server presents: its certificate, then any that signed it.
    public let certificateChainPEM: String
    /// What a client trusts.
    public let trustRootPEM: String
    /// The server certificate's private key in PKCS#8 PEM.
    let privateKeyPEM: String

    /// A certificate and key from PEM text (`--tls-cert` and `--tls-key`).
    ///
    /// - Parameters:
    ///   - certificateChainPEM: the certificate chain, leaf first.
    ///   - privateKeyPEM: the leaf's private key.
    ///   - trustRootPEM: what a client should trust; `nil` passes on the chain as given.
    public init(certificateChainPEM: String, privateKeyPEM: String, trustRootPEM: String? = nil) {
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
        self.trustRootPEM = trustRootPEM ?? certificateChainPEM
    }

    /// Makes a new authority and server certificate, valid from five minutes ago (clock skew)
    /// for `validity`.
    ///
    /// - Parameters:
    ///   - validity: how long both are valid; default a week.
    ///   - names: what the server certificate is for: host names, and IPv4 addresses as text;
    ///     default `localhost` and `127.0.0.1`.
    /// - Throws: an error of swift-certificates if a certificate cannot be built (not expected).
    public static func generate(validity: TimeInterval = 7 * 24 * 3600, names: [String] = ["localhost", "127.0.0.1"]) throws -> EmulatorIdentity {
        let now = Date()
        let (notBefore, notAfter) = (now.addingTimeInterval(-300), now.addingTimeInterval(validity))

        let authorityKey = Certificate.PrivateKey(P256.Signing.PrivateKey())
        let authorityName = try DistinguishedName {
            OrganizationName("Herald APNs emulator")
            CommonName("Herald APNs emulator authority")
        }
        let authorityKeyID = SubjectKeyIdentifier(hash: authorityKey.publicKey)
        let authority = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: authorityKey.publicKey, notValidBefore: notBefore,
            notValidAfter: notAfter, issuer: authorityName, subject: authorityName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                // Signs the server's certificate and nothing below it.
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true))
                authorityKeyID
            },
            issuerPrivateKey: authorityKey)

        let serverSigningKey = P256.Signing.PrivateKey()
        let serverKey = Certificate.PrivateKey(serverSigningKey)
        let server = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: serverKey.publicKey, notValidBefore: notBefore,
            notValidAfter: notAfter, issuer: authorityName,
            subject: try DistinguishedName {
                OrganizationName("Herald APNs emulator")
                CommonName(names.first ?? "localhost")
            },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectAlternativeNames(names.map { name in
                    let octets = name.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
                    return octets.count == 4 ? .ipAddress(ASN1OctetString(contentBytes: ArraySlice(octets))) : .dnsName(name)
                })
                SubjectKeyIdentifier(hash: serverKey.publicKey)
                AuthorityKeyIdentifier(keyIdentifier: authorityKeyID.keyIdentifier)
            },
            issuerPrivateKey: authorityKey)

        let authorityPEM = try authority.serializeAsPEM().pemString
        return EmulatorIdentity(
            certificateChainPEM: try server.serializeAsPEM().pemString + "\n" + authorityPEM, privateKeyPEM: serverSigningKey.pemRepresentation,
            trustRootPEM: authorityPEM)
    }

    /// The names and addresses the server certificate (the chain's first) is for: its
    /// subjectAltName entries, addresses as text. Empty when it cannot be read.
    var serverNames: [String] {
        guard let first = try? PEMDocument.parseMultiple(pemString: certificateChainPEM).first,  // unreadable: TLS setup says why
            let certificate = try? Certificate(derEncoded: first.derBytes),
            let names = try? certificate.extensions.subjectAlternativeNames
        else { return [] }
        return names.compactMap { name in
            switch name {
            case .dnsName(let dns): dns.lowercased()
            case .ipAddress(let bytes) where bytes.bytes.count == 4: bytes.bytes.map(String.init).joined(separator: ".")
            default: nil
            }
        }
    }
}
