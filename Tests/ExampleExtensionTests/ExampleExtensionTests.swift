import Foundation
import HeraldApp
import HeraldCore
import NotificationServiceTestSupport
import HeraldTestSupport
import Testing

@testable import APNsExample
@testable import FirebaseExample
@testable import FirebaseMessaging
@testable import HeraldChatApp
@testable import HeraldChatExtension
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

/// One of the sample app's payloads, Examples/HeraldChat/Payloads/`name`.json, as its README
/// sends it.
private func heraldChatPayload(_ name: String) throws -> JSONValue {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/HeraldChat/Payloads/\(name).json")
    return try JSONValue(parsing: Data(contentsOf: url))
}

/// The responses the sample app's handler received, in order.
private actor ResponseRecorder {
    private(set) var all: [MessageResponse] = []
    func record(_ response: MessageResponse) { all.append(response) }
}

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

    @Test func theSampleAppsExtensionShowsItsGroupPayloadAsAMessageFromAPerson() async throws {
        let recorder = StandInRecorder()
        let delivered = await HeraldChatExtension.NotificationService().deliveries(for: try heraldChatPayload("2-group"), recording: recorder)
        let content = try #require(delivered.only)
        // The communication layout: the donated intent names the sender and the group, and
        // iOS got the content updating(from:) made from it.
        let intent = try #require(recorder.donations.only?.intent as? INSendMessageIntent)
        let message = StandInInspection.message(intent)
        #expect(message.sender.map { StandInInspection.person($0).displayName } == "Maya Lindqvist")
        #expect(message.speakableGroupName.map(StandInInspection.spokenPhrase) == "Weekend climbing")
        #expect(message.conversationIdentifier == "climbing")
        #expect(message.recipients?.count == 3)
        #expect(StandInInspection.contentProvider(of: content) != nil)
        #expect(content.body == "Rope is packed. Who's bringing the chalk?")
        #expect(content.threadIdentifier == "climbing")
    }

    /// The app's side of the same push: the notification the extension delivered joins the
    /// conversation list, and Mark as Read on it, through the app's delegate and HeraldApp's
    /// `MessageActions`, reads the conversation and names the message whose notification goes.
    @Test func theSampleAppListsTheDeliveredMessageAndMarkAsReadReadsIt() async throws {
        let delivered = await HeraldChatExtension.NotificationService().deliveries(for: try heraldChatPayload("2-group"))
        let content = try #require(delivered.only)
        let notification = StandInNotifications.makeNotification(for: UNNotificationRequest(identifier: "m-201", content: content, trigger: nil))
        let message = try #require(ReceivedMessage(notification.request))

        // iOS calls the delegate off the main actor.
        let responses = ResponseRecorder()
        let delegate = NotificationDelegate(actions: MessageActions { await responses.record($0) }, shown: { _ in })
        let presented = await StandInRecorder.$current.withValue(StandInRecorder()) {
            let center = UNUserNotificationCenter.current()
            let options = await delegate.userNotificationCenter(center, willPresent: notification)
            await delegate.userNotificationCenter(center, didReceive: StandInNotifications.makeResponse(to: notification, actionIdentifier: MessageCategory.markAsReadAction))
            return options
        }
        #expect(presented == [.banner, .list, .sound, .badge])
        let response = try #require(await responses.all.only)

        try await MainActor.run {
            var inbox = Inbox()
            inbox.receive(message)
            inbox.receive(message)  // seen again at the next activation
            let conversation = try #require(inbox.conversations.only)
            #expect(conversation.title == "Weekend climbing")
            #expect(conversation.messages == [.init(id: "m-201", sender: "Maya Lindqvist", text: "Rope is packed. Who's bringing the chalk?", isUnread: true)])
            #expect(inbox.unreadCount == 1)
            #expect(inbox.apply(response) == ["m-201"])
            #expect(inbox.unreadCount == 0)
            // A reply adds the user's message and reads nothing more.
            #expect(inbox.apply(MessageResponse(action: .reply("Me!"), conversationIdentifier: "climbing", messageIdentifier: "m-201")).isEmpty)
            let reply = try #require(inbox.conversations.only?.messages.last)
            #expect(reply.sender == nil && reply.text == "Me!" && !reply.isUnread)
        }
    }

    @Test @MainActor func theSampleAppsDeskCommandNamesTheTokenTopicAndPayload() {
        let token = DeskCommand.hex(Data([0x0a, 0xff, 0x00, 0x7b]))
        #expect(token == "0aff007b")
        let command = DeskCommand(deviceToken: token, topic: "com.example.heraldchat", payload: "2-group")
        #expect(command.text == """
            swift run --package-path Tools herald send apns --sandbox \\
              --key-file AuthKey_KEYID.p8 --key-id KEYID --team-id TEAMID \\
              --topic com.example.heraldchat \\
              --token 0aff007b \\
              Examples/HeraldChat/Payloads/2-group.json
            """)
        // Every payload the app offers is one of the sample's files.
        for name in DeskCommand.payloads {
            #expect((try? heraldChatPayload(name)) != nil, "Examples/HeraldChat/Payloads/\(name).json")
        }
    }
}

