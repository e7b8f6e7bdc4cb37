import Crypto
import Foundation
import HeraldCore

/// APNs provider tokens: an ES256 JSON Web Token `{"alg":"ES256","kid"}.{"iss","iat"}` signed
/// with the `.p8` key, base64url without padding, the signature as raw r‖s.
public enum APNSProviderToken {
    /// How old a token may be before APNs answers `ExpiredProviderToken`.
    public static let maximumAge: Duration = .seconds(3600)

    /// How far in the future an `iat` may be (another clock running ahead) before the token is
    /// refused as `InvalidProviderToken`: the emulator's model, as APNs documents only the past.
    static let clockSkewAllowance: TimeInterval = 60

    /// Signs a token.
    ///
    /// - Parameters:
    ///   - key: the signing key, its key id and team id.
    ///   - issuedAt: the `iat` claim, written as whole seconds; a date beyond what `Int64`
    ///     seconds hold (±292 billion years) is written as the nearest that fits.
    /// - Returns: the compact JWT.
    public static func make(key: APNSSigningKey, issuedAt: Date) -> String {
        let seconds = issuedAt.timeIntervalSince1970.rounded(.down)
        let iat = Int64(exactly: seconds) ?? (seconds < 0 ? .min : .max)
        let header: JSONValue = ["alg": "ES256", "kid": .string(key.keyID)]
        let claims: JSONValue = ["iss": .string(key.teamID), "iat": .number(JSONNumber(iat))]
        let signingInput = base64URL(header.encoded()) + "." + base64URL(claims.encoded())
        // P-256 signing only fails for a broken key, which the initializer already refused.
        let signature = try! key.privateKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + base64URL(signature.rawRepresentation)
    }

    /// Checks a token as APNs does: shape, `alg`, a known `kid`, the team, the signature, the age.
    ///
    /// - Parameters:
    ///   - token: the JWT, without `bearer `.
    ///   - keys: the keys this server accepts, by key id.
    ///   - now: the current time.
    ///   - maximumAge: the oldest token accepted; APNs's hour by default.
    /// - Returns: the key id and the issue time.
    /// - Throws: ``APNSRequestError`` with ``APNSErrorReason/invalidProviderToken`` (malformed,
    ///   unknown key, wrong team, bad signature, or an `iat` more than a minute in the future) or
    ///   ``APNSErrorReason/expiredProviderToken`` (older than ``maximumAge``, however old).
    public static func verify(
        _ token: String, keys: [String: APNSVerificationKey], now: Date, maximumAge: Duration = APNSProviderToken.maximumAge
    ) throws(APNSRequestError) -> (keyID: String, issuedAt: Date) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let headerData = data(base64URL: parts[0]), let claimsData = data(base64URL: parts[1]),
              let signatureData = data(base64URL: parts[2]),
              let header = try? JSONValue(parsing: headerData), let claims = try? JSONValue(parsing: claimsData)  // unreadable JSON is an invalid token, said below
        else {
            throw APNSRequestError(.invalidProviderToken, "the provider token is not a JWT of three base64url parts with JSON header and claims")
        }
        guard header["alg"]?.stringValue == "ES256" else {
            throw APNSRequestError(.invalidProviderToken, "the provider token's alg is not ES256")
        }
        guard let keyID = header["kid"]?.stringValue, let known = keys[keyID] else {
            throw APNSRequestError(.invalidProviderToken, "the provider token's kid \(header["kid"]?.jsonText() ?? "(none)") is not a key this server knows")
        }
        guard let issuer = claims["iss"]?.stringValue, issuer == known.teamID else {
            throw APNSRequestError(.invalidProviderToken, "the provider token's iss \(claims["iss"]?.jsonText() ?? "(none)") is not the team of key \(keyID)")
        }
        guard let iat = claims["iat"]?.numberValue, iat.isIntegerLiteral, let seconds = iat.intValue else {
            throw APNSRequestError(.invalidProviderToken, "the provider token's iat \(claims["iat"]?.jsonText() ?? "(none)") is not integer seconds")
        }
        guard let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureData),  // a wrong-length signature is invalid, said below
              known.publicKey.isValidSignature(signature, for: Data((parts[0] + "." + parts[1]).utf8))
        else {
            throw APNSRequestError(.invalidProviderToken, "the provider token's signature does not verify with key \(keyID)")
        }
        let issuedAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        // In Double: `iat` may be any Int, and its distance from now may not fit one.
        let age = now.timeIntervalSince(issuedAt)
        guard age >= -clockSkewAllowance else {
            throw APNSRequestError(.invalidProviderToken, "the provider token's iat \(seconds) is \(wholeSeconds(-age)) s in the future")
        }
        guard age <= TimeInterval(maximumAge.components.seconds) else {
            throw APNSRequestError(.expiredProviderToken, "the provider token was issued \(wholeSeconds(age)) s ago; at most \(maximumAge.components.seconds) s are accepted")
        }
        return (keyID, issuedAt)
    }

    /// A duration in whole seconds, however large: `Int(_:)` would trap past `Int.max`.
    private static func wholeSeconds(_ interval: TimeInterval) -> String {
        String(format: "%.0f", interval.rounded(.down))
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}

/// A key a server accepts provider tokens from: its public half and the team it belongs to.
public struct APNSVerificationKey: Sendable {
    public var keyID: String
    public var teamID: String
    public var publicKey: P256.Signing.PublicKey

    /// - Parameters: see the properties.
    public init(keyID: String, teamID: String, publicKey: P256.Signing.PublicKey) {
        self.keyID = keyID
        self.teamID = teamID
        self.publicKey = publicKey
    }

    /// The public half of a signing key.
    public init(_ key: APNSSigningKey) {
        self.init(keyID: key.keyID, teamID: key.teamID, publicKey: key.publicKey)
    }
}
