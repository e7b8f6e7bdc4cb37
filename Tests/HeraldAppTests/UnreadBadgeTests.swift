// Only where AppleFrameworksStandIn exists (Linux): the stand-in plays iOS's notification center.
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Foundation
import HeraldEnrichment
import Testing

@testable import HeraldApp

@Suite("UnreadBadge")
struct UnreadBadgeTests {
    /// A counter in a container of its own, and that container.
    static func counter() throws -> (BadgeCounter, container: URL) {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent("herald-unread-\(UUID().uuidString)", isDirectory: true)
        return (try BadgeCounter.inContainer(container), container)
    }

    /// The app sets the count and the badge together; the extension's next increment counts on
    /// from there.
    @Test func settingTheCountSetsTheBadgeAndTheNextIncrementCountsOnFromIt() async throws {
        let (counter, container) = try Self.counter()
        defer { try? FileManager.default.removeItem(at: container) }  // a leftover temp folder is harmless
        _ = try counter.add(5)  // five messages counted by the extension
        let badge = try UnreadBadge(appGroupContainer: container)
        #expect(badge.counter.file == counter.file)
        let recorder = StandInRecorder()
        try await StandInRecorder.$current.withValue(recorder) {
            try await badge.set(2)
        }
        #expect(try badge.count() == 2)
        #expect(recorder.badgeCount == 2)
        #expect(try counter.add(1) == 3)
        try await StandInRecorder.$current.withValue(recorder) {
            try await badge.set(-4)
        }
        #expect(try badge.count() == 0 && recorder.badgeCount == 0)
    }

    /// A count that cannot be written leaves the badge as it was.
    @Test func aCountThatCannotBeWrittenLeavesTheBadgeAlone() async throws {
        let badge = UnreadBadge(counter: BadgeCounter(file: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/badge-count")))
        let recorder = StandInRecorder()
        await StandInRecorder.$current.withValue(recorder) {
            await #expect(throws: BadgeCounterError.self) { try await badge.set(1) }
        }
        #expect(recorder.badgeCounts.isEmpty)
    }
}
#endif
