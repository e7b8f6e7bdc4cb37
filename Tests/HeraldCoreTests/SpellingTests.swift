import Testing

@_spi(HeraldTools) @testable import HeraldCore

/// The spelling match behind lint's and the command line's "did you mean" hints.
@Suite("Spelling")
struct SpellingTests {
    @Test("A spelling key is the text lowercased, without - and _", arguments: [
        ("sender_name", "sendername"), ("senderName", "sendername"), ("Sender-Name", "sendername"), ("AVATAR_URL", "avatarurl"),
        ("", ""), ("-_-", ""), ("Ünïcode_Name", "ünïcodename"), ("Straße-X", "straßex"),
    ])
    func spellingKey(_ text: String, _ key: String) {
        #expect(text.spellingKey == key)
    }

    @Test("Another spelling is found, the name itself is not, and the first candidate wins")
    func sameSpelling() {
        let candidates = ["sender_id", "sender_name", "SenderName", "avatar_url"]
        #expect("senderName".sameSpelling(in: candidates) == "sender_name")
        #expect("sender_name".sameSpelling(in: candidates) == "SenderName")
        #expect("avatarUrl".sameSpelling(in: candidates) == "avatar_url")
        #expect("avatar_ur".sameSpelling(in: candidates) == nil)
        #expect("ÜBER_Name".sameSpelling(in: ["übername"]) == "übername")
    }

    @Test("The nearest name is within two edits, or spelled the same")
    func nearest() {
        #expect("avatar_ur".nearest(in: ["sender_name", "avatar_url"]) == "avatar_url")
        #expect("avatarURL".nearest(in: ["sender_name", "avatar_url"]) == "avatar_url")
        #expect("conversation".nearest(in: ["sender_name", "avatar_url"]) == nil)
    }
}
