import ArgumentParser
import Foundation
@_spi(HeraldTools) import HeraldCore
import HeraldSending

/// The message flags from which Herald builds a payload (`send apns` may take a payload file
/// instead, and says so in its own help).
struct MessageOptions: ParsableArguments {

    @Option(
        name: .customLong("message-id"),
        help: ArgumentHelp(
            "The message's id, which its later edits, deletes and reads name; sent as the collapse id (an edit's or a single delete's is the id it names), unless the message is sealed or send apns's --collapse-id says otherwise.",
            valueName: "id"))
    var messageID: String?

    @Option(name: .long, help: ArgumentHelp("An edit: the notification takes the place of message <id>'s, and answers to that id.", valueName: "id"))
    var replaces: String?

    @Option(
        name: .long,
        help: ArgumentHelp("A delete, or a message read elsewhere: removes message <id>'s notification (repeat for each); needs --retract-fallback.", valueName: "id"))
    var retract: [String] = []

    @Option(
        name: .customLong("clear-conversation"),
        help: ArgumentHelp("Conversation <id> was read elsewhere: removes all its notifications; needs --retract-fallback.", valueName: "id"))
    var clearConversation: String?

    @Option(
        name: .customLong("retract-fallback"),
        help: ArgumentHelp(
            "How the app shows nothing for --retract or --clear-conversation: filtered (its extension has Apple's filtering entitlement), visible (the push's --text is shown, default \"Message deleted\"), or background (a background push the app handles: send apns with --push-type background; request writes one).",
            valueName: "how"))
    var retractFallback: String?

    @Flag(
        name: .customLong("fetch-content"),
        help: "Send only the ids (--message-id, --conversation) and a placeholder (--text, default \"New message\"): the extension fetches the message from the app's server (its ContentURL), so its text never passes through APNs or the provider.")
    var fetchContent = false

    @Option(name: .customLong("sender-name"), help: ArgumentHelp("Who sent the message: the bold name, and what makes it a communication notification.", valueName: "name"))
    var senderName: String?

    @Option(name: .customLong("sender-id"), help: ArgumentHelp("The app's id for the sender.", valueName: "id"))
    var senderID: String?

    @Option(
        name: .customLong("sender-handle"),
        help: ArgumentHelp(
            "How Contacts and Focus can know the sender: phone:NUMBER, email:ADDRESS or app:ID (the app's own id, which no contact matches); a bare address or number has its kind guessed.",
            valueName: "kind:value"))
    var senderHandle: String?

    @Option(name: .customLong("sender-given-name"), help: ArgumentHelp("The sender's given name, apart from --sender-name.", valueName: "name"))
    var senderGivenName: String?

    @Option(name: .customLong("sender-family-name"), help: ArgumentHelp("The sender's family name, apart from --sender-name.", valueName: "name"))
    var senderFamilyName: String?

    @Option(name: .customLong("avatar-url"), help: ArgumentHelp("An https URL of the sender's picture.", valueName: "url"))
    var avatarURL: String?

    @Option(name: .long, help: ArgumentHelp("The message text: the notification's body.", valueName: "text"))
    var text: String?

    @Option(name: .long, help: ArgumentHelp("The conversation id: iOS groups notifications by it.", valueName: "id"))
    var conversation: String?

    @Option(name: .long, help: ArgumentHelp("The group's name: makes it a group message, shown as the second line.", valueName: "name"))
    var group: String?

    @Option(name: .customLong("group-avatar-url"), help: ArgumentHelp("An https URL of the group's picture (with --group).", valueName: "url"))
    var groupAvatarURL: String?

    @Option(name: .long, help: ArgumentHelp("Another member of the conversation, by id (repeat for each).", valueName: "id"))
    var recipient: [String] = []

    @Option(name: .customLong("attachment-url"), help: ArgumentHelp("An https URL of an image, audio or video file to attach (repeat for each).", valueName: "url"))
    var attachmentURL: [String] = []

    @Flag(name: .long, help: "The message mentions the person receiving it.")
    var mention = false

    @Option(name: .long, help: ArgumentHelp("Overrides the alert title (default: the sender's name).", valueName: "text"))
    var title: String?

    @Option(name: .long, help: ArgumentHelp("Overrides the alert subtitle (default: the group's name).", valueName: "text"))
    var subtitle: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The notification category, which picks the action buttons (default: herald.message, HeraldApp's Reply and Mark as Read, on a message with a sender; \"\" for none).",
            valueName: "id"))
    var category: String?

    @Option(name: .customLong("interruption-level"), help: ArgumentHelp("passive, active, time-sensitive or critical.", valueName: "level"))
    var interruptionLevel: String?

    // Unconditional: `--badge -1` is a badge of -1, refused with the reason, not a missing value.
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The app icon's badge: an absolute count, such as the unread messages (0 clears it).", valueName: "n"))
    var badge: Int?

    @Option(
        name: .customLong("badge-increment"), parsing: .unconditional,
        help: ArgumentHelp(
            "Add <n> to the unread count the extension keeps in the app group (its AppGroup setting), and show the count as the badge; a delete takes it off again.",
            valueName: "n"))
    var badgeIncrement: Int?

    @Option(name: .customLong("relevance-score"), help: ArgumentHelp("0 to 1: how iOS ranks it in the summary.", valueName: "score"))
    var relevanceScore: Double?

    /// Whether any message flag was given.
    var hasMessageFlags: Bool {
        messageID != nil || replaces != nil || !retract.isEmpty || clearConversation != nil || senderName != nil || senderID != nil || senderHandle != nil || senderGivenName != nil || senderFamilyName != nil || avatarURL != nil || text != nil || conversation != nil
            || group != nil || groupAvatarURL != nil || !recipient.isEmpty || !attachmentURL.isEmpty || mention || title != nil || subtitle != nil
            || category != nil || interruptionLevel != nil || relevanceScore != nil || badge != nil || badgeIncrement != nil || fetchContent
    }

    func validate() throws {
        if fetchContent {
            let carried = [
                ("--sender-name", senderName != nil), ("--sender-id", senderID != nil), ("--sender-handle", senderHandle != nil),
                ("--sender-given-name", senderGivenName != nil), ("--sender-family-name", senderFamilyName != nil), ("--avatar-url", avatarURL != nil),
                ("--group", group != nil), ("--group-avatar-url", groupAvatarURL != nil), ("--recipient", !recipient.isEmpty),
                ("--attachment-url", !attachmentURL.isEmpty), ("--mention", mention), ("--title", title != nil), ("--subtitle", subtitle != nil),
                ("--replaces", replaces != nil), ("--retract", !retract.isEmpty), ("--clear-conversation", clearConversation != nil),
            ].filter(\.1).map(\.0)
            if !carried.isEmpty {
                throw ValidationError(
                    "--fetch-content sends only ids, and the server's answer carries the message: leave out \(carried.joined(separator: ", ")) (--text is the placeholder shown until the fetch succeeds)")
            }
        }
        if [replaces != nil, !retract.isEmpty, clearConversation != nil].filter({ $0 }).count > 1 {
            throw ValidationError("--replaces, --retract and --clear-conversation: a push does one of them")
        }
        if let retractFallback, RetractFallback(rawValue: retractFallback) == nil {
            let names = RetractFallback.allCases.map(\.rawValue)
            let hint = retractFallback.nearest(in: names).map { " (did you mean \($0)?)" } ?? ""
            throw ValidationError("--retract-fallback must be \(names.phrase(joinedBy: "or"))\(hint)")
        }
        if senderName == nil, senderID != nil || senderHandle != nil || senderGivenName != nil || senderFamilyName != nil || avatarURL != nil {
            throw ValidationError("--sender-id, --sender-handle, --sender-given-name, --sender-family-name and --avatar-url need --sender-name")
        }
        if let senderHandle {
            let kinds = Handle.Kind.allCases.map(\.rawValue)
            if let colon = senderHandle.firstIndex(of: ":") {
                let prefix = String(senderHandle[..<colon])
                if kinds.contains(prefix), senderHandle[colon...].dropFirst().allSatisfy(\.isWhitespace) {
                    throw ValidationError("--sender-handle \(senderHandle.terminalSafeLine) names a kind and no value")
                }
                if !kinds.contains(prefix), let near = prefix.nearest(in: kinds) {
                    throw ValidationError("--sender-handle \(senderHandle.terminalSafeLine): \"\(prefix.terminalSafeLine)\" is no kind; did you mean \(near):?")
                }
                // A scheme-like word (sms:, tel:, mailto:) would otherwise become part of an app id.
                if !kinds.contains(prefix), !prefix.isEmpty, prefix.allSatisfy({ $0.isASCII && $0.isLetter }) {
                    throw ValidationError(
                        "--sender-handle \(senderHandle.terminalSafeLine): \"\(prefix.terminalSafeLine)\" is no kind (phone, email or app); write phone:NUMBER or email:ADDRESS, or app:\(senderHandle.terminalSafeLine) for an app id with a colon")
                }
            }
        }
        if groupAvatarURL != nil, group == nil {
            throw ValidationError("--group-avatar-url needs --group: only a group has a picture of its own")
        }
        let urls = [("--avatar-url", avatarURL), ("--group-avatar-url", groupAvatarURL)] + attachmentURL.map { ("--attachment-url", $0) }
        for (flag, value) in urls {
            if let value, URL(string: value)?.scheme?.lowercased() != "https" {
                throw ValidationError("\(flag) \(value) is not an https URL; the phone downloads https only")
            }
        }
        if let interruptionLevel, !InterruptionLevel(rawValue: interruptionLevel).isKnown {
            throw ValidationError("--interruption-level must be passive, active, time-sensitive or critical")
        }
        if let (key, identifier) = APNSCollapseID.overlongIdentifiers(in: data).first {
            let flag = ["message_id": "--message-id", "replaces": "--replaces", "retracts": "--retract"][key] ?? key
            let shown = (identifier.count > 20 ? "\(identifier.prefix(16))…" : identifier).terminalSafeLine
            throw ValidationError(
                "\(flag) \(shown) is \(identifier.utf8.count) bytes; at most \(APNSCollapseID.maximumByteCount), as it may be sent as the collapse id")
        }
        if let badge, badge < 0 {
            throw ValidationError("--badge must be 0 or more: a count of unread items, and 0 clears the badge")
        }
        if let badgeIncrement {
            if let problem = data.badgeIncrementProblem(badgeIncrement) { throw ValidationError("--badge-increment \(badgeIncrement) does not count: \(problem)") }
            guard badge == nil else { throw ValidationError("--badge and --badge-increment: give one; an absolute badge sets the count the increments add to") }
        }
        if let relevanceScore, !(0...1).contains(relevanceScore) {
            throw ValidationError("--relevance-score must be between 0 and 1")
        }
    }

    /// Whether the push has text to show: `--text`, or the text a retraction or an id-only push
    /// gets by default.
    var hasText: Bool { text != nil || isRetraction || fetchContent }

    /// `--fetch-content` refused as the payload builder would refuse it (HeraldSending's
    /// `Message.fetchedContentProblem`), before anything is built: a background push, sealing,
    /// no id, no placeholder.
    func checkFetchContent(isBackground: Bool, isSealing: Bool) throws {
        let text = isBackground ? nil : text ?? Self.fetchPlaceholder
        if let problem = data.fetchedContentProblem(text: text, isSealed: isSealing) {
            throw ValidationError("--fetch-content: \(problem)")
        }
    }

    /// Whether the flags retract messages or clear a conversation.
    var isRetraction: Bool { !retract.isEmpty || clearConversation != nil }

    /// The retract fallback the flags name.
    var fallback: RetractFallback? { retractFallback.flatMap(RetractFallback.init(rawValue:)) }

    /// `--text` or a payload file (`send apns`): what every alert push needs, but a retraction,
    /// which has a text of its own.
    func requireText(orPayload payload: String?) throws {
        if payload == nil, !hasText {
            throw ValidationError("give a payload file, or --text (with --sender-name for a communication notification)")
        }
    }

    /// For a background push, which shows nothing: the flags of what is shown are refused.
    func refuseShownFlags() throws {
        let shown = [("--text", text != nil), ("--title", title != nil), ("--subtitle", subtitle != nil), ("--category", category != nil),
                     ("--interruption-level", interruptionLevel != nil), ("--relevance-score", relevanceScore != nil), ("--badge", badge != nil),
            ("--badge-increment", badgeIncrement != nil)].filter(\.1).map(\.0)
        if !shown.isEmpty {
            throw ValidationError(
                "a background push shows nothing, so \(shown.joined(separator: ", ")) would be lost; send the data flags alone (--sender-name, --conversation, ...), or an alert push")
        }
    }

    /// The message from the flags; `nil` when a payload file was given instead.
    var outgoing: OutgoingMessage? {
        let defaultText = fetchContent ? Self.fetchPlaceholder : isRetraction ? (clearConversation != nil ? "Messages read" : "Message deleted") : nil
        guard let text = text ?? defaultText else { return nil }
        return OutgoingMessage(
            message: data, text: text, title: title, subtitle: subtitle, category: category,
            interruptionLevel: interruptionLevel.map(InterruptionLevel.init(rawValue:)), relevanceScore: relevanceScore, badge: badge)
    }

    /// The body of an id-only push when --text does not say: what iOS shows should the
    /// extension not run at all, and the extension until (or unless) the fetch succeeds.
    static let fetchPlaceholder = "New message"

    /// What the push does to earlier messages' notifications, from the flags.
    private var action: MessageAction? {
        if let replaces { return .replace(replaces) }
        if !retract.isEmpty { return .retract(retract) }
        return clearConversation.map(MessageAction.clearConversation)
    }

    /// `--sender-handle`: `KIND:VALUE`, else a bare value whose kind is guessed.
    private var handle: Handle? {
        guard let senderHandle else { return nil }
        if let colon = senderHandle.firstIndex(of: ":"), let kind = Handle.Kind(rawValue: String(senderHandle[..<colon])) {
            return Handle(value: String(senderHandle[senderHandle.index(after: colon)...]), kind: kind)
        }
        return Handle(inferringKindOf: senderHandle)
    }

    /// The message's data from the flags (sender, conversation, group, attachments), without
    /// its text: what a background push carries.
    var data: Message {
        let sender = senderName.map { name in
            Person(
                identifier: senderID, displayName: name, handle: handle, avatarURL: avatarURL.flatMap(URL.init(string:)),
                givenName: senderGivenName, familyName: senderFamilyName)
        }
        let message = Message(
            identifier: messageID, action: action, retractFallback: fallback, badgeIncrement: badgeIncrement,
            sender: sender, conversationIdentifier: conversation, groupName: group, groupAvatarURL: groupAvatarURL.flatMap(URL.init(string:)),
            recipients: recipient, mentionsCurrentUser: mention,
            attachments: attachmentURL.compactMap(URL.init(string:)).map { Message.Attachment(url: $0) }, fetchesContent: fetchContent)
        return message
    }
}
