// The proof that `import HeraldApp` alone is enough for an app target: this file imports nothing
// else and names every type HeraldApp's API takes, returns and throws. Remove a line of
// Sources/HeraldApp/Exports.swift and this target no longer builds. It compiles as an Xcode 26
// app target does (default MainActor isolation), with member imports checked (SE-0444).

import HeraldApp

/// A chat app's side of its notifications: Reply and Mark as read under Herald's category and
/// its own, the unread badge, and the contact map, in the app group's container.
struct ChatNotifications {
    /// The reply and mark-as-read actions.
    let actions: MessageActions
    /// The unread count the extension keeps.
    let badge: UnreadBadge
    /// The app's matches between its users and the phone's contacts.
    let contacts: SenderContacts

    /// - Parameters:
    ///   - container: the app group's container, which the extension's `AppGroup` names.
    ///   - inbox: receives what the user did from a notification.
    init(container: URL, inbox: @escaping @Sendable (MessageResponse) async -> Void) throws {
        let titles = MessageActions.Titles(reply: "Answer", markAsRead: "Read")
        actions = MessageActions(titles: titles, categoryIdentifiers: [MessageCategory.identifier, "chat"], handler: inbox)
        let counter: BadgeCounter = try BadgeCounter.inContainer(container)
        badge = UnreadBadge(counter: counter)
        let map: ContactMap = try ContactMap.inContainer(container)
        contacts = SenderContacts(map: map)
    }

    /// The categories the app registers.
    var categories: Set<UNNotificationCategory> { actions.categories }

    // `nonisolated`, as the center and its responses are not Sendable: a MainActor method that
    // hands them to HeraldApp's nonisolated async methods would send them off the main actor.

    /// Registers the categories and handles the responses.
    nonisolated func install(on center: UNUserNotificationCenter) async {
        await actions.install(on: center)
    }

    /// Hands a response on, as an app with a delegate of its own does.
    nonisolated func handle(_ response: UNNotificationResponse, from center: UNUserNotificationCenter) async {
        await actions.userNotificationCenter(center, didReceive: response)
    }

    /// What the user did, in a word.
    static func summary(of action: MessageResponse.Action) -> String {
        switch action {
        case .reply(let text): "reply: \(text)"
        case .markAsRead: "read"
        case .open: "open"
        case .dismiss: "dismiss"
        }
    }

    /// The unread count, or why it cannot be read.
    func unread() -> Result<Int, BadgeCounterError> {
        Result { () throws(BadgeCounterError) in try badge.count() }
    }

    /// Names the phone contacts of the app's users, so that Focus lets their messages through;
    /// replaces every earlier match.
    ///
    /// - Parameter matches: each user's app id and the `CNContact` identifier it matched.
    /// - Returns: why the map was not written, or `nil`.
    func remember(_ matches: [String: String]) -> ContactMapError? {
        let byHandle = Dictionary(uniqueKeysWithValues: matches.map { (Handle(value: $0.key, kind: Handle.Kind.app), $0.value) })
        do {
            try contacts.save(byHandle)
            return nil
        } catch {
            return error
        }
    }

    #if canImport(Security)
    /// Keeps the token the extension fetches private messages with (Apple platforms only).
    static func keep(token: String, accessGroup: String) -> ContentTokenError? {
        do {
            try ContentToken(accessGroup: accessGroup).save(token)
            return nil
        } catch {
            return error
        }
    }
    #endif
}
