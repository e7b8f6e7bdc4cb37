import Foundation
import HeraldCore
import HeraldEnrichment

/// What the user did with a message's notification, as the app's handler receives it: which
/// message and conversation, and the reply's text.
public struct MessageResponse: Hashable, Sendable {
    /// What the user chose.
    public enum Action: Hashable, Sendable {
        /// Typed a reply in the notification (the Reply action).
        case reply(String)
        /// Marked the conversation read (the Mark-as-read action).
        case markAsRead
        /// Opened the notification.
        case open
        /// Dismissed it (only reported for a category with `customDismissAction`).
        case dismiss
    }

    /// What the user chose.
    public var action: Action
    /// The conversation the notification belongs to; `nil` when it named none.
    public var conversationIdentifier: String?
    /// The message's id; `nil` when the push carried none. An edit's notification answers to
    /// the id of the message it replaced.
    public var messageIdentifier: String?

    /// - Parameters: see the properties.
    public init(action: Action, conversationIdentifier: String?, messageIdentifier: String?) {
        self.action = action
        self.conversationIdentifier = conversationIdentifier
        self.messageIdentifier = messageIdentifier
    }

    /// Reads iOS's response: the action from its identifier (and the text of a text-input
    /// response), the message and conversation from the record Herald's extension wrote into
    /// the notification (else the request and thread identifiers, as removal reads them).
    /// `nil` for an action of another category.
    public init?(_ response: UNNotificationResponse) {
        let action: Action
        switch response.actionIdentifier {
        case MessageCategory.replyAction:
            guard let text = (response as? UNTextInputNotificationResponse)?.userText else { return nil }
            action = .reply(text)
        case MessageCategory.markAsReadAction: action = .markAsRead
        case UNNotificationDefaultActionIdentifier: action = .open
        case UNNotificationDismissActionIdentifier: action = .dismiss
        default: return nil
        }
        let request = response.notification.request
        let shown = DeliveredNotification(
            requestIdentifier: request.identifier, threadIdentifier: request.content.threadIdentifier, userInfo: request.content.userInfo)
        // The last id is the message's own: an edit records the replaced id first. Without a
        // record the request's identifier may be any collapse id or Apple's own: no message id.
        self.init(action: action, conversationIdentifier: shown.conversationIdentifier, messageIdentifier: shown.recordedMessageIdentifiers.last)
    }
}
