import Crypto
import Foundation
import FuzzSupport
import HeraldAPNs

/// A provider token as the APNs emulator checks it: ``APNSProviderToken/verify(_:keys:now:maximumAge:)``
/// with one fixed key.
///
/// The first byte picks what the rest is:
/// - even: the token's text (what follows `bearer `), verified at a fixed time; a token that
///   verifies names the fixed key.
/// - odd: eight bytes of an issue time in seconds (big-endian, signed) and one of a fraction:
///   a token ``APNSProviderToken/make(key:issuedAt:)`` signs then must verify at that time,
///   whatever the time.
@main
enum ProviderTokenTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(ProviderTokenTarget.self, $0, $1) } }

    static let signingKey: APNSSigningKey = {
        let key = try! P256.Signing.PrivateKey(rawRepresentation: Array(repeating: UInt8(0x42), count: 32))
        return try! APNSSigningKey(pem: key.pemRepresentation, keyID: "ABC123DEFG", teamID: "DEF123GHIJ")
    }()
    static let keys = [signingKey.keyID: APNSVerificationKey(signingKey)]
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func run(_ input: inout FuzzInput) {
        if input.byte() % 2 == 0 {
            let token = String(decoding: input.rest(), as: UTF8.self)
            guard let verified = try? APNSProviderToken.verify(token, keys: keys, now: now) else { return }
            require(verified.keyID == signingKey.keyID, "a token verified under key \(verified.keyID)")
        } else {
            let seconds = (0..<8).reduce(Int64(0)) { value, _ in value << 8 | Int64(input.byte()) }
            let issuedAt = Date(timeIntervalSince1970: Double(seconds) + Double(input.byte()) / 256)
            let token = APNSProviderToken.make(key: signingKey, issuedAt: issuedAt)
            let verified = Result { () throws(APNSRequestError) in try APNSProviderToken.verify(token, keys: keys, now: issuedAt) }
            require((try? verified.get())?.keyID == signingKey.keyID, "a token signed at \(seconds) s does not verify then: \(verified)")
        }
    }

    /// Tokens signed with the fixed key: current, expired, from the future; and issue times.
    static var seeds: [(name: String, bytes: [UInt8])] {
        let offsets: [(String, TimeInterval)] = [("now", 0), ("old", -1800), ("expired", -4000), ("future", 600)]
        var seeds = offsets.map { name, offset in
            (name: "token-\(name)", bytes: [0] + Array(APNSProviderToken.make(key: signingKey, issuedAt: now + offset).utf8))
        }
        for seconds: Int64 in [1_800_000_000, 0, -1, .max, .min] {
            seeds.append((name: "issued-\(seconds)", bytes: [1] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: seconds >> ($0 * 8)) } + [0x80]))
        }
        return seeds
    }
}
