import Foundation
import Testing

@testable import HeraldCore

@Suite("JSON parsing")
struct JSONParserTests {
    @Test func integersBeyondDoublePrecisionKeepEveryDigit() throws {
        let value = try JSONValue(parsing: #"{"id": 5583118048490418076, "huge": -123456789012345678901234567890}"#)
        #expect(value["id"]?.numberValue?.text == "5583118048490418076")
        #expect(value["huge"]?.numberValue?.text == "-123456789012345678901234567890")
        #expect(value.jsonText() == #"{"huge":-123456789012345678901234567890,"id":5583118048490418076}"#)
    }

    @Test func aRepeatedKeyKeepsItsLastValueAndFirstSpelling() throws {
        let value = try JSONValue(parsing: #"{"a": 1, "b": {"c": true, "c": false}, "a": 3}"#)
        #expect(value == ["a": 3, "b": ["c": false]])
        // Swift's String == holds for canonically equivalent keys: one member, the first key's bytes.
        let equivalent = try JSONValue(parsing: Data(#"{"e\#u{301}": 1, "\#u{E9}": 2}"#.utf8))
        #expect(equivalent.objectValue?.count == 1)
        #expect(equivalent.objectValue?.keys.first.map { Array($0.utf8) } == Array("e\u{301}".utf8))
        #expect(equivalent.objectValue?.values.first == 2)
    }

    @Test func surrogatePairEscapesBecomeOneScalar() throws {
        let value = try JSONValue(parsing: #"["\ud83d\udce7 mail", "\u00e9"]"#)
        #expect(Array(value.arrayValue![0].stringValue!.utf8) == [0xF0, 0x9F, 0x93, 0xA7] + Array(" mail".utf8))
        #expect(Array(value.arrayValue![1].stringValue!.utf8) == [0xC3, 0xA9])
    }

    @Test func rawUTF8StringsComeThroughByteExact() throws {
        // Decomposed e + combining acute, Hebrew (right-to-left) and an emoji with a variation selector:
        // Swift's == would call the decomposed form equal to "é", so compare bytes.
        let text = "e\u{301} שלום \"ציטוט\" ❤️ Thiemo\u{FE0F}"
        let json = Data(#"{"t":""#.utf8) + Data(text.replacingOccurrences(of: "\"", with: "\\\"").utf8) + Data(#""}"#.utf8)
        let value = try JSONValue(parsing: json)
        #expect(Array(value["t"]!.stringValue!.utf8) == Array(text.utf8))
        #expect(try JSONValue(parsing: value.encoded()) == value)
        #expect(Array(value.encoded()) == Array(json))
    }

    @Test func nullIsDistinctFromAbsent() throws {
        let value = try JSONValue(parsing: #"{"image": null}"#)
        #expect(value["image"] == .null)
        #expect(value["link"] == nil)
    }

    @Test func booleansAreNotNumbers() throws {
        let value = try JSONValue(parsing: #"[true, 1, false, 0]"#)
        #expect(value == [.bool(true), .number(JSONNumber(1)), .bool(false), .number(JSONNumber(0))])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        #expect(try JSONValue(parsing: [0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
    }

    @Test func escapesAreDecodedAndControlCharactersReEscaped() throws {
        let value = try JSONValue(parsing: #""a\/b\n\t\"\\\u0001""#)
        #expect(value.stringValue == "a/b\n\t\"\\\u{1}")
        #expect(value.jsonText() == #""a/b\n\t\"\\\u0001""#)
    }

    struct Malformed: Sendable, CustomStringConvertible {
        let text: String
        let code: JSONParseError.Code
        let line: Int
        let column: Int
        var description: String { text }
    }

    @Test(arguments: [
        Malformed(text: "", code: .emptyInput, line: 1, column: 1),
        Malformed(text: "{\n  \"a\": 1\n  \"b\": 2\n}", code: .unexpectedCharacter, line: 3, column: 3),
        Malformed(text: "{\"a\": [1, 2,]}", code: .unexpectedCharacter, line: 1, column: 13),
        Malformed(text: "{\"a\": 1,}", code: .unexpectedCharacter, line: 1, column: 9),
        Malformed(text: "{a: 1}", code: .unexpectedCharacter, line: 1, column: 2),
        Malformed(text: "{\"é\": “x”}", code: .unexpectedCharacter, line: 1, column: 7),
        Malformed(text: "[\"never closed", code: .unexpectedEnd, line: 1, column: 2),
        Malformed(text: "[01]", code: .unexpectedCharacter, line: 1, column: 3),
        Malformed(text: "[1.]", code: .invalidNumber, line: 1, column: 2),
        Malformed(text: "[-]", code: .invalidNumber, line: 1, column: 2),
        Malformed(text: "\"\\ud83d\"", code: .invalidEscape, line: 1, column: 2),
        Malformed(text: "\"\\udce7\"", code: .invalidEscape, line: 1, column: 2),
        Malformed(text: "\"\\x\"", code: .invalidEscape, line: 1, column: 2),
        Malformed(text: "\"tab\there\"", code: .controlCharacterInString, line: 1, column: 5),
        Malformed(text: "[1] [2]", code: .trailingContent, line: 1, column: 5),
        Malformed(text: "{\"a”: 1,\n\"b\": 2}", code: .typographicQuote, line: 1, column: 4),
        Malformed(text: "[\"abc”]", code: .typographicQuote, line: 1, column: 6),
        Malformed(text: "{'aps': 1}", code: .unexpectedCharacter, line: 1, column: 2),
        Malformed(text: "tru", code: .unexpectedCharacter, line: 1, column: 1),
    ])
    func malformedInputGivesPosition(_ input: Malformed) {
        #expect {
            try JSONValue(parsing: input.text)
        } throws: { error in
            guard let error = error as? JSONParseError else { return false }
            return error.code == input.code && error.line == input.line && error.column == input.column
        }
    }

    @Test func anEmptyInputIsSaidToBeEmpty() {
        #expect { try JSONValue(parsing: "") } throws: { ($0 as? JSONParseError)?.detail == "it is empty" }
        #expect { try JSONValue(parsing: " \n\t") } throws: { ($0 as? JSONParseError)?.detail == "it holds only white space, no JSON value" }
    }

    @Test func typographicQuoteIsNamedInTheMessage() {
        #expect {
            try JSONValue(parsing: "{“aps”: 1}")
        } throws: { error in
            (error as? JSONParseError)?.detail.contains("typographic quote") == true
        }
    }

    @Test(arguments: [
        [0xFF, 0xFE],  // never UTF-8
        [0xC0, 0xAF],  // overlong "/"
        [0xED, 0xA0, 0x80],  // a UTF-16 surrogate
        [0xE2, 0x80],  // a sequence cut short
        [0x61, 0x80],  // a stray continuation byte
        [0xF4, 0x90, 0x80, 0x80],  // past U+10FFFF
    ] as [[UInt8]])
    func invalidUTF8IsAnError(bytes: [UInt8]) {
        #expect {
            try JSONValue(parsing: Array("[\"".utf8) + bytes + Array("\"]".utf8))
        } throws: { ($0 as? JSONParseError)?.code == .invalidUTF8 }
    }

    @Test func validMultibyteUTF8IsKept() throws {
        let text = "é – 中 🦊"
        #expect(try JSONValue(parsing: Array("[\"".utf8) + Array(text.utf8) + Array("\"]".utf8)) == [.string(text)])
    }

    @Test func deepNestingIsRefusedNotACrash() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect { try JSONValue(parsing: deep) } throws: { ($0 as? JSONParseError)?.code == .tooDeep }
        let allowed = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect(throws: Never.self) { try JSONValue(parsing: allowed) }
    }

    @Test func prettyEncodingParsesBackEqual() throws {
        let value: JSONValue = ["aps": ["alert": ["body": "hi"], "badge": 1], "list": [1, "two", nil, false], "empty": [:]]
        let pretty = value.jsonText(.pretty)
        #expect(pretty.contains("\n  \"aps\": {\n"))
        #expect(try JSONValue(parsing: pretty) == value)
    }

    @Test func byteCountMatchesTheCompactEncoding() throws {
        let values: [JSONValue] = [
            nil, true, false, 12.5, "", "quote \" backslash \\ newline \n tab \t bell \u{7} é 🧗", [], [:], [1, [2, [3]]],
            ["aps": ["alert": ["body": "x"], "badge": 1], "k\n": [nil, false, "v"]],
        ]
        for value in values {
            #expect(value.encodedByteCount == value.encoded().count, "\(value.jsonText())")
        }
    }

    @Test func parsedPayloadCountsTheCompactEncodingAsItParses() throws {
        let texts = [
            #"  { "a" : [ 1 , -2.5e3 , true , false , null , "" , { } , [ ] ] , "b" : "x" }  "#,
            "\u{FEFF}{\"k\": \"caf\u{E9} 🧗\"}",
            #"{"esc\u0041\n": "quote \" slash \/ tab \t bell \u0007 \ud83e\uddd7"}"#,
            // A repeated key keeps its first spelling and takes its last value, at any depth.
            #"{"a": 1, "b": [1, 2, 3], "a": {"x": "long value", "x": 2}, "b": "s"}"#,
            "{\"\u{E9}\": \"first spelling\", \"e\u{301}\": [true, null], \"z\": 0}",
            #"{"d": 1, "d": 22, "d": 333}"#,
            #"[{"a": 1, "a": 2}, "\u00e9", 0]"#,
        ]
        for text in texts {
            let payload = try Payload(data: Array(text.utf8))
            #expect(payload.byteCount == payload.json.encoded().count, "\(text)")
            #expect(payload.byteCount == Payload(json: payload.json).byteCount, "\(text)")
        }
    }

    @Test func numberViews() throws {
        #expect(JSONNumber(text: "3.0")?.intValue == 3)
        #expect(JSONNumber(text: "3.5")?.intValue == nil)
        #expect(JSONNumber(text: "1e30")?.intValue == nil)
        #expect(JSONNumber(text: "01") == nil)
        #expect(JSONNumber(text: "1e") == nil)
        #expect(JSONNumber(0.5)?.text == "0.5")
        #expect(JSONNumber(Double.nan) == nil)
        #expect(JSONNumber(text: "-0.25e+2")?.doubleValue == -25)
    }
}
