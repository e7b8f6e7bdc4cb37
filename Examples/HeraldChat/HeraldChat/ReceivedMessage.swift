// A message as a notification brought it. Foundation and HeraldApp only: Herald's tests
// compile this file (Tests/Examples/HeraldChatApp) against a stand-in of UserNotifications,
// with default MainActor isolation as the app target has it.
//
// Apple documentation followed:
//   - UNNotification https://developer.apple.com/documentation/usernotifications/unnotification
//   - UNNotificationContent (threadIdentifier, userInfo)
//     https://developer.apple.com/documentation/usernotifications/unnotificationcontent
//   - deliveredNotifications()
//     https://developer.apple.com/documentation/usernotifications/unusernotificationcenter/deliverednotifications()

import Foundation
import HeraldApp

/// What the conversation list needs of a notification, read where the notification is (the
/// delegate's queue, or the delivered list), as a value that may travel to the main actor.
nonisolated struct ReceivedMessage: Sendable, Equatable {
    /// The request identifier: the message id, which Herald's server side sends as the collapse id.
    var id: String
    /// The thread identifier, which Herald's extension sets to the payload's `conversation_id`.
    var conversationID: String
    /// The group's name, else the sender's, else the conversation's id (a delete's
    /// notification names no one).
    var conversationTitle: String
    var sender: String
    var text: String

    /// Reads the app's own payload, the `communication` block its server writes
    /// (docs/extension-guide.md, section 7), which the delivered notification keeps in its
    /// `userInfo`, and the text iOS shows. `nil` for a notification that belongs to no
    /// conversation.
    init?(_ request: UNNotificationRequest) {
        let content = request.content
        guard !content.threadIdentifier.isEmpty else { return nil }
        let communication = content.userInfo["communication"] as? [String: Any]
        let senderName = communication?["sender_name"] as? String
        let groupName = communication?["group_name"] as? String
        id = request.identifier
        conversationID = content.threadIdentifier
        sender = senderName ?? content.title
        conversationTitle = groupName ?? (sender.isEmpty ? content.threadIdentifier : sender)
        text = content.body
    }

    /// The messages of the notifications in Notification Center, oldest first as iOS lists
    /// them.
    ///
    /// Apple: `deliveredNotifications()` is the async form of
    /// `getDeliveredNotifications(completionHandler:)`, iOS 10. `@concurrent`: the center and
    /// its notifications are not Sendable, so they are read off every actor, where the center's
    /// method runs, and only the values come back to the caller.
    @concurrent static func delivered() async -> [ReceivedMessage] {
        await UNUserNotificationCenter.current().deliveredNotifications().compactMap { ReceivedMessage($0.request) }
    }
}
