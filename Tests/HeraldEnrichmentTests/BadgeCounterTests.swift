import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment

@Suite("The unread count in the app group")
struct BadgeCounterTests {
    static func counter() throws -> BadgeCounter {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("herald-badge-\(UUID().uuidString)", isDirectory: true)
        return try BadgeCounter.inContainer(container)
    }

    @Test func aThousandConcurrentIncrementsGiveAnExactCount() throws {
        let counter = try Self.counter()
        // Each change opens the file on its own descriptor and locks it, as another process would.
        // A failed change is not thrown here but counted: the count below would come up short.
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
            _ = try? counter.add(1)
        }
        #expect(try counter.count() == 1_000)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            _ = try? counter.add(index.isMultiple(of: 2) ? -3 : 1)
        }
        #expect(try counter.count() == 1_000 - 200 * 3 + 200)
    }

    /// iOS may run several extension processes at once, and the app is another: a process
    /// holding the lock makes an increment wait, which then counts on from what that process
    /// wrote. The other process is python3, taking the same `flock` on the same file.
    @Test func anotherProcessHoldingTheLockMakesAnIncrementWaitForItsWrite() throws {
        let counter = try Self.counter()
        try counter.set(3)
        let script = """
            import fcntl, os, sys, time
            fd = os.open(sys.argv[1], os.O_RDWR)
            fcntl.flock(fd, fcntl.LOCK_EX)
            print("locked", flush=True)
            time.sleep(0.5)
            value = int(os.pread(fd, 32, 0) or b"0")
            os.ftruncate(fd, 0)
            os.pwrite(fd, str(value + 10).encode(), 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, counter.file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // Once the other process holds the lock (a blocking read: its first bytes, which may
        // come before the line's end).
        #expect(String(decoding: output.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("locked"))
        // Without the lock this would read 3 and write 4 while the other process sleeps.
        #expect(try counter.add(1) == 14)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try counter.count() == 14)
    }

    @Test func theCountNeverGoesBelowZeroAndTheAppCanSetIt() throws {
        let counter = try Self.counter()
        #expect(try counter.count() == 0)
        #expect(try counter.add(-5) == 0)
        try counter.set(12)
        #expect(try counter.add(1) == 13)
        try counter.set(-4)
        #expect(try counter.count() == 0)
        #expect(try counter.add(.max) == .max)
        #expect(try counter.add(1) == .max)
    }

    @Test func aDamagedFileCountsFromZeroAndTheFileIsPrivate() throws {
        let counter = try Self.counter()
        try Data("not a number".utf8).write(to: counter.file)
        #expect(try counter.add(2) == 2)
        #expect(try String(contentsOf: counter.file, encoding: .utf8) == "2")
        let fresh = try Self.counter()
        _ = try fresh.add(1)
        let mode = try FileManager.default.attributesOfItem(atPath: fresh.file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: fresh.file.deletingLastPathComponent().path)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
    }

    @Test func aLinkInItsPlaceIsRefused() throws {
        let counter = try Self.counter()
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("herald-badge-target-\(UUID().uuidString)")
        try Data("7".utf8).write(to: elsewhere)
        try FileManager.default.createSymbolicLink(at: counter.file, withDestinationURL: elsewhere)
        #expect(throws: BadgeCounterError.self) { try counter.add(1) }
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "7")
    }

    // MARK: In the pipeline

    static func enricher(_ counter: BadgeCounter?, center: ScriptedCenter? = nil) -> Enricher<ManualClock> {
        var configuration = EnrichmentConfiguration(fetchMedia: false, attachmentDirectory: EnricherTests.temporaryDirectory())
        configuration.badgeCounter = counter
        configuration.retractFallback = .filtered
        return Enricher(configuration: configuration, clock: ManualClock(), fetcher: ScriptedFetcher([:]), deliveredNotifications: center)
    }

    static func payload(_ communication: [String: JSONValue], badge: Int? = nil) -> Payload {
        var aps: [String: JSONValue] = ["alert": ["title": "Ann", "body": "hi"], "mutable-content": 1]
        aps["badge"] = badge.map { .number(JSONNumber($0)) }
        return Payload(json: ["aps": .object(aps), "communication": .object(["sender_name": "Ann", "conversation_id": "c1"].merging(communication) { $1 })])
    }

    @Test func messagesCountUpAndADeleteTakesOffWhatItsMessagesAdded() async throws {
        let counter = try Self.counter()
        let first = await Self.enricher(counter).enrich(Self.payload(["message_id": "m-1", "badge_increment": 1]))
        #expect(first.content.badge == 1)
        #expect(first.countedInBadge == 1)
        // FCM sends every value as a string.
        let second = await Self.enricher(counter).enrich(Self.payload(["message_id": "m-2", "badge_increment": "2"]))
        #expect(second.content.badge == 3)
        let center = ScriptedCenter([
            DeliveredNotification(requestIdentifier: "r-1", messageIdentifiers: ["m-1"], conversationIdentifier: "c1", badgeIncrement: 1),
            DeliveredNotification(requestIdentifier: "r-2", messageIdentifiers: ["m-2"], conversationIdentifier: "c1", badgeIncrement: 2),
        ])
        let deleted = await Self.enricher(counter, center: center).enrich(Self.payload(["retracts": "m-2"]))
        #expect(deleted.deliversNothing)
        #expect(deleted.content.badge == 1)
        #expect(try counter.count() == 1)
        #expect(deleted.decisions.contains(Decision(.badgeCounted, "the unread count is now 1 (-2), shown as the badge")))
    }

    @Test func anAbsoluteBadgeSetsTheCountSoTheyStayInStep() async throws {
        let counter = try Self.counter()
        try counter.set(9)
        let result = await Self.enricher(counter).enrich(Self.payload(["badge_increment": 1], badge: 4))
        #expect(result.content.badge == 4)
        #expect(try counter.count() == 4)
    }

    @Test func withoutACounterTheBadgeIsLeftAloneAndSaysWhy() async {
        let result = await Self.enricher(nil).enrich(Self.payload(["badge_increment": 1]))
        #expect(result.content.badge == nil)
        #expect(result.decisions.map(\.code).contains(.badgeNotCounted))
    }

    @Test(arguments: [JSONValue.string("abc"), -1, 0, 1.5])
    func anIncrementThatIsNoWholeNumberAboveZeroIsIgnored(increment: JSONValue) {
        let preview = Preview(payload: Self.payload(["badge_increment": increment]))
        #expect(preview.message.badgeIncrement == nil)
        #expect(preview.decisions.contains { $0.code == .fieldIgnored && $0.message.hasSuffix("ignored: it is not a whole number above 0") })
    }

    @Test func anEditOrARetractionCarriesNoIncrement() {
        let edit = Preview(payload: Self.payload(["badge_increment": 1, "replaces": "m-1"]))
        #expect(edit.message.badgeIncrement == nil)
        #expect(edit.decisions.contains(Decision(.fieldIgnored, "badge_increment \"1\" ignored: an edit keeps the count of the message it replaces")))
        let delete = Preview(payload: Self.payload(["badge_increment": 1, "retracts": "m-1"]))
        #expect(delete.message.badgeIncrement == nil)
        #expect(Message(action: .retract(["m-1"]), badgeIncrement: 2).normalized.badgeIncrement == nil)
        #expect(Message(badgeIncrement: 2).normalized.badgeIncrement == 2)
    }
}
