// Only where AppleFrameworksStandIn exists (Linux): the stand-in plays iOS's notification center.
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Foundation
import HeraldCore
import HeraldEnrichment
import Testing

@testable import HeraldApp

/// What the app's handler received, in order.
final class Received: @unchecked Sendable {
    // @unchecked: `responses` is only touched while `lock` is held.
    private let lock = NSLock()
    private var responses: [MessageResponse] = []

    func record(_ response: MessageResponse) { lock.withLock { responses.append(response) } }
    var all: [MessageResponse] { lock.withLock { responses } }
}

@Suite("Reply and mark as read from the notification")
struct MessageActionsTests {
    /// A notification as Herald's extension delivers it: its record names the message (an edit's
    /// replaced id first) and the conversation.
    static func notification(messageIDs: [String] = ["m-7"], conversation: String = "c-42") -> UNNotification {
        let content = UNMutableNotificationContent()
        content.body = "see you at 6"
        content.categoryIdentifier = MessageCategory.identifier
        // As the extension writes it: an edit's record names the replaced id, then its own.
        let message = Message(identifier: messageIDs.last, action: messageIDs.count > 1 ? .replace(messageIDs[0]) : nil, conversationIdentifier: conversation)
        content.userInfo = [DeliveredNotification.recordKey: DeliveredNotification.record(for: message) as Any, "aps": ["mutable-content": 1]]
        return StandInNotifications.makeNotification(for: UNNotificationRequest(identifier: "apns-1", content: content, trigger: nil))
    }

    @Test func installingRegistersTheCategoryBesideTheAppsOwnAndBecomesTheDelegate() async throws {
        let recorder = StandInRecorder()
        let actions = MessageActions(titles: .init(reply: "Antworten", send: "Senden", placeholder: "Nachricht", markAsRead: "Gelesen")) { _ in }
        try await StandInRecorder.$current.withValue(recorder) {
            let center = UNUserNotificationCenter.current()
            center.setNotificationCategories([UNNotificationCategory(identifier: "invite", actions: [], intentIdentifiers: [], options: [])])
            await actions.install()
            #expect(center.delegate === actions)
            let categories = recorder.categories
            #expect(Set(categories.map(\.identifier)) == ["invite", MessageCategory.identifier])
            let message = try #require(categories.first { $0.identifier == MessageCategory.identifier })
            #expect(message.actions.map(\.identifier) == [MessageCategory.replyAction, MessageCategory.markAsReadAction])
            let reply = try #require(message.actions.first as? UNTextInputNotificationAction)
            #expect(reply.title == "Antworten" && reply.textInputButtonTitle == "Senden" && reply.textInputPlaceholder == "Nachricht")
            #expect(reply.options == [])  // Handled in the background: the app is not opened.
            #expect(reply.icon.map(StandInInspection.icon) == .system("arrowshape.turn.up.left"))
            #expect(message.actions[1].title == "Gelesen")
            // Installing again replaces Herald's category, keeping the app's.
            await actions.install()
            #expect(recorder.categories.count == 2)
        }
    }

    /// An app whose content extension is shown for its own category puts the actions there too,
    /// and replaces an earlier registration of that category.
    @Test func theActionsCanGoUnderTheAppsOwnCategories() async throws {
        let recorder = StandInRecorder()
        let actions = MessageActions(categoryIdentifiers: ["chat", MessageCategory.identifier]) { _ in }
        await StandInRecorder.$current.withValue(recorder) {
            let center = UNUserNotificationCenter.current()
            center.setNotificationCategories([
                UNNotificationCategory(identifier: "chat", actions: [], intentIdentifiers: [], options: []),
                UNNotificationCategory(identifier: "invite", actions: [], intentIdentifiers: [], options: []),
            ])
            await actions.install()
        }
        let categories = recorder.categories
        #expect(Set(categories.map(\.identifier)) == ["chat", "invite", MessageCategory.identifier])
        let chat = categories.filter { $0.identifier == "chat" }
        #expect(chat.count == 1)
        #expect(chat.first?.actions.map(\.identifier) == [MessageCategory.replyAction, MessageCategory.markAsReadAction])
        #expect(categories.first { $0.identifier == "invite" }?.actions.isEmpty == true)
    }

    @Test func aReplyReachesTheHandlerAsATypedValueAndDonatesAnOutgoingIntent() async throws {
        let recorder = StandInRecorder()
        let received = Received()
        let actions = MessageActions { received.record($0) }
        await StandInRecorder.$current.withValue(recorder) {
            let center = UNUserNotificationCenter.current()
            await actions.install()
            // iOS delivers the user's reply to the delegate (after launching the app in the
            // background if need be).
            let response = StandInNotifications.makeTextInputResponse(
                to: Self.notification(messageIDs: ["m-6", "m-7"]), actionIdentifier: MessageCategory.replyAction, userText: "on my way")
            await center.delegate?.userNotificationCenter(center, didReceive: response)
        }
        #expect(received.all == [MessageResponse(action: .reply("on my way"), conversationIdentifier: "c-42", messageIdentifier: "m-7")])
        let donation = try #require(recorder.donations.first)
        #expect(donation.direction == .outgoing)
        let intent = try #require(donation.intent as? INSendMessageIntent)
        #expect(StandInInspection.message(intent).content == "on my way")
        #expect(StandInInspection.message(intent).conversationIdentifier == "c-42")
    }

    @Test func markAsReadAndOpenReachTheHandlerWithoutADonation() async throws {
        let recorder = StandInRecorder()
        let received = Received()
        let actions = MessageActions { received.record($0) }
        await StandInRecorder.$current.withValue(recorder) {
            let center = UNUserNotificationCenter.current()
            for identifier in [MessageCategory.markAsReadAction, UNNotificationDefaultActionIdentifier, "someone-elses-action"] {
                await actions.userNotificationCenter(center, didReceive: StandInNotifications.makeResponse(to: Self.notification(), actionIdentifier: identifier))
            }
        }
        #expect(received.all.map(\.action) == [.markAsRead, .open])
        #expect(received.all.allSatisfy { $0.conversationIdentifier == "c-42" && $0.messageIdentifier == "m-7" })
        #expect(recorder.donations.isEmpty)
    }

    @Test func aRecordedIDThatIsAlsoTheRequestsIdentifierIsTheMessagesID() {
        // A plain payload's collapse id is its message id, so iOS's request identifier and the
        // record name the same message.
        let content = UNMutableNotificationContent()
        content.userInfo = [DeliveredNotification.recordKey: DeliveredNotification.record(for: Message(identifier: "m-7", conversationIdentifier: "c-42")) as Any]
        let notification = StandInNotifications.makeNotification(for: UNNotificationRequest(identifier: "m-7", content: content, trigger: nil))
        let response = MessageResponse(StandInNotifications.makeResponse(to: notification, actionIdentifier: UNNotificationDefaultActionIdentifier))
        #expect(response?.messageIdentifier == "m-7")
    }

    @Test func aNotificationWithoutHeraldsRecordStillNamesItsConversation() {
        let content = UNMutableNotificationContent()
        content.threadIdentifier = "c-9"
        let notification = StandInNotifications.makeNotification(for: UNNotificationRequest(identifier: "random-apns-id", content: content, trigger: nil))
        let response = MessageResponse(StandInNotifications.makeResponse(to: notification, actionIdentifier: MessageCategory.markAsReadAction))
        #expect(response == MessageResponse(action: .markAsRead, conversationIdentifier: "c-9", messageIdentifier: nil))
    }
}
#endif
