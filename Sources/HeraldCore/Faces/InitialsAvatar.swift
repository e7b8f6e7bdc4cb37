/// The letters and colour of the avatar drawn for a person without a picture: the same on the
/// phone (the extension draws it) and on the desk (the preview's picture).
///
/// The letters:
/// - the first letter of the first and of the last word of the name (`Maya Lindqvist` → `ML`),
///   or of the given and family names when the payload gives them; one letter for a one-word
///   name;
/// - one letter, never two, for a name in a script that writes no spaces between given and
///   family names or joins its letters (Chinese, Japanese, Korean, Arabic): two such letters
///   side by side read as a word, not as initials (`王小明` → `王`, `محمد علي` → `م`);
/// - whole characters, so a letter keeps its accents and combining marks (`Émile` → `É`);
/// - upper case where the script has case (`анна каренина` → `АК`);
/// - symbols and punctuation before a word are passed over (`@maya` → `M`);
/// - an emoji is a face already: a name that starts with one gets that emoji alone, and one at
///   the end is passed over (`Weekend climbing 🧗` → `WC`).
///
/// A name with no letter, digit or emoji at all gets no letters (``letters`` is empty), and the
/// avatar is the colour alone. The colour is ``AvatarColor/forSeed(_:)`` of the person's id
/// (else the name), so a person keeps their colour whatever their name becomes.
public struct InitialsAvatar: Hashable, Sendable {
    /// One or two characters to draw; empty when the name has none to offer.
    public let letters: String
    /// The background.
    public let color: AvatarColor

    /// - Parameters:
    ///   - name: the name shown for the person.
    ///   - givenName: the given name, when the payload names it apart; with `familyName`, the
    ///     letters come from the two.
    ///   - familyName: the family name, likewise.
    ///   - seed: what picks the colour: the person's id; `nil` uses the name.
    public init(name: String, givenName: String? = nil, familyName: String? = nil, seed: String? = nil) {
        let words: [Substring]
        if let givenName, let familyName, let given = Self.firstWord(of: givenName), let family = Self.firstWord(of: familyName) {
            words = [given, family]
        } else {
            words = name.split(whereSeparator: \.isWhitespace)
        }
        letters = Self.letters(of: words)
        color = AvatarColor.forSeed(seed ?? name)
    }

    private static func firstWord(of text: String) -> Substring? {
        text.split(whereSeparator: \.isWhitespace).first
    }

    private static func letters(of words: [Substring]) -> String {
        let initials = words.compactMap(initial(of:))
        guard let first = initials.first else { return "" }
        if first.isEmoji || first.standsAlone { return String(first.character) }
        // The last word that gives a letter: a trailing emoji ("Weekend climbing 🧗") is
        // decoration, not a name's last word.
        guard let last = initials.dropFirst().last(where: { !$0.isEmoji }), !last.standsAlone else { return first.shown }
        return first.shown + last.shown
    }

    /// The first character of `word` that is a letter, a digit or an emoji.
    private static func initial(of word: Substring) -> Initial? {
        word.lazy.compactMap(Initial.init).first
    }

    /// One character a name can start its initials with.
    private struct Initial {
        let character: Character
        let isEmoji: Bool
        /// Whether its script shows one initial, not two (see the type's comment).
        let standsAlone: Bool

        init?(_ character: Character) {
            guard let scalar = character.unicodeScalars.first else { return nil }
            // An emoji presentation, or a pictograph with the emoji variation selector: a
            // digit or `#` alone is "emoji" in Unicode's data too, and is no face.
            let isEmoji = scalar.properties.isEmojiPresentation || (scalar.properties.isEmoji && character.unicodeScalars.contains("\u{FE0F}"))
            guard isEmoji || character.isLetter || character.isNumber else { return nil }
            self.character = character
            self.isEmoji = isEmoji
            standsAlone = Self.standsAlone(scalar.value)
        }

        /// Upper case where the script has it; the character itself where upper casing would
        /// make it two (`ß` → `SS`).
        var shown: String {
            let upper = String(character).uppercased()
            return upper.count == 1 ? upper : String(character)
        }

        /// Chinese, Japanese and Korean (ideographs, kana, Hangul) and Arabic.
        private static func standsAlone(_ value: UInt32) -> Bool {
            switch value {
            case 0x1100...0x11FF, 0x2E80...0x2FDF, 0x3040...0x30FF, 0x3130...0x318F, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3134F:
                true
            case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFF:
                true
            default:
                false
            }
        }
    }
}
