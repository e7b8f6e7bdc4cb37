/// The Huffman code of HPACK's string literals (RFC 7541, section 5.2 and Appendix B), for
/// reading a server's header blocks.
///
/// Appendix B's code is canonical: taken in order of length, then of symbol, each code is the
/// one before plus one, shifted left by the difference in length. So the lengths below, copied
/// from Appendix B, give every code, and a reader needs no tree. Tests read the examples of
/// RFC 7541, Appendix C.6 and whatever NIOHPACK's Huffman encoder writes.
enum HPACKHuffmanCode {
    /// Why a string does not decode.
    enum Failure: Error, CustomStringConvertible {
        /// The string ends with more than 7 bits of padding, or padding that is not all ones
        /// (section 5.2).
        case badPadding
        /// The string holds the end-of-string symbol (section 5.2).
        case endOfString

        var description: String {
            switch self {
            case .badPadding: "a Huffman-coded string with padding that is not at most 7 one bits"
            case .endOfString: "a Huffman-coded string holding the end-of-string symbol"
            }
        }
    }

    /// The most bytes `encodedCount` bytes decode to: the shortest code has 5 bits.
    static func largestDecodedCount(encodedCount: Int) -> Int { encodedCount * 8 / 5 }

    /// Decodes `encoded` into `out`, which has room for ``largestDecodedCount(encodedCount:)``.
    ///
    /// - Returns: how many bytes it wrote.
    static func decode(_ encoded: UnsafeRawBufferPointer, into out: UnsafeMutableBufferPointer<UInt8>) throws(Failure) -> Int {
        let tables = Self.tables
        // The next `available` bits (at most 56), the first of them highest; below them, the
        // octets after them or, past the end, zeros.
        // The arithmetic wraps, unchecked: every shift is by less than 64 and every count small.
        var window: UInt64 = 0
        var available = 0
        var read = 0
        var written = 0
        while true {
            if available <= 48, encoded.count &- read >= 8 {
                // Eight octets at once; the ones past the whole octets taken go in again, the
                // same, next time.
                window |= UInt64(bigEndian: encoded.loadUnaligned(fromByteOffset: read, as: UInt64.self)) &>> available
                let taken = (56 &- available) &>> 3
                read &+= taken
                available &+= taken &<< 3
            } else {
                while available <= 48, read < encoded.count {
                    window |= UInt64(encoded[read]) &<< (56 &- available)
                    available &+= 8
                    read &+= 1
                }
            }
            // At the end, up to 7 ones are padding: no code is 7 ones or fewer. Anything else
            // left must be whole codes.
            if read == encoded.count, available < 8, available == 0 || window &>> (64 &- available) == 1 &<< available &- 1 {
                return written
            }
            // Past the end, ones: the padding is the first bits of the end-of-string code,
            // which no shorter code starts with.
            let next = read < encoded.count ? window : window | UInt64.max &>> available
            let pair = tables.pairs[Int(truncatingIfNeeded: next &>> 52)]
            if pair.count > 0 {
                let firstLength = Int(truncatingIfNeeded: pair.firstLength)
                let length = Int(truncatingIfNeeded: pair.length)
                guard firstLength <= available else { throw .badPadding }
                out[written] = pair.first
                written &+= 1
                if pair.count == 2, length <= available {
                    out[written] = pair.second
                    written &+= 1
                    window &<<= length
                    available &-= length
                } else {
                    window &<<= firstLength
                    available &-= firstLength
                }
            } else {
                let (symbol, length) = tables.symbol(startingWith: UInt32(truncatingIfNeeded: next &>> 34))
                guard length <= available else { throw .badPadding }
                guard symbol < 256 else { throw .endOfString }
                out[written] = UInt8(truncatingIfNeeded: symbol)
                written &+= 1
                window &<<= length
                available &-= length
            }
        }
    }

    /// Each symbol's code length in bits: the bytes 0 to 255, then the end-of-string symbol.
    private static let lengths: [UInt8] = [
        13, 23, 28, 28, 28, 28, 28, 28, 28, 24, 30, 28, 28, 30, 28, 28,
        28, 28, 28, 28, 28, 28, 30, 28, 28, 28, 28, 28, 28, 28, 28, 28,
        6, 10, 10, 12, 13, 6, 8, 11, 10, 10, 8, 11, 8, 6, 6, 6,
        5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 8, 15, 6, 12, 10,
        13, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7,
        7, 7, 7, 7, 7, 7, 7, 7, 8, 7, 8, 13, 19, 13, 14, 6,
        15, 5, 6, 5, 6, 5, 6, 6, 6, 5, 7, 7, 6, 6, 6, 5,
        6, 7, 6, 5, 5, 6, 7, 7, 7, 7, 7, 15, 11, 14, 13, 28,
        20, 22, 20, 20, 22, 22, 22, 23, 22, 23, 23, 23, 23, 23, 24, 23,
        24, 24, 22, 23, 24, 23, 23, 23, 23, 21, 22, 23, 22, 23, 23, 24,
        22, 21, 20, 22, 22, 23, 23, 21, 23, 22, 22, 24, 21, 22, 23, 23,
        21, 21, 22, 21, 23, 22, 23, 23, 20, 22, 22, 22, 23, 22, 22, 23,
        26, 26, 20, 19, 22, 23, 22, 25, 26, 26, 26, 27, 27, 26, 24, 25,
        19, 21, 26, 27, 27, 26, 27, 24, 21, 21, 26, 26, 28, 27, 27, 27,
        20, 24, 20, 21, 22, 21, 21, 23, 22, 22, 25, 25, 24, 24, 26, 23,
        26, 27, 26, 26, 27, 27, 27, 27, 27, 28, 27, 27, 27, 27, 27, 26,
        30
    ]

    private static let tables = Tables(lengths: lengths)

    /// What decoding reads: the symbols in code order and where each length's codes start, and
    /// a table by the first 12 bits of the one or two codes that fit in them. Every character
    /// of an `apns-id` has a code of 5 or 6 bits, so most lookups decode two.
    private final class Tables: Sendable {
        /// The codes that start a 12-bit prefix and fit in it.
        struct Pair {
            /// 0 when the first code is longer than 12 bits; else 1 or 2.
            var count: UInt8 = 0
            var first: UInt8 = 0
            var second: UInt8 = 0
            var firstLength: UInt8 = 0
            /// Both codes' length, when there are two.
            var length: UInt8 = 0
        }

        /// By the first 12 bits.
        let pairs: [Pair]
        /// The symbols in order of length, then of symbol: the order of their codes.
        private let symbols: [UInt16]
        /// By length: its first code, where its symbols start in `symbols`, and how many it has.
        private let firstCode: [UInt32]
        private let firstSymbol: [Int]
        private let count: [Int]

        init(lengths: [UInt8]) {
            let symbols = (0..<UInt16(lengths.count)).sorted { (lengths[Int($0)], $0) < (lengths[Int($1)], $1) }
            var firstCode = [UInt32](repeating: 0, count: 31)
            var firstSymbol = [Int](repeating: 0, count: 31)
            var count = [Int](repeating: 0, count: 31)
            var code: UInt32 = 0
            var length = Int(lengths[Int(symbols[0])])
            for (position, symbol) in symbols.enumerated() {
                let symbolLength = Int(lengths[Int(symbol)])
                if position > 0 {
                    code = (code + 1) << (symbolLength - length)
                    length = symbolLength
                }
                if count[length] == 0 {
                    firstCode[length] = code
                    firstSymbol[length] = position
                }
                count[length] += 1
            }
            (self.symbols, self.firstCode, self.firstSymbol, self.count) = (symbols, firstCode, firstSymbol, count)
            var pairs: [Pair] = []
            pairs.reserveCapacity(1 << 12)
            for prefix in 0..<UInt32(1 << 12) {
                // The bits past the prefix are zeros here, but a code that fits in the prefix is
                // found whatever they are.
                var pair = Pair()
                let first = Self.symbol(startingWith: prefix << 18, symbols, firstCode, firstSymbol, count)
                if first.length <= 12 {
                    pair = Pair(count: 1, first: UInt8(first.symbol), firstLength: UInt8(first.length))
                    let rest = (prefix << first.length) & 0xfff
                    let second = Self.symbol(startingWith: rest << 18, symbols, firstCode, firstSymbol, count)
                    if first.length + second.length <= 12 {
                        (pair.count, pair.second, pair.length) = (2, UInt8(second.symbol), UInt8(first.length + second.length))
                    }
                }
                pairs.append(pair)
            }
            self.pairs = pairs
        }

        /// The symbol whose code starts `next`, the next 30 bits, and its length.
        func symbol(startingWith next: UInt32) -> (symbol: UInt16, length: Int) {
            Self.symbol(startingWith: next, symbols, firstCode, firstSymbol, count)
        }

        private static func symbol(
            startingWith next: UInt32, _ symbols: [UInt16], _ firstCode: [UInt32], _ firstSymbol: [Int], _ count: [Int]
        ) -> (symbol: UInt16, length: Int) {
            // Canonical: the first length whose codes reach past the bits read is the code's.
            for length in 1...30 where count[length] > 0 {
                let offset = Int(next >> (30 - length)) - Int(firstCode[length])
                if offset >= 0, offset < count[length] { return (symbols[firstSymbol[length] + offset], length) }
            }
            preconditionFailure("30 bits always start a code: the end-of-string code is all ones")
        }
    }
}
