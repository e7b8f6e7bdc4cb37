import Foundation
@_spi(HeraldTools) import HeraldCore

/// The names under which a layout reads communication fields, for lint's
/// communication-key-not-read rule: the keys it reads at the data root, the keys it reads
/// inside the `communication` object, and both by their spelling key, so that another spelling
/// of a name is found with one lookup.
///
/// They depend on the layout's field pointers alone, so they are worked out once for the
/// built-in layouts' pointers (``of(_:)``) rather than on every lint.
struct CommunicationKeyNames: Sendable {
    /// The object whose members ``block`` names.
    static let communicationKey = "communication"

    /// Keys read at the data root (`sender_name`), each once, in the order of the fields.
    let flat: [String]
    /// Keys read inside the communication object (`communication.avatar_url`), each once.
    let block: [String]
    /// `flat` then `block`, grouped by ``Swift/String/spellingKey``, each group in that order.
    private let bySpelling: [String: [String]]
    /// The ``spellingBits(_:)`` of every name, ORed, each of the pair in its own word: a key is
    /// ruled out when either of its two bits is clear (a Bloom filter of two hashes, which rules
    /// out far more keys than one word did once Herald read some thirty names). All bits when a
    /// name has other characters than ASCII.
    private let spellingBits: (UInt64, UInt64)
    /// The digests of ``flat`` and ``block``, which rule most keys out before comparing them
    /// with each name.
    private let flatDigest: MemberDigest
    private let blockDigest: MemberDigest

    init(_ fields: FieldPointers) {
        var flat: [String] = []
        var block: [String] = []
        for field in FieldPointers.fields {
            for pointer in fields[keyPath: field.keyPath] {
                switch pointer.tokens.count {
                case 1 where !flat.contains(pointer.tokens[0]): flat.append(pointer.tokens[0])
                case 2 where pointer.tokens[0] == Self.communicationKey && !block.contains(pointer.tokens[1]): block.append(pointer.tokens[1])
                default: break
                }
            }
        }
        self.flat = flat
        self.block = block
        flatDigest = MemberDigest(names: flat)
        blockDigest = MemberDigest(names: block)
        bySpelling = Dictionary(grouping: flat + block, by: \.spellingKey)
        spellingBits = (flat + block).reduce((0, 0)) { bits, name in
            Self.spellingBits(name).map { (bits.0 | $0.0, bits.1 | $0.1) } ?? (.max, .max)
        }
    }

    /// Whether `key` is one of ``flat``.
    func isFlat(_ key: String) -> Bool {
        flatDigest.mayContain(key) && flat.contains(key)
    }

    /// Whether `key` is one of ``block``.
    func isInBlock(_ key: String) -> Bool {
        blockDigest.mayContain(key) && block.contains(key)
    }

    /// Whether `key` may be one of the names or another spelling of one; `false` only when it
    /// is certainly neither, found without folding `key` into a new string or hashing it.
    func mayName(_ key: String) -> Bool {
        guard let bits = Self.spellingBits(key) else { return true }
        return spellingBits.0 & bits.0 != 0 && spellingBits.1 & bits.1 != 0
    }

    /// Two of 64 bits each, picked in two ways from the length and the first and last bytes of
    /// an ASCII name's ``Swift/String/spellingKey`` (folded as it folds, byte by byte): names
    /// with one spelling key pick the same pair. `nil` for other text, which Unicode's case
    /// mapping folds.
    private static func spellingBits(_ name: String) -> (UInt64, UInt64)? {
        var name = name
        return name.withUTF8 { bytes in
            var count = 0
            var first: UInt8 = 0
            var last: UInt8 = 0
            for byte in bytes where byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                guard byte < 0x80 else { return nil }
                last = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
                if count == 0 { first = last }
                count += 1
            }
            let second = (count &* 7 &+ Int(first) &* 19 &+ Int(last) &* 37) & 63
            return (MemberDigest.bit(length: count, first: first, last: last), 1 << UInt64(second))
        }
    }

    /// The names for `fields`: the built-in layouts' from names made once, any other's worked
    /// out now.
    static func of(_ fields: FieldPointers) -> CommunicationKeyNames {
        if holdsSameArrays(fields, sharedFields) || fields == sharedFields { return sharedNames }
        for index in otherBuiltInFields.indices where holdsSameArrays(otherBuiltInFields[index], fields) || otherBuiltInFields[index] == fields {
            return otherBuiltInNames[index]
        }
        return CommunicationKeyNames(fields)
    }

    /// Whether `a` and `b` hold the very same arrays, as a built-in layout's pointers and their
    /// copies do: then their bits are the same, and comparing them is one `memcmp` where `==`
    /// calls the arrays' `==` once for each of some fifteen fields. `false` says nothing: equal
    /// arrays may live in different buffers, which `==` then compares.
    private static func holdsSameArrays(_ a: FieldPointers, _ b: FieldPointers) -> Bool {
        withUnsafeBytes(of: a) { a in
            withUnsafeBytes(of: b) { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    /// The pointers most built-in layouts share (plain APNs's, FCM's, OneSignal's, Expo's),
    /// tried first. A layout's pointers are usually the very arrays of this value, which
    /// compare equal without looking at their elements; it is a value of its own because
    /// comparing with an entry of an array copied the entry, all ten arrays, on every lint.
    private static let sharedFields = Layout.apns.fields
    /// The names for ``sharedFields``.
    private static let sharedNames = CommunicationKeyNames(sharedFields)
    /// Each other distinct set of the built-in layouts' pointers once (Notifee's).
    private static let otherBuiltInFields: [FieldPointers] = Layout.builtIn.reduce(into: []) { table, layout in
        if layout.fields != sharedFields && !table.contains(layout.fields) { table.append(layout.fields) }
    }
    /// The names for each of ``otherBuiltInFields``.
    private static let otherBuiltInNames = otherBuiltInFields.map(CommunicationKeyNames.init)

    /// The name `key` is another spelling of (`sender_name` for `senderName`): the first of
    /// `flat` then `block` that is the same ignoring case, `-` and `_` but not equal, as
    /// `key.sameSpelling(in: flat + block)` finds it; `nil` when there is none.
    func sameSpelling(as key: String) -> String? {
        bySpelling[key.spellingKey]?.first { $0 != key }
    }
}
