import Foundation
@testable import HeraldCore
import Testing

/// Which letters and which colour a person without a picture gets, on every script the issue
/// names. What each expects is written by hand, from the rule in `InitialsAvatar`'s comment.
@Suite("Initials avatars")
struct InitialsAvatarTests {
    @Test(arguments: [
        // Latin: first and last word; one word, one letter; lower case raised.
        ("Maya Lindqvist", "ML"),
        ("maya de la cruz", "MC"),
        ("Maya", "M"),
        ("M", "M"),
        ("  Maya   Lindqvist  ", "ML"),
        ("Jean-Luc Picard", "JP"),
        // Punctuation and symbols before a word are passed over.
        ("@maya", "M"),
        ("(Maya) Lindqvist", "ML"),
        ("#general chat", "GC"),
        // Digits are letters enough.
        ("42 Crew", "4C"),
        // Cyrillic and Greek have case.
        ("анна каренина", "АК"),
        ("Σοφία Παππά", "ΣΠ"),
        // Combining marks stay with their letter, composed or not.
        ("E\u{301}mile Zola", "E\u{301}Z"),
        ("Émile", "É"),
        ("Nguyễn Văn An", "NA"),
        // Upper casing that would make two letters keeps the one.
        ("ßirgit", "ß"),
        // CJK: one letter.
        ("王小明", "王"),
        ("山田 太郎", "山"),
        ("김민준", "김"),
        ("やまだ", "や"),
        // Arabic joins its letters: one.
        ("محمد علي", "م"),
        // Hebrew has spaces and no joining: two, which bidi then shows right to left.
        ("דוד כהן", "דכ"),
        // Devanagari: a whole character, vowel sign included.
        ("कि शर्मा", "किश"),
        // Emoji: a face already, shown alone.
        ("🦊", "🦊"),
        ("🦊🐻", "🦊"),
        ("🦊 Fox", "🦊"),
        ("Fox 🦊", "F"),
        ("Weekend climbing 🧗", "WC"),
        ("❤️ Team", "❤️"),
        // Nothing to show.
        ("", ""),
        ("   ", ""),
        ("…", ""),
    ])
    func lettersFollowTheRule(name: String, letters: String) {
        #expect(InitialsAvatar(name: name).letters == letters)
    }

    @Test func givenAndFamilyNamesWinOverTheShownName() {
        #expect(InitialsAvatar(name: "Mayo", givenName: "Maya", familyName: "Lindqvist").letters == "ML")
        #expect(InitialsAvatar(name: "山田太郎", givenName: "太郎", familyName: "山田").letters == "太")
        // One of them alone is not enough: the shown name decides.
        #expect(InitialsAvatar(name: "Maya Lindqvist", givenName: "Maya").letters == "ML")
        #expect(InitialsAvatar(name: "Maya Lindqvist", givenName: " ", familyName: "Lindqvist").letters == "ML")
    }

    @Test func theColourComesFromTheIDAndIsStable() {
        let maya = InitialsAvatar(name: "Maya", seed: "user-1842")
        // The same person, renamed, keeps the colour; the hash is FNV-1a, not Swift's
        // per-process Hasher, so these values hold on every run and every device.
        #expect(InitialsAvatar(name: "Maya L.", seed: "user-1842").color == maya.color)
        #expect(AvatarColor.forSeed("user-1842") == AvatarColor.palette[Int(Self.fnv1a("user-1842") % 8)])
        #expect(AvatarColor.forSeed("") == AvatarColor.palette[Int(2_166_136_261 % 8)])
        // Without an id, the name picks it.
        #expect(InitialsAvatar(name: "Maya").color == AvatarColor.forSeed("Maya"))
        // Many ids use every colour.
        let used = Set((0..<200).map { AvatarColor.forSeed("user-\($0)") })
        #expect(used.count == AvatarColor.palette.count)
    }

    @Test func everyColourKeepsWhiteLettersReadable() {
        for color in AvatarColor.palette {
            #expect(color.contrastWithWhite >= 4.5, "\(color.cssHex): \(color.contrastWithWhite)")
        }
        #expect(AvatarColor(hex: 0xFFFFFF).contrastWithWhite == 1)
        #expect(abs(AvatarColor(hex: 0x000000).contrastWithWhite - 21) < 0.001)
        #expect(AvatarColor(hex: 0x0A7BFF).cssHex == "#0a7bff")
    }

    /// FNV-1a, written out here from its definition (offset basis 2166136261, prime 16777619).
    static func fnv1a(_ text: String) -> UInt32 {
        text.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }
}
