import Testing

@testable import HeraldCore

@Suite("JSON Pointer")
struct JSONPointerTests {
    @Test func escapesFollowRFC6901() throws {
        let pointer = try #require(JSONPointer("/a~1b/c~0d/"))
        #expect(pointer.tokens == ["a/b", "c~d", ""])
        #expect(pointer.description == "/a~1b/c~0d/")
        #expect(JSONPointer("no-slash") == nil)
        #expect(JSONPointer("/bad~2") == nil)
        #expect(JSONPointer("")?.tokens == [])
    }

    @Test func resolvesObjectsArraysAndJSONHeldInStrings() throws {
        let document: JSONValue = [
            "communication": .string(#"{"sender_name": "Ann", "recipients": ["b", "c"]}"#),
            "list": [10, 20],
            "text": "not json",
        ]
        #expect(JSONPointer("/communication/sender_name")?.resolve(in: document) == "Ann")
        #expect(JSONPointer("/communication/recipients/1")?.resolve(in: document) == "c")
        #expect(JSONPointer("/list/1")?.resolve(in: document) == 20)
        #expect(JSONPointer("/list/2")?.resolve(in: document) == nil)
        #expect(JSONPointer("/list/+1")?.resolve(in: document) == nil)
        #expect(JSONPointer("/text/x")?.resolve(in: document) == nil)
        #expect(JSONPointer("")?.resolve(in: document) == document)
    }

    @Test func setCreatesObjectsAlongTheWay() throws {
        var document: JSONValue = ["aps": ["badge": 1], "custom": "replaced"]
        document.set("x", at: try #require(JSONPointer("/custom/a/b")))
        document.set(2, at: try #require(JSONPointer("/aps/badge")))
        #expect(document == ["aps": ["badge": 2], "custom": ["a": ["b": "x"]]])
    }
}
