import AppleFrameworksStandIn
import Foundation
import Testing

@Suite("UNNotificationContent copying")
struct ContentCopyingTests {
    @Test("the copy idiom gives an independent mutable copy of a request's content")
    func copyIdiom() throws {
        let original = TestSupport.content()
        original.userInfo = ["aps": ["mutable-content": 1]]
        let request = UNNotificationRequest(identifier: "r1", content: original, trigger: nil)

        let copy = try #require(request.content.mutableCopy() as? UNMutableNotificationContent)
        copy.title = "Changed"
        copy.userInfo["extra"] = true

        #expect(request.content.title == "Maya")
        #expect(request.content.userInfo["extra"] == nil)
        #expect(copy.title == "Changed")
        #expect(copy.subtitle == "Weekend climbing")
        #expect(copy !== request.content)
    }

    @Test("a request holds a copy: changing the content afterwards does not change it")
    func requestCopiesContent() {
        let original = TestSupport.content()
        let request = UNNotificationRequest(identifier: "r1", content: original, trigger: nil)
        original.title = "Changed later"

        #expect(request.identifier == "r1")
        #expect(request.content.title == "Maya")
        #expect(request.trigger == nil)
        // The request's content is immutable: casting it instead of copying it fails.
        #expect((request.content as? UNMutableNotificationContent) == nil)
    }

    @Test("copy() of mutable content is immutable and independent")
    func copyIsImmutable() throws {
        let mutable = TestSupport.content()
        let copy = try #require(mutable.copy() as? UNNotificationContent)
        mutable.body = "Changed"

        #expect(!(copy is UNMutableNotificationContent))
        #expect(copy.body == "Rope is packed")
    }

    @Test("every property survives mutableCopy(), copy() and an archive round trip")
    func everyPropertyCopied() throws {
        let content = try Self.fullContent()
        let mutableCopy = try #require(content.mutableCopy() as? UNMutableNotificationContent)
        let copy = try #require(content.copy() as? UNNotificationContent)
        let data = try NSKeyedArchiver.archivedData(withRootObject: content, requiringSecureCoding: true)
        let unarchived = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: UNNotificationContent.self, from: data))

        for candidate in [mutableCopy, copy, unarchived] {
            #expect(candidate.title == "t")
            #expect(candidate.subtitle == "s")
            #expect(candidate.body == "b")
            #expect(candidate.badge == NSNumber(value: 3))
            #expect(candidate.sound.map(StandInInspection.sound) == .critical(name: UNNotificationSoundName("ping.caf"), volume: 0.5))
            #expect((candidate.userInfo["aps"] as? [String: Any])?["mutable-content"] as? Int == 1)
            #expect(candidate.attachments.map(\.identifier) == ["a1"])
            #expect(candidate.attachments.first?.type == "public.jpeg")
            #expect(candidate.categoryIdentifier == "c")
            #expect(candidate.threadIdentifier == "th")
            #expect(candidate.launchImageName == "l")
            #expect(candidate.targetContentIdentifier == "tc")
            #expect(candidate.interruptionLevel == .timeSensitive)
            #expect(candidate.relevanceScore == 0.75)
            #expect(candidate.filterCriteria == "work")
        }
    }

    @Test("defaults of new content")
    func defaults() {
        let content = UNMutableNotificationContent()
        #expect(content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty)
        #expect(content.badge == nil && content.sound == nil && content.targetContentIdentifier == nil)
        #expect(content.userInfo.isEmpty && content.attachments.isEmpty)
        #expect(content.interruptionLevel == .active)  // the stand-in's model; UNVERIFIED on iOS
        #expect(content.relevanceScore == 0 && content.filterCriteria == nil)
        #expect(StandInInspection.contentProvider(of: content) == nil)
    }

    static func fullContent() throws -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = "t"
        content.subtitle = "s"
        content.body = "b"
        content.badge = 3
        content.sound = UNNotificationSound.criticalSoundNamed(UNNotificationSoundName("ping.caf"), withAudioVolume: 0.5)
        content.userInfo = ["aps": ["mutable-content": 1], "id": "x"]
        let file = try TestSupport.temporaryFile(named: "photo.jpg", size: 1_000)
        content.attachments = [try UNNotificationAttachment(identifier: "a1", url: file, options: nil)]
        content.categoryIdentifier = "c"
        content.threadIdentifier = "th"
        content.launchImageName = "l"
        content.targetContentIdentifier = "tc"
        content.interruptionLevel = .timeSensitive
        content.relevanceScore = 0.75
        content.filterCriteria = "work"
        return content
    }
}
