import Foundation
import SwiftASN1

/// The content of a CMS signed message (RFC 5652, `SignedData`), as a provisioning profile
/// wraps its property list: read, not authenticated.
///
/// A `.mobileprovision` is a DER `ContentInfo` whose content is `SignedData`, whose
/// `encapContentInfo.eContent` (type `id-data`) holds the property list. Only the path to
/// those bytes is read; the certificates and signer infos beside it are parsed as ASN.1 (they
/// must be well formed) but not interpreted, and the signature is not checked: doctor reads
/// what a profile says, it does not prove that Apple said it (iOS checks the chain to Apple's
/// root when it installs the app).
///
/// The bytes are read as BER, which DER is a case of: profiles Apple issues use definite
/// lengths (their plist follows `04 82 LL LL`), and BER's indefinite lengths and an `eContent`
/// split into several OCTET STRINGs, which `openssl cms` and older signing tools write, read the
/// same. swift-asn1's parser nests at most 50 levels and refuses a length past the end.
enum SignedMessage {
    /// `id-signedData`, 1.2.840.113549.1.7.2.
    static let signedData: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 2]
    /// `id-data`, 1.2.840.113549.1.7.1.
    static let data: ASN1ObjectIdentifier = [1, 2, 840, 113_549, 1, 7, 1]

    /// The encapsulated content's bytes.
    ///
    /// - Throws: ``DoctorError`` (naming no file) saying what is not as RFC 5652 has it.
    static func content(of bytes: [UInt8]) throws(DoctorError) -> [UInt8] {
        do {
            let root = try BER.parse(bytes)
            let info = try children(of: root, "the ContentInfo")
            guard info.count == 2, try ASN1ObjectIdentifier(berEncoded: info[0]) == signedData else {
                throw failure("it is not a CMS signed message (its ContentInfo is not of type id-signedData)")
            }
            let signed = try children(of: try explicit(info[1], "the signed data"), "the SignedData")
            // version, digestAlgorithms, encapContentInfo, [certificates], [crls], signerInfos
            guard signed.count >= 4 else { throw failure("its SignedData has \(signed.count) fields, not the 4 to 6 of RFC 5652") }
            let encapsulated = try children(of: signed[2], "the EncapsulatedContentInfo")
            guard let type = encapsulated.first, try ASN1ObjectIdentifier(berEncoded: type) == data else {
                throw failure("its encapsulated content is not of type id-data")
            }
            guard encapsulated.count == 2 else { throw failure("it holds no content: a detached signature") }
            let octets = try ASN1OctetString(berEncoded: try explicit(encapsulated[1], "the eContent"))
            return Array(octets.bytes)
        } catch let error as DoctorError {
            throw error
        } catch {
            throw failure("not a readable CMS signed message (\(error))")
        }
    }

    /// The fields of a SEQUENCE.
    private static func children(of node: ASN1Node, _ what: String) throws(DoctorError) -> [ASN1Node] {
        guard node.identifier == .sequence, case .constructed(let nodes) = node.content else {
            throw failure("\(what) is not a SEQUENCE")
        }
        return Array(nodes)
    }

    /// The one value inside a `[0] EXPLICIT` tag.
    private static func explicit(_ node: ASN1Node, _ what: String) throws(DoctorError) -> ASN1Node {
        guard node.identifier == ASN1Identifier(tagWithNumber: 0, tagClass: .contextSpecific), case .constructed(let nodes) = node.content,
            let inner = Array(nodes).first, Array(nodes).count == 1
        else { throw failure("\(what) is not one value tagged [0]") }
        return inner
    }

    private static func failure(_ reason: String) -> DoctorError {
        DoctorError(file: nil, reason: reason)
    }
}
