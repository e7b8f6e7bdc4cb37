import Testing

@_spi(HeraldTools) @testable import HeraldCore
@testable import HeraldDesk

/// The pre-check that spares the communication-key rule a spelling key and a lookup for most
/// keys: it may let a key through, never rule out a name or another spelling of one.
@Suite("Communication key names")
struct CommunicationKeyNamesTests {
    @Test("Every built-in name and other spellings of it pass the pre-check")
    func keepsNamesAndSpellings() {
        for layout in Layout.builtIn {
            let names = CommunicationKeyNames.of(layout.fields)
            #expect(!names.flat.isEmpty && !names.block.isEmpty)
            for name in names.flat + names.block {
                let camel = name.split(separator: "_").enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
                for spelling in [name, name.uppercased(), name.replacingOccurrences(of: "_", with: "-"), camel] {
                    #expect(names.mayName(spelling), "\(layout.name): \(spelling)")
                }
            }
        }
    }

    @Test("Most other keys are ruled out")
    func rulesOutOtherKeys() {
        let names = CommunicationKeyNames.of(Layout.apns.fields)
        let others = ["aps", "gcm.message_id", "google.c.a.e", "custom", "os_data", "message", "title", "body", "badge"]
        #expect(others.filter(names.mayName).count <= 2)
    }

    @Test("A name with other characters than ASCII rules nothing out")
    func nonASCIINames() {
        var fields = FieldPointers()
        fields.senderName = [JSONPointer(tokens: ["\u{212A}ind"])]
        let names = CommunicationKeyNames(fields)
        // U+212A KELVIN SIGN folds to "k", so "kind" is another spelling of it.
        #expect(names.mayName("kind"))
        #expect(names.mayName("zzz"))
        #expect(names.sameSpelling(as: "kind") == "\u{212A}ind")
    }
}
