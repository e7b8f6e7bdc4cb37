import Foundation

extension String {
    /// The fewest single-character insertions, deletions and substitutions that turn this into
    /// `other` (Levenshtein distance), counted in Unicode scalars.
    func editDistance(to other: String) -> Int {
        let source = Array(unicodeScalars)
        let target = Array(other.unicodeScalars)
        guard !source.isEmpty else { return target.count }
        guard !target.isEmpty else { return source.count }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for i in 1...source.count {
            current[0] = i
            for j in 1...target.count {
                let substitution = previous[j - 1] + (source[i - 1] == target[j - 1] ? 0 : 1)
                current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }

    /// The candidate this is most likely a misspelling of: the nearest within two edits (or
    /// the same ignoring case, `-` and `_`), ties to the first; `nil` when none is that near.
    @_spi(HeraldTools) public func nearest(in candidates: [String]) -> String? {
        if let same = sameSpelling(in: candidates) { return same }
        let scored = candidates.map { ($0, editDistance(to: $0)) }.filter { $0.1 > 0 && $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// The candidate that is this spelled another way: the same ignoring case, `-` and `_`
    /// (`senderName` for `sender_name`), but not equal; `nil` when there is none.
    @_spi(HeraldTools) public func sameSpelling(in candidates: [String]) -> String? {
        let spelling = spellingKey
        return candidates.first { $0 != self && $0.spellingKey == spelling }
    }

    /// What two spellings of one name share: the text lowercased, without `-` and `_`
    /// (`sendername` for `sender_name`, `senderName` and `Sender-Name`).
    ///
    /// ASCII text, every key lint compares, is folded byte by byte; other text goes through
    /// Unicode's case mapping and Foundation's replacement.
    @_spi(HeraldTools) public var spellingKey: String {
        // The bytes are read from the string's own storage: its UTF-8 iterator costs several
        // times as much per byte.
        var text = self
        let folded: String? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                var count = 0
                for byte in bytes where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                    buffer[count] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
                    count += 1
                }
                return count
            }
        }
        return folded ?? lowercased().replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "-", with: "")
    }
}
