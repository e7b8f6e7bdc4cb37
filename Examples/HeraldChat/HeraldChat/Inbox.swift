// HeraldChat's conversations, and what reading and replying do to them. Foundation and
// HeraldApp only: Herald's tests compile this file (Tests/Examples/HeraldChatApp) against a
// stand-in of UserNotifications and Intents, with default MainActor isolation as the app
// target has it.
//
// Apple documentation followed:
//   - Handling notifications and notification-related actions
//     https://developer.apple.com/documentation/usernotifications/handling-notifications-and-notification-related-actions
//   - removeDeliveredNotifications(withIdentifiers:)
//     https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/removedeliverednotifications(withidentifiers:)

import Foundation
import HeraldApp

/// The conversations the app shows: the messages its notifications brought, and the replies
/// the user sent. A real chat app keeps these on its server; HeraldChat has none, so it keeps
/// them in memory for as long as it runs.
struct Inbox: Equatable {
    private(set) var conversations: [Conversation] = []

    /// The messages not read yet, in every conversation: the count the app shows as its badge.
    var unreadCount: Int { conversations.reduce(0) { $0 + $1.unreadCount } }

    /// Adds a message a notification brought, unread. A message already in the list keeps its
    /// place and whether it was read, and takes the notification's text: the app reads the
    /// phone's delivered notifications each time it becomes active, and sees the same ones
    /// again; and an edit's or a delete's notification answers to the id of the message it
    /// replaces (its collapse id), showing the new text or "Message deleted". A conversation
    /// seen for the first time is put first in the list.
    mutating func receive(_ message: ReceivedMessage) {
        let index = conversationIndex(message.conversationID, title: message.conversationTitle)
        if let known = conversations[index].messages.firstIndex(where: { $0.id == message.id }) {
            conversations[index].messages[known].text = message.text
        } else {
            conversations[index].messages.append(Conversation.Message(id: message.id, sender: message.sender, text: message.text, isUnread: true))
        }
    }

    /// Marks every message of a conversation read.
    ///
    /// - Returns: the ids of the messages that were unread, whose notifications the app then
    ///   removes from Notification Center.
    @discardableResult
    mutating func markRead(_ conversationID: String) -> [String] {
        guard let index = conversations.firstIndex(where: { $0.id == conversationID }) else { return [] }
        let unread = conversations[index].messages.filter(\.isUnread).map(\.id)
        for message in conversations[index].messages.indices {
            conversations[index].messages[message].isUnread = false
        }
        return unread
    }

    /// Adds the user's own message to a conversation. A reply reads the conversation, as it
    /// does in Messages.
    ///
    /// - Returns: the ids of the messages that were unread.
    @discardableResult
    mutating func send(_ text: String, in conversationID: String) -> [String] {
        let index = conversationIndex(conversationID, title: conversationID)
        conversations[index].messages.append(Conversation.Message(id: UUID().uuidString, sender: nil, text: text, isUnread: false))
        return markRead(conversationID)
    }

    /// What a Reply or Mark as Read on a notification does: HeraldApp's `MessageActions` hands
    /// the app a `MessageResponse` naming the conversation.
    ///
    /// - Returns: the ids of the messages that were unread; none for a response that reads
    ///   nothing (the notification opened or dismissed, or a conversation it does not name).
    mutating func apply(_ response: MessageResponse) -> [String] {
        guard let conversationID = response.conversationIdentifier else { return [] }
        switch response.action {
        case .reply(let text): return send(text, in: conversationID)
        case .markAsRead: return markRead(conversationID)
        case .open, .dismiss: return []
        }
    }

    /// What reading messages does beyond the list: their notifications leave Notification
    /// Center, and the app's badge and the count Herald's extension adds to become what is
    /// still unread (HeraldApp's `UnreadBadge`, in the App Group the extension's
    /// `Herald.AppGroup` names).
    ///
    /// - Throws: when the count cannot be written, or iOS refuses the badge.
    static func finishReading(_ read: [String], stillUnread: Int, badge: UnreadBadge) async throws {
        UNUserNotificationCenter.current().removeDeliveredNotifications(withIdentifiers: read)
        try await badge.set(stillUnread)
    }

    /// The conversation's place in the list, made first when there is none.
    private mutating func conversationIndex(_ id: String, title: String) -> Int {
        if let index = conversations.firstIndex(where: { $0.id == id }) { return index }
        conversations.insert(Conversation(id: id, title: title), at: 0)
        return 0
    }
}
