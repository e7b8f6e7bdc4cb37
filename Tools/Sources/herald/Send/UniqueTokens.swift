import Crypto
import Foundation
import HeraldAPNs

/// The tokens of a ``TokenList``, each once, read as hex: what `herald send apns` sends, in the
/// order given.
///
/// Telling a repeat needs every token seen so far, but not the tokens themselves: each is
/// remembered as the first 16 bytes of the SHA-256 of its bytes (or of its text as given, when it
/// is not hex), 16 bytes of set storage whatever its length. Two different tokens share those
/// bytes with a chance of about n² / 2¹²⁹: 10⁻²⁷ for a million tokens, so no token is skipped
/// that was not a repeat. Measured figures are in docs/benchmarks.md.
struct UniqueTokens: Sequence, Sendable {
    let tokens: TokenList
    /// Counts the repeats skipped, for the message at the end.
    let repeats: RepeatCounter

    /// A token as read.
    enum Entry {
        /// A device token.
        case token(DeviceToken)
        /// Something that is not hex bytes, as given.
        case foreign(String)
    }

    func makeIterator() -> Iterator {
        Iterator(tokens: tokens.makeReader(), repeats: repeats)
    }

    struct Iterator: IteratorProtocol {
        fileprivate var tokens: TokenList.Reader
        fileprivate let repeats: RepeatCounter
        private var seen = Set<Fingerprint>()

        fileprivate init(tokens: TokenList.Reader, repeats: RepeatCounter) {
            self.tokens = tokens
            self.repeats = repeats
        }

        mutating func next() -> Entry? {
            // A String is made only of a line that is not a token.
            let read = { (_: TokenList.Place, bytes: UnsafeBufferPointer<UInt8>) in
                DeviceToken(utf8: bytes).map(Entry.token) ?? .foreign(String(decoding: bytes, as: UTF8.self))
            }
            while let entry = tokens.next(read) {
                guard seen.insert(Fingerprint(of: entry)).inserted else {
                    repeats.add()
                    continue
                }
                return entry
            }
            return nil
        }
    }

    /// A token as remembered: the first 16 bytes of the SHA-256 of a tag and the token's bytes,
    /// read from its hex (33 bytes for a 32-byte token: one SHA-256 block, where its 64 hex
    /// digits took two), or of another tag and the text of a line that is not hex. The tags
    /// keep a token's bytes from ever equalling such a text.
    private struct Fingerprint: Hashable {
        let high: UInt64
        let low: UInt64

        init(of entry: Entry) {
            var hash = SHA256()
            switch entry {
            case .token(let token):
                var hex = token.hex
                hex.withUTF8 { digits in
                    // Lowercase hex, an even count of digits: DeviceToken holds nothing else.
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + digits.count / 2) { bytes in
                        bytes[0] = 0
                        for index in 0..<(digits.count / 2) {
                            bytes[1 + index] = Self.value(ofDigit: digits[2 * index]) << 4 | Self.value(ofDigit: digits[2 * index + 1])
                        }
                        hash.update(bufferPointer: UnsafeRawBufferPointer(bytes))
                    }
                }
            case .foreign(var text):
                hash.update(data: [1])
                text.withUTF8 { hash.update(bufferPointer: UnsafeRawBufferPointer($0)) }
            }
            (high, low) = hash.finalize().withUnsafeBytes { bytes in
                (bytes.loadUnaligned(fromByteOffset: 0, as: UInt64.self), bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            }
        }

        private static func value(ofDigit digit: UInt8) -> UInt8 {
            digit <= UInt8(ascii: "9") ? digit &- UInt8(ascii: "0") : digit &- UInt8(ascii: "a") &+ 10
        }
    }
}

/// A count several threads may add to: the sender's workers read the token list.
final class RepeatCounter: @unchecked Sendable {
    // @unchecked: `count` is only touched while `lock` is held.
    private let lock = NSLock()
    private var count = 0

    func add() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}
