import Foundation
import HeraldCore
import NotificationServiceTestSupport
import HeraldTestSupport
import Testing

@testable import APNsExample
@testable import FirebaseExample
@testable import FirebaseMessaging
@testable import OneSignalExample
@testable import OneSignalExtension

#if canImport(UserNotifications)
import UserNotifications
#else
import AppleFrameworksStandIn
#endif

// The extensions in Examples/NotificationServiceExtensions, compiled unchanged through the
// symlinks under Tests/Examples and run on the stand-in. Their payloads name no media, so
// nothing reaches the network.

/// A group message as OneSignal delivers it (classic layout), without avatar or attachment.
private let oneSignalGroupMessage: JSONValue = Layout.oneSignal.encode(
    Message(
        sender: Person(identifier: "user-1842", displayName: "Maya Lindqvist"),
        conversationIdentifier: "conv-8c2f1e", groupName: "Weekend climbing", recipients: ["user-1", "user-2"]),
    into: [
        "aps": ["alert": ["title": "Maya", "body": "Rope is packed."], "mutable-content": 1],
        "custom": ["i": "9a0b2c3d-4e5f-4a6b-8c7d-1e2f3a4b5c6d"],
    ])

@Suite("Example extensions")
struct ExampleExtensionTests {
    @Test func theAPNsOneLineSubclassDeliversAPlainPush() async {
        let handler = ContentHandlerRecorder()
        let delivered = await StandInRecorder.$current.withValue(StandInRecorder()) {
            APNsExample.NotificationService().didReceive(
                request(["aps": ["alert": ["title": "Hi", "body": "there"], "mutable-content": 1]]), withContentHandler: handler.handler)
            return await handler.waitForDelivery()
        }
        #expect(delivered.map(\.body) == ["there"])
    }

    @Test func oneSignalProcessesHeraldsCommunicationContentAndItsResultIsDelivered() async throws {
        let recorder = StandInRecorder()
        let handler = ContentHandlerRecorder()
        let push = request(oneSignalGroupMessage)
        let delivered = await StandInRecorder.$current.withValue(recorder) {
            OneSignalExample.NotificationService().didReceive(push, withContentHandler: handler.handler)
            return await handler.waitForDelivery()
        }
        #expect(delivered.count == 1)
        let call = try #require(OneSignalExtension.calls(for: push.identifier).only)
        // OneSignal saw the content after Herald's donation and update, not the original.
        #expect(recorder.donations.count == 1)
        #expect(StandInInspection.contentProvider(of: call.received) != nil)
        let intent = try #require(recorder.donations.first?.intent as? INSendMessageIntent)
        #expect(StandInInspection.message(intent).speakableGroupName.map(StandInInspection.spokenPhrase) == "Weekend climbing")
        // What iOS received is what OneSignal handed back.
        #expect(delivered.first === call.handedBack)
    }

    @Test func heraldsAttachmentsComeBackWhenOneSignalsOwnDownloadGotNone() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-example-\(UUID().uuidString).png")
        try Data(repeating: 0x89, count: 64).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let attachment = try UNNotificationAttachment(identifier: "photo", url: file, options: nil)
        let content = UNMutableNotificationContent()
        content.attachments = [attachment]
        let push = request(oneSignalGroupMessage)
        let handler = ContentHandlerRecorder()

        OneSignalExample.NotificationService().forward(content, for: push, contentHandler: handler.handler)

        #expect(OneSignalExtension.calls(for: push.identifier).count == 1)
        #expect(handler.deliveries.map { $0.attachments.map(\.identifier) } == [["photo"]])
    }

    @Test func oneSignalsOwnAttachmentsWinWhenItGotSome() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-example-\(UUID().uuidString).png")
        try Data(repeating: 0x89, count: 64).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let heralds = try UNNotificationAttachment(identifier: "herald", url: file, options: nil)
        let oneSignals = try UNNotificationAttachment(identifier: "onesignal", url: file, options: nil)
        let content = UNMutableNotificationContent()
        content.attachments = [heralds]
        let push = request(oneSignalGroupMessage)
        OneSignalExtension.script(downloads: [oneSignals], for: push.identifier)
        let handler = ContentHandlerRecorder()

        OneSignalExample.NotificationService().forward(content, for: push, contentHandler: handler.handler)

        #expect(handler.deliveries.map { $0.attachments.map(\.identifier) } == [["onesignal"]])
    }

    @Test func expiryCallsOneSignalsExpiryMethodAndStillDeliversOnce() async {
        let handler = ContentHandlerRecorder()
        let push = request(oneSignalGroupMessage)
        let service = OneSignalExample.NotificationService()
        // Expiry before the pipeline had a chance: the original content goes out, once.
        let delivered = await StandInRecorder.$current.withValue(StandInRecorder()) {
            service.didReceive(push, withContentHandler: handler.handler)
            service.serviceExtensionTimeWillExpire()
            return await handler.waitForDelivery()
        }
        #expect(delivered.count == 1)
        #expect(OneSignalExtension.expiryCallCount(for: push.identifier) == 1)
    }

    @Test func firebaseIsAskedOnlyWhenHeraldAttachedNothing() async throws {
        let marker = UUID().uuidString
        var payload: JSONValue = [
            "aps": ["alert": ["title": "Maya", "body": "Rope is packed."], "mutable-content": 1],
            "gcm.message_id": "1", "sender_name": "Maya Lindqvist",
        ]
        payload.set(.string(marker), at: JSONPointer("/marker")!)
        let delivered = await FirebaseExample.NotificationService().deliveries(for: payload)
        let asked = Messaging.serviceExtension().populatedContents.filter { $0.userInfo["marker"] as? String == marker }
        #expect(asked.count == 1)
        #expect(delivered.count == 1)
        #expect(delivered.first === asked.first)

        // With an attachment Herald made, the helper is not asked and Herald's content goes out.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-example-\(UUID().uuidString).png")
        try Data(repeating: 0x89, count: 64).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let content = UNMutableNotificationContent()
        content.userInfo = ["marker": marker]
        content.attachments = [try UNNotificationAttachment(identifier: "photo", url: file, options: nil)]
        let direct = ContentHandlerRecorder()
        FirebaseExample.NotificationService().forward(content, for: request(payload), contentHandler: direct.handler)
        #expect(direct.deliveries.first === content)
        #expect(Messaging.serviceExtension().populatedContents.filter { $0.userInfo["marker"] as? String == marker }.count == 1)
    }
}

