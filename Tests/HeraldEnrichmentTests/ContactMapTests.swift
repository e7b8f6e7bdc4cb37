import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment

@Suite("The app's contact map in the app group")
struct ContactMapTests {
    static func map() throws -> ContactMap {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("herald-contacts-\(UUID().uuidString)", isDirectory: true)
        return try ContactMap.inContainer(container)
    }

    @Test func aSavedHandleIsFoundInTheFormsPushesWriteIt() throws {
        let map = try Self.map()
        try map.replace(with: [
            Handle(value: "+49 151 1234-5678", kind: .phone): "C-PHONE",
            Handle(value: "Maya@Example.com ", kind: .email): "C-EMAIL",
            Handle(value: "user-42", kind: .app): "C-APP",
        ])
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "+4915112345678", kind: .phone)]) == "C-PHONE")
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "maya@example.com", kind: .email)]) == "C-EMAIL")
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "user-42", kind: .app)]) == "C-APP")
        // An app id is compared exactly, and a number without its + is another number.
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "User-42", kind: .app)]) == nil)
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "4915112345678", kind: .phone)]) == nil)
        // The kind is part of the match: an app id that looks like the number matches nothing.
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "+4915112345678", kind: .app)]) == nil)
        // The first handle the map holds wins.
        let both = [Handle(value: "nobody", kind: .app), Handle(value: "user-42", kind: .app), Handle(value: "maya@example.com", kind: .email)]
        #expect(try map.contactIdentifier(forFirstOf: both) == "C-APP")
    }

    @Test func noMapYetMatchesNothingAndASaveReplacesTheWholeMap() throws {
        let map = try Self.map()
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "user-42", kind: .app)]) == nil)
        try map.replace(with: [Handle(value: "user-42", kind: .app): "C-1"])
        try map.replace(with: [Handle(value: "user-43", kind: .app): "C-2"])
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "user-42", kind: .app)]) == nil)
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "user-43", kind: .app)]) == "C-2")
        let mode = try FileManager.default.attributesOfItem(atPath: map.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test(arguments: [
        ([Handle(value: "(no digits)", kind: .phone): "C-1"], "nothing to match by"),
        ([Handle(value: "   ", kind: .email): "C-1"], "nothing to match by"),
        ([Handle(value: "user\t42", kind: .app): "C-1"], "a tab or a line break"),
        ([Handle(value: "user-42", kind: .app): "C-1\nphone\t+1\tC-EVIL"], "a tab or a line break"),
        ([Handle(value: "user-42", kind: .app): ""], "is empty"),
        ([Handle(value: "+1 555 0100", kind: .phone): "C-1", Handle(value: "+15550100", kind: .phone): "C-2"], "two contacts"),
    ])
    func aMapThatCouldNotBeReadBackIsRefusedAndTheOldOneStays(_ contacts: [Handle: String], reason: String) throws {
        let map = try Self.map()
        try map.replace(with: [Handle(value: "user-1", kind: .app): "C-OLD"])
        #expect {
            try map.replace(with: contacts)
        } throws: { error in
            "\(error)".contains(reason)
        }
        #expect(try map.contactIdentifier(forFirstOf: [Handle(value: "user-1", kind: .app)]) == "C-OLD")
    }

    @Test func aLinkAFolderAForeignFileOrAnOversizedMapIsRefused() throws {
        let map = try Self.map()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("herald-contacts-target-\(UUID().uuidString)")
        try Data("herald-contacts 1\napp\tuser-42\tC-PLANTED\n".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: map.file, withDestinationURL: elsewhere)
        let user = [Handle(value: "user-42", kind: .app)]
        #expect(throws: ContactMapError.self) { try map.contactIdentifier(forFirstOf: user) }
        #expect(throws: ContactMapError.self) { try map.replace(with: [:]) }

        try FileManager.default.removeItem(at: map.file)
        try FileManager.default.createDirectory(at: map.file, withIntermediateDirectories: false)
        #expect(throws: ContactMapError.self) { try map.contactIdentifier(forFirstOf: user) }

        try FileManager.default.removeItem(at: map.file)
        try Data("app\tuser-42\tC-1\n".utf8).write(to: map.file)
        #expect(throws: ContactMapError.self) { try map.contactIdentifier(forFirstOf: user) }

        var oversized = Data("herald-contacts 1\n".utf8)
        oversized.append(Data(repeating: UInt8(ascii: "x"), count: ContactMap.byteLimit))
        try oversized.write(to: map.file)
        #expect(throws: ContactMapError.self) { try map.contactIdentifier(forFirstOf: user) }
    }

    @Test func aMapTooLargeForTheExtensionIsNotWritten() throws {
        let map = try Self.map()
        let identifier = String(repeating: "C", count: 200)
        let contacts = Dictionary(uniqueKeysWithValues: (0..<25_000).map { (Handle(value: "user-\($0)", kind: .app), identifier) })
        #expect {
            try map.replace(with: contacts)
        } throws: { error in
            "\(error)".contains("past the \(ContactMap.byteLimit)")
        }
        #expect(!FileManager.default.fileExists(atPath: map.file.path))
    }

    // MARK: In the pipeline

    static func enricher(_ map: ContactMap?) -> Enricher<ManualClock> {
        var configuration = EnrichmentConfiguration(fetchMedia: false, attachmentDirectory: EnricherTests.temporaryDirectory())
        configuration.contactMap = map
        return Enricher(configuration: configuration, clock: ManualClock(), fetcher: ScriptedFetcher([:]))
    }

    static func payload(_ communication: [String: JSONValue]) -> Payload {
        Payload(json: [
            "aps": ["alert": ["title": "Ann", "body": "hi"], "mutable-content": 1],
            "communication": .object(["sender_name": "Ann", "conversation_id": "c1"].merging(communication) { $1 }),
        ])
    }

    @Test func theSenderIsLookedUpByHandleThenByTheAppsID() async throws {
        let map = try Self.map()
        try map.replace(with: [Handle(value: "+15550100", kind: .phone): "C-PHONE", Handle(value: "u-9", kind: .app): "C-APP"])
        let byHandle = await Self.enricher(map).enrich(Self.payload(["sender_id": "u-9", "sender_handle": "+1 555 0100"]))
        #expect(byHandle.senderContactIdentifier == "C-PHONE")
        let byID = await Self.enricher(map).enrich(Self.payload(["sender_id": "u-9", "sender_handle": "ann@example.com"]))
        #expect(byID.senderContactIdentifier == "C-APP")
        let neither = await Self.enricher(map).enrich(Self.payload(["sender_id": "u-10"]))
        #expect(neither.senderContactIdentifier == nil)
        #expect(!neither.decisions.contains { $0.code == .contactMapUnreadable })
    }

    @Test func anUnreadableMapIsADecisionNotAFailure() async throws {
        let map = try Self.map()
        try Data("not a map".utf8).write(to: map.file)
        let notification = await Self.enricher(map).enrich(Self.payload(["sender_id": "u-9", "sender_handle": "+15550100"]))
        #expect(notification.senderContactIdentifier == nil)
        let decision = try #require(notification.decisions.first { $0.code == .contactMapUnreadable })
        #expect(decision.message.contains("is not a contact map Herald wrote"))
        // The handle is the sender's own data; the decision, which is logged, does not repeat it.
        #expect(!decision.message.contains("555"))
        #expect(notification.content.body == "hi")
    }
}
