import Foundation
import HeraldCore

/// A notification iOS shows now, as far as removing it goes: its request's identifier and the
/// message and conversation it stands for.
///
/// Herald's extension writes a record of the message into every notification it delivers
/// (``record(for:badgeIncrement:)``, under ``recordKey`` in `userInfo`), because a sealed payload
/// carries its ids inside the ciphertext and no later push could find them otherwise. A
/// notification without a record (delivered before Herald was added, or as received when the
/// extension ran out of time) is matched by what iOS gives it: its request identifier, which is the
/// collapse id and so by default the message id (`APNSCollapseID`), and its thread identifier,
/// which Herald's server side sets to the conversation.
public struct DeliveredNotification: Hashable, Sendable {
    /// The `userInfo` key of Herald's record in delivered content.
    public static let recordKey = "herald"
    /// In the record: the ids of the messages the notification stands for, an array of strings.
    static let messageIdentifiersKey = "message_ids"
    /// In the record: the conversation's id, a string.
    static let conversationKey = "conversation_id"
    /// In the record: what the notification added to the unread count (``BadgeCounter``), a number.
    static let badgeIncrementKey = "badge_increment"

    /// The request's identifier, which removal names.
    public var requestIdentifier: String
    /// The messages Herald's record names (an edit's replaced id first, then its own); empty
    /// without a record.
    public var recordedMessageIdentifiers: [String]
    /// The messages the notification stands for: its record's, else its request identifier.
    public var messageIdentifiers: [String] { recordedMessageIdentifiers.isEmpty ? [requestIdentifier] : recordedMessageIdentifiers }
    /// The conversation it belongs to: its record's, else its thread identifier; `nil` for
    /// neither.
    public var conversationIdentifier: String?
    /// What it added to the app's unread count (``BadgeCounter``), which its removal takes off; 0
    /// for none.
    public var badgeIncrement: Int

    /// - Parameters:
    ///   - requestIdentifier: the request's identifier, which removal names.
    ///   - messageIdentifiers: the ids its record names (``recordedMessageIdentifiers``).
    ///   - conversationIdentifier: the conversation it belongs to; `nil` for none.
    ///   - badgeIncrement: what it added to the app's unread count; default 0.
    public init(requestIdentifier: String, messageIdentifiers: [String], conversationIdentifier: String?, badgeIncrement: Int = 0) {
        self.requestIdentifier = requestIdentifier
        self.recordedMessageIdentifiers = messageIdentifiers
        self.conversationIdentifier = conversationIdentifier
        self.badgeIncrement = badgeIncrement
    }

    /// Reads a delivered notification's request: Herald's record in `userInfo` where there is
    /// one, what iOS gives every request where there is not. A record of the wrong shape counts
    /// as none.
    ///
    /// - Parameters:
    ///   - requestIdentifier: `UNNotificationRequest.identifier`.
    ///   - threadIdentifier: the content's `threadIdentifier`.
    ///   - userInfo: the content's `userInfo`.
    public init(requestIdentifier: String, threadIdentifier: String, userInfo: [AnyHashable: Any]) {
        let record = userInfo[Self.recordKey] as? [String: Any]
        let conversation = record?[Self.conversationKey] as? String
        self.init(
            requestIdentifier: requestIdentifier, messageIdentifiers: record?[Self.messageIdentifiersKey] as? [String] ?? [],
            conversationIdentifier: conversation ?? (threadIdentifier.isEmpty ? nil : threadIdentifier),
            badgeIncrement: max((record?[Self.badgeIncrementKey] as? Int) ?? 0, 0))
    }

    /// The record the extension writes into the content it delivers for `message`: the ids a
    /// later push may name it by (an edit answers to the id of the message it replaced, and to
    /// its own), its conversation, and what it added to the unread count. `nil` when it has
    /// none of these.
    ///
    /// - Parameters:
    ///   - message: the message delivered.
    ///   - badgeIncrement: what the notification stands for in the unread count
    ///     (``EnrichedNotification/countedInBadge``).
    public static func record(for message: Message, badgeIncrement: Int = 0) -> [String: Any]? {
        var identifiers: [String] = []
        if case .replace(let replaced)? = message.action { identifiers.append(replaced) }
        if let identifier = message.identifier, !identifiers.contains(identifier) { identifiers.append(identifier) }
        var record: [String: Any] = [:]
        if !identifiers.isEmpty { record[messageIdentifiersKey] = identifiers }
        if let conversation = message.conversationIdentifier { record[conversationKey] = conversation }
        if badgeIncrement > 0 { record[badgeIncrementKey] = badgeIncrement }
        return record.isEmpty ? nil : record
    }

    /// Whether `action` names this notification for removal: an edit or a retraction by one of
    /// its message ids, a cleared conversation by its conversation.
    public func isNamed(by action: MessageAction) -> Bool {
        switch action {
        case .replace(let identifier): messageIdentifiers.contains(identifier)
        case .retract(let identifiers): messageIdentifiers.contains(where: identifiers.contains)
        case .clearConversation(let identifier): conversationIdentifier == identifier
        }
    }
}
