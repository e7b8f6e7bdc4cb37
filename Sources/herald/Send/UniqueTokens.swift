import Foundation
import HeraldAPNs

/// The tokens of a ``TokenList``, each once, read as hex: what `herald send apns` sends, in the
/// order given.
///
/// Telling a repeat needs every token seen so far. They are kept as their bytes, not as text:
/// a 32-byte token (every token APNs issues today) costs 32 bytes of set storage instead of a
/// 64-character string; a token of another length is kept as its text. `herald send apns
/// --dry-run` of a million tokens peaked at 160 MB instead of 645 MB (debug build).
struct UniqueTokens: Sequence, Sendable {
    let tokens: TokenList
    /// Counts the repeats skipped, for the message at the end.
    let repeats: RepeatCounter

    struct Entry {
        /// The token as given.
        let text: String
        /// The token, or `nil` when it is not hex bytes.
        let token: DeviceToken?
    }

    func makeIterator() -> Iterator {
        Iterator(tokens: tokens.makeIterator(), repeats: repeats)
    }

    struct Iterator: IteratorProtocol {
        fileprivate var tokens: TokenList.Iterator
        fileprivate let repeats: RepeatCounter
        private var seen = Set<Key>()

        fileprivate init(tokens: TokenList.Iterator, repeats: RepeatCounter) {
            self.tokens = tokens
            self.repeats = repeats
        }

        mutating func next() -> Entry? {
            while let text = tokens.next() {
                let token = DeviceToken(text)
                guard seen.insert(Key(token: token, text: text)).inserted else {
                    repeats.add()
                    continue
                }
                return Entry(text: text, token: token)
            }
            return nil
        }
    }

    /// A token as remembered: its 32 bytes when it has that many, else its text (the hex, or
    /// the text as given when it is not hex).
    private enum Key: Hashable {
        case bytes(UInt64, UInt64, UInt64, UInt64)
        case text(String)

        init(token: DeviceToken?, text: String) {
            guard let hex = token?.hex else {
                self = .text(text)
                return
            }
            guard hex.utf8.count == 64 else {
                self = .text(hex)
                return
            }
            var words: [UInt64] = [0, 0, 0, 0]
            for (index, digit) in hex.utf8.enumerated() {
                words[index / 16] = words[index / 16] << 4 | UInt64(Self.value(of: digit))
            }
            self = .bytes(words[0], words[1], words[2], words[3])
        }

        /// A lowercase hex digit's value (`DeviceToken` guarantees lowercase hex).
        private static func value(of digit: UInt8) -> UInt8 {
            digit <= UInt8(ascii: "9") ? digit - UInt8(ascii: "0") : digit - UInt8(ascii: "a") + 10
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
