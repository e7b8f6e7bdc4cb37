// One conversation of HeraldChat's list. Foundation only: Herald's tests compile this file
// (Tests/Examples/HeraldChatApp), with default MainActor isolation as the app target has it.
//
// Apple documentation followed:
//   - Identifiable https://developer.apple.com/documentation/swift/identifiable

import Foundation

/// A conversation: its messages, as far as the phone has seen them, newest last.
struct Conversation: Identifiable, Equatable {
    /// One message of the conversation.
    struct Message: Identifiable, Equatable {
        /// The message's id: the notification's request identifier for a received message
        /// (Herald's server side sends the message id as the collapse id, which becomes it).
        let id: String
        /// Who wrote it, as the notification named them; `nil` for the user's own replies.
        var sender: String?
        var text: String
        var isUnread: Bool
    }

    /// The conversation's id: the notification's thread identifier, which Herald's extension
    /// sets to the payload's `conversation_id`.
    let id: String
    /// The name shown in the list: the group's name, or the other person's.
    var title: String
    var messages: [Message] = []

    var unreadCount: Int { messages.filter(\.isUnread).count }
}
