import Crypto
import Foundation
import HeraldAPNs
import Testing

/// A wall clock a test moves by hand.
final class ManualWallClock: @unchecked Sendable {
    // @unchecked: `current` is only touched while `lock` is held.
    private let lock = NSLock()
    private var current: Date
    init(_ start: Date) { current = start }
    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}

@Suite struct ProviderTokenTests {
    static let key = try! APNSSigningKey(pem: P256.Signing.PrivateKey().pemRepresentation, keyID: "ABC123DEFG", teamID: "TEAM123456")
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aTokenHasTheShapeAPNsWants() throws {
        let token = APNSProviderToken.make(key: Self.key, issuedAt: Self.start.addingTimeInterval(0.9))
        let parts = token.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        #expect(!token.contains("=") && !token.contains("+") && !token.contains("/"))
        func json(_ part: String) throws -> [String: Any] {
            var base64 = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
            let data = try #require(Data(base64Encoded: base64))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        }
        let header = try json(parts[0])
        let claims = try json(parts[1])
        #expect(header["alg"] as? String == "ES256" && header["kid"] as? String == "ABC123DEFG")
        #expect(claims["iss"] as? String == "TEAM123456")
        #expect(claims["iat"] as? Int == 1_800_000_000)  // whole seconds
        // A raw r‖s signature of 64 bytes, verifiable with the public key.
        let verified = try APNSProviderToken.verify(token, keys: ["ABC123DEFG": APNSVerificationKey(Self.key)], now: Self.start)
        #expect(verified.keyID == "ABC123DEFG")
    }

    @Test func verificationRefusesWrongKeysTeamsAndOldTokens() throws {
        let token = APNSProviderToken.make(key: Self.key, issuedAt: Self.start)
        let other = try APNSSigningKey(pem: P256.Signing.PrivateKey().pemRepresentation, keyID: "ABC123DEFG", teamID: "TEAM123456")
        func reason(_ token: String, _ keys: [String: APNSVerificationKey], at now: Date) -> APNSErrorReason? {
            do { _ = try APNSProviderToken.verify(token, keys: keys, now: now); return nil } catch { return error.reason }
        }
        let good = ["ABC123DEFG": APNSVerificationKey(Self.key)]
        #expect(reason(token, ["ABC123DEFG": APNSVerificationKey(other)], at: Self.start) == .invalidProviderToken)
        #expect(reason(token, ["XYZ": APNSVerificationKey(Self.key)], at: Self.start) == .invalidProviderToken)
        var wrongTeam = APNSVerificationKey(Self.key)
        wrongTeam.teamID = "OTHERTEAM1"
        #expect(reason(token, ["ABC123DEFG": wrongTeam], at: Self.start) == .invalidProviderToken)
        #expect(reason(token, good, at: Self.start.addingTimeInterval(3600)) == nil)
        #expect(reason(token, good, at: Self.start.addingTimeInterval(3601)) == .expiredProviderToken)
        #expect(reason("a.b", good, at: Self.start) == .invalidProviderToken)
        // A flipped signature byte.
        var tampered = Array(token)
        tampered[tampered.count - 5] = tampered[tampered.count - 5] == "A" ? "B" : "A"
        #expect(reason(String(tampered), good, at: Self.start) == .invalidProviderToken)
    }

    /// Found by fuzzing: an `iat` near `Int.min` trapped while the expiry message was written.
    @Test(arguments: [
        (TimeInterval(Int.min), APNSErrorReason.expiredProviderToken),
        (-1e300, .expiredProviderToken),
        (0, .expiredProviderToken),
        (1_800_000_061, .invalidProviderToken),
        (TimeInterval(Int.max), .invalidProviderToken),
        (1e300, .invalidProviderToken),
    ])
    func anIATFarFromNowIsRefusedNotTrapped(_ issuedAt: TimeInterval, _ expected: APNSErrorReason) {
        let token = APNSProviderToken.make(key: Self.key, issuedAt: Date(timeIntervalSince1970: issuedAt))
        do {
            _ = try APNSProviderToken.verify(token, keys: ["ABC123DEFG": APNSVerificationKey(Self.key)], now: Self.start)
            Issue.record("a token issued at \(issuedAt) was accepted at \(Self.start.timeIntervalSince1970)")
        } catch {
            #expect(error.reason == expected, "\(error.message)")
        }
    }

    @Test func aSlightlyFastClockIsTolerated() throws {
        let token = APNSProviderToken.make(key: Self.key, issuedAt: Self.start.addingTimeInterval(60))
        let verified = try APNSProviderToken.verify(token, keys: ["ABC123DEFG": APNSVerificationKey(Self.key)], now: Self.start)
        #expect(verified.issuedAt == Self.start.addingTimeInterval(60))
    }

    @Test func theSharedTokenIsRenewedOnScheduleAndOnceWhenExpired() {
        let clock = ManualWallClock(Self.start)
        let cache = ProviderTokenCache(key: Self.key, refreshInterval: .seconds(50 * 60)) { clock.now }
        let first = cache.current()
        clock.advance(by: 49 * 60)
        #expect(cache.current() == first)
        clock.advance(by: 60)
        let second = cache.current()
        #expect(second != first)
        // ExpiredProviderToken reported by many requests for the same token: one new token.
        clock.advance(by: 1)
        cache.expire(second)
        let third = cache.current()
        #expect(third != second)
        cache.expire(second)
        #expect(cache.current() == third)
    }

    @Test func theRefreshIntervalStaysWithinWhatAPNsTolerates() {
        #expect(ProviderTokenCache(key: Self.key, refreshInterval: .seconds(60)).refreshInterval == .seconds(20 * 60))
        #expect(ProviderTokenCache(key: Self.key, refreshInterval: .seconds(7200)).refreshInterval == .seconds(60 * 60))
    }

    @Test func aKeyFileThatIsNotAP8IsRefusedWithoutItsContents() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-key-\(UUID().uuidString).p8")
        try "-----BEGIN PRIVATE KEY-----\nc2VjcmV0\n-----END PRIVATE KEY-----\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        #expect(throws: APNSCredentialError.self) { try APNSSigningKey(contentsOf: file, keyID: "K", teamID: "T") }
        do {
            _ = try APNSSigningKey(contentsOf: file, keyID: "K", teamID: "T")
        } catch {
            #expect(!error.message.contains("c2VjcmV0"))
        }
    }
}
