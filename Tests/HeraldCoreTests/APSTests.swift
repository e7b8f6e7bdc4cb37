import Testing

@testable import HeraldCore

@Suite("aps view")
struct APSTests {
    @Test func readsEveryTypedField() throws {
        let aps = APS(json: [
            "alert": ["title": "T", "subtitle": "S", "body": "B", "loc-key": "K", "loc-args": ["a", 2], "title-loc-key": "TK"],
            "badge": 4, "sound": ["critical": 1, "name": "alarm.caf", "volume": 0.5], "thread-id": "t",
            "category": "c", "content-available": 1, "mutable-content": 1, "target-content-id": "w",
            "interruption-level": "time-sensitive", "relevance-score": 0.25, "filter-criteria": "work",
        ])
        #expect(aps.alert == Alert(title: "T", subtitle: "S", body: "B", titleLocKey: "TK", locKey: "K", locArgs: ["a", "2"]))
        #expect(aps.badge == 4)
        #expect(aps.sound == Sound(name: "alarm.caf", isCritical: true, volume: 0.5))
        #expect(aps.threadID == "t")
        #expect(aps.category == "c")
        #expect(aps.contentAvailable)
        #expect(aps.mutableContent)
        #expect(aps.targetContentID == "w")
        #expect(aps.interruptionLevel == .timeSensitive)
        #expect(aps.relevanceScore == 0.25)
        #expect(aps.filterCriteria == "work")
        // loc-args held the number 2: read as "2", and noted.
        #expect(aps.typeIssues == [TypeIssue(key: "alert.loc-args", expected: "a string", found: "2", wasRead: true)])
    }

    @Test func alertStringIsTheBody() {
        let aps = APS(json: ["alert": "hello"])
        #expect(aps.alert?.body == "hello")
        #expect(aps.alertIsString)
        #expect(aps.alert?.isVisible == true)
        #expect(APS(json: ["alert": [:]]).alert?.isVisible == false)
    }

    struct Lenient: Sendable, CustomStringConvertible {
        let aps: JSONValue
        let mutableContent: Bool
        let badge: Int?
        let issue: TypeIssue?
        var description: String { aps.jsonText() }
    }

    @Test(arguments: [
        Lenient(aps: ["mutable-content": "1"], mutableContent: true, badge: nil,
                issue: TypeIssue(key: "mutable-content", expected: "the number 1", found: "\"1\"", wasRead: true)),
        Lenient(aps: ["mutable-content": true], mutableContent: true, badge: nil,
                issue: TypeIssue(key: "mutable-content", expected: "the number 1", found: "true", wasRead: true)),
        Lenient(aps: ["mutable-content": "yes please"], mutableContent: false, badge: nil,
                issue: TypeIssue(key: "mutable-content", expected: "the number 1", found: "\"yes please\"", wasRead: false)),
        Lenient(aps: ["mutable-content": 0], mutableContent: false, badge: nil, issue: nil),
        Lenient(aps: ["badge": "1"], mutableContent: false, badge: 1,
                issue: TypeIssue(key: "badge", expected: "a number", found: "\"1\"", wasRead: true)),
        Lenient(aps: ["badge": "BADGE"], mutableContent: false, badge: nil,
                issue: TypeIssue(key: "badge", expected: "a number", found: "\"BADGE\"", wasRead: false)),
        Lenient(aps: ["badge": -1], mutableContent: false, badge: nil,
                issue: TypeIssue(key: "badge", expected: "a whole number of 0 or more", found: "-1", wasRead: false)),
        Lenient(aps: ["badge": true], mutableContent: false, badge: nil,
                issue: TypeIssue(key: "badge", expected: "a number", found: "true", wasRead: false)),
        Lenient(aps: ["badge": 0], mutableContent: false, badge: 0, issue: nil),
    ])
    func wrongTypesAreReadWhereSafeAndAlwaysNoted(_ example: Lenient) {
        let aps = APS(json: example.aps)
        #expect(aps.mutableContent == example.mutableContent)
        #expect(aps.badge == example.badge)
        #expect(aps.typeIssues == (example.issue.map { [$0] } ?? []))
    }

    @Test func nonObjectValuesNeverCrash() {
        for value: JSONValue in ["aps", 1, [1, 2], nil, true] {
            let aps = APS(json: value)
            #expect(aps.alert == nil)
            #expect(aps.typeIssues.first?.key == "aps")
        }
        let aps = APS(json: ["alert": 5, "sound": [1], "thread-id": ["x"], "relevance-score": "high"])
        #expect(aps.alert == nil)
        #expect(aps.sound == nil)
        #expect(aps.threadID == nil)
        #expect(aps.relevanceScore == nil)
        #expect(aps.typeIssues.map(\.key) == ["alert", "sound", "thread-id", "relevance-score"])
        #expect(aps.typeIssues.allSatisfy { !$0.wasRead })
    }
}
