import Foundation
import Testing

@testable import HeraldCore

@Suite("userInfo bridging")
struct JSONValueUserInfoTests {
    @Test func booleansAndNumbersStayApart() throws {
        let userInfo: [AnyHashable: Any] = [
            "flag": true, "one": 1, "nsFlag": NSNumber(value: false), "nsOne": NSNumber(value: 1), "half": 0.5,
        ]
        let value = try JSONValue(userInfo: userInfo)
        #expect(value["flag"] == .bool(true))
        #expect(value["nsFlag"] == .bool(false))
        #expect(value["one"] == .number(JSONNumber(1)))
        #expect(value["nsOne"] == .number(JSONNumber(1)))
        #expect(value["half"]?.numberValue?.text == "0.5")
    }

    @Test func userInfoFromJSONSerializationMatchesOurParser() throws {
        // What iOS hands the extension is JSONSerialization-shaped; both paths must agree,
        // including an integer above 2^53 (JSONSerialization keeps it exact as Int64).
        let text = #"{"aps":{"alert":{"title":"T","body":"B"},"mutable-content":1},"id":5583118048490418076,"ok":true,"n":null,"l":[1,"2"]}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [AnyHashable: Any]
        #expect(try JSONValue(userInfo: object) == JSONValue(parsing: text))
    }

    @Test func decimalNumbersKeepDigits() throws {
        let value = try JSONValue(userInfo: ["big": NSDecimalNumber(string: "123456789012345678901234")])
        #expect(value["big"]?.numberValue?.text == "123456789012345678901234")
    }

    @Test func unsupportedValueNamesItsPointer() {
        #expect {
            try JSONValue(userInfo: ["custom": ["a": ["when": Date()]]])
        } throws: { error in
            (error as? JSONValue.UnsupportedValueError)?.pointer == "/custom/a/when"
        }
    }

    @Test func foundationObjectRoundTrips() throws {
        let value: JSONValue = ["a": [true, 2, "x", nil], "big": .number(JSONNumber(text: "98765432109876543210")!), "f": 0.25]
        let object = try #require(value.foundationObject as? [AnyHashable: Any])
        #expect(try JSONValue(userInfo: object) == value)
    }

    /// `depth` dictionaries, one inside the next, built without recursion.
    static func nested(_ depth: Int) -> [AnyHashable: Any] {
        var userInfo: [AnyHashable: Any] = ["leaf": "x"]
        for _ in 1..<depth { userInfo = ["a": userInfo] }
        return userInfo
    }

    @Test func nestingIsReadAsDeepAsTheParserReads() throws {
        let depth = JSONValue.maximumDepth
        let pointer = JSONPointer(tokens: Array(repeating: "a", count: depth - 1) + ["leaf"])
        #expect(pointer.resolve(in: try JSONValue(userInfo: Self.nested(depth))) == "x")
        let text = String(repeating: #"{"a":"#, count: depth - 1) + #"{"leaf":"x"}"# + String(repeating: "}", count: depth - 1)
        #expect(try JSONValue(userInfo: Self.nested(depth)) == JSONValue(parsing: text))
    }

    @Test(arguments: [JSONValue.maximumDepth + 1, 10_000])
    func deeperNestingIsRefusedWithoutCrashing(_ depth: Int) {
        let userInfo = Self.nested(depth)
        #expect(throws: JSONValue.UnsupportedValueError(.tooDeep, pointer: String(repeating: "/a", count: 512), typeName: "Dictionary<AnyHashable, Any>")) {
            try Payload(userInfo: userInfo)
        }
        // Arrays count as the parser counts them.
        var array: [Any] = ["x"]
        for _ in 1..<depth { array = [array] }
        #expect {
            try JSONValue(userInfo: ["l": array])
        } throws: { error in
            (error as? JSONValue.UnsupportedValueError)?.code == .tooDeep && "\(error)".contains("deeper than 512")
        }
    }
}
