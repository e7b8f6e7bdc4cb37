import Testing

@_spi(HeraldTools) @testable import HeraldCore

/// The digest that spares decoding and lint the lookups of keys a payload does not have: it
/// may let an absent key through, never rule out a present one.
@Suite("Member digest")
struct MemberDigestTests {
    /// Every fixture's members, at the top level and one level down, are kept.
    @Test("A present member is never ruled out")
    func keepsEveryMember() throws {
        let names = FixtureTests.Files.jsonNames
        #expect(names.count == 83)
        for name in names {
            let payload = try FixtureTests.Files.payload(name).json
            for object in [payload] + (payload.objectValue?.values.map { $0 } ?? []) {
                let digest = MemberDigest(object)
                for key in object.objectValue?.keys.map({ $0 }) ?? [] {
                    #expect(digest.mayContain(key), "\(name): \(key)")
                    #expect(digest.member(key, of: object) == object[key], "\(name): \(key)")
                }
            }
        }
    }

    @Test("A digest of names keeps every one of them, and a non-ASCII one rules nothing out")
    func digestOfNames() {
        let codes: [Decision.Code] = [.avatarURLRejected, .groupAvatarURLEmpty, .attachmentRelative, .fieldIgnored]
        let digest = MemberDigest(names: codes.map(\.rawValue))
        for code in codes { #expect(digest.mayContain(code.rawValue), "\(code.rawValue)") }
        #expect(!digest.mayContain(Decision.Code.layoutDetected.rawValue))
        #expect(MemberDigest(names: ["caf\u{E9}"]).mayContain("anything"))
    }

    @Test("Most absent names are ruled out, so the digest saves lookups")
    func rulesOutAbsentNames() {
        let payload: JSONValue = ["aps": ["alert": "Hi"], "sender_name": "Ann"]
        let digest = MemberDigest(payload)
        let absent = ["notifee_options", "custom", "os_data", "experienceId", "scopeKey", "gcm.message_id", "communication", "att", "attachments"]
        #expect(absent.filter(digest.mayContain).count <= 1)
        #expect(digest.member("custom", of: payload) == nil)
        #expect(!digest.mayResolve(Layout.pointer("/communication/sender_name")))
        #expect(digest.mayResolve(Layout.pointer("/sender_name")))
        #expect(digest.mayResolve(JSONPointer(tokens: [])))
        // The whole document, even an empty object, is always there to be read.
        #expect(MemberDigest(.object([:])).mayResolve(JSONPointer(tokens: [])))
        #expect(!MemberDigest(.object([:])).mayResolve(Layout.pointer("/a")))
    }

    @Test("Names that are equal as strings but not in bytes are not ruled out")
    func keepsCanonicallyEqualNames() {
        // U+212A KELVIN SIGN is canonically "K", and "é" may be one scalar or two.
        for (stored, asked) in [("\u{212A}ey", "Key"), ("Key", "\u{212A}ey"), ("caf\u{E9}", "cafe\u{301}"), ("cafe\u{301}", "caf\u{E9}")] {
            let object: JSONValue = .object([stored: "x"])
            #expect(object[asked] == "x")
            #expect(MemberDigest(object).mayContain(asked), "\(stored) asked as \(asked)")
            #expect(MemberDigest(object).mayResolve(JSONPointer(tokens: [asked, "y"])), "\(stored) asked as \(asked)")
        }
    }

    @Test("A value other than an object rules nothing out", arguments: [JSONValue.string("{\"a\": 1}"), .array([1]), .null, .number(JSONNumber(3))])
    func nonObjects(_ value: JSONValue) {
        let digest = MemberDigest(value)
        #expect(digest.mayContain("a"))
        #expect(digest.mayResolve(Layout.pointer("/0")))
    }
}
