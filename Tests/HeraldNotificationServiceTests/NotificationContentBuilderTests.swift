// Only where AppleFrameworksStandIn exists (Linux): these tests observe the adapter through
// the stand-in's recorder. On Apple platforms it imports the real frameworks, which record
// nothing a test could check (see Package.swift).
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Foundation
import HeraldCore
import HeraldEnrichment
import Testing

@testable import HeraldNotificationService

@Suite("NotificationContentBuilder")
struct NotificationContentBuilderTests {
    struct SoundCase: Sendable, CustomStringConvertible {
        let description: String
        let sound: Sound
        /// What the content's sound is; `nil` for none.
        let expected: StandInInspection.SoundKind?
    }

    @Test(arguments: [
        SoundCase(
            description: "critical named default: the default critical sound at its volume",
            sound: Sound(name: "default", isCritical: true, volume: 0.5), expected: .critical(name: nil, volume: 0.5)),
        SoundCase(
            description: "critical without a name at 0.2: the default critical sound at 0.2, not full volume",
            sound: Sound(name: nil, isCritical: true, volume: 0.2), expected: .critical(name: nil, volume: 0.2)),
        SoundCase(
            description: "critical without a name or volume: the default critical sound", sound: Sound(name: nil, isCritical: true),
            expected: .critical(name: nil, volume: nil)),
        SoundCase(
            description: "critical volume above 1: full volume", sound: Sound(name: "alarm.caf", isCritical: true, volume: 7),
            expected: .critical(name: UNNotificationSoundName("alarm.caf"), volume: 1)),
        SoundCase(
            description: "critical default volume below 0: silent", sound: Sound(name: "default", isCritical: true, volume: -0.5),
            expected: .critical(name: nil, volume: 0)),
        SoundCase(
            description: "critical with an empty name: the default critical sound", sound: Sound(name: "", isCritical: true),
            expected: .critical(name: nil, volume: nil)),
        SoundCase(
            description: "critical named file at its volume", sound: Sound(name: "alarm.caf", isCritical: true, volume: 0.25),
            expected: .critical(name: UNNotificationSoundName("alarm.caf"), volume: 0.25)),
        SoundCase(
            description: "critical named file without a volume: full volume", sound: Sound(name: "alarm.caf", isCritical: true),
            expected: .critical(name: UNNotificationSoundName("alarm.caf"), volume: 1)),
        SoundCase(description: "default", sound: Sound(name: "default"), expected: .default),
        SoundCase(description: "named file", sound: Sound(name: "ping.caf"), expected: .named(UNNotificationSoundName("ping.caf"))),
        SoundCase(description: "no name, not critical: none", sound: Sound(name: nil), expected: nil),
    ])
    func soundMapsOntoUNNotificationSound(_ soundCase: SoundCase) {
        var fields = ContentFields()
        fields.body = "Rope is packed"
        fields.sound = soundCase.sound
        let enriched = EnrichedNotification(
            stage: .complete, layoutName: "test", extensionWillRun: true, content: fields, message: Message())
        let (content, decisions) = NotificationContentBuilder().content(for: enriched, from: UNMutableNotificationContent())
        #expect(content.sound.map(StandInInspection.sound) == soundCase.expected)
        #expect(content.body == "Rope is packed")
        #expect(decisions.isEmpty)
    }

    @Test func everyContentFieldReachesTheContent() {
        var fields = ContentFields()
        fields.title = "Maya"
        fields.subtitle = "Climbing"
        fields.body = "Rope is packed"
        fields.threadIdentifier = "conv-1"
        fields.categoryIdentifier = "MESSAGE"
        fields.badge = 3
        fields.interruptionLevel = .timeSensitive
        fields.relevanceScore = 0.8
        fields.targetContentIdentifier = "window-2"
        fields.filterCriteria = "work"
        let enriched = EnrichedNotification(stage: .complete, layoutName: "test", extensionWillRun: true, content: fields, message: Message())
        let (content, _) = NotificationContentBuilder().content(for: enriched, from: UNMutableNotificationContent())
        #expect([content.title, content.subtitle, content.body] == ["Maya", "Climbing", "Rope is packed"])
        #expect([content.threadIdentifier, content.categoryIdentifier] == ["conv-1", "MESSAGE"])
        #expect(content.badge == 3)
        #expect(content.interruptionLevel == .timeSensitive)
        #expect(content.relevanceScore == 0.8)
        #expect(content.targetContentIdentifier == "window-2")
        #expect(content.filterCriteria == "work")
    }
}
#endif
