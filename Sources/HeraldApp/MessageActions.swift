import Foundation
import HeraldCore

/// Reply and Mark as read, straight from a message's notification: the app-side half of
/// Herald, linked by the app target (never by the extension).
///
/// It registers the ``/HeraldCore/MessageCategory`` category (or the app's own, see
/// ``init(titles:categoryIdentifiers:handler:)``) with a text-input Reply action and a
/// Mark-as-read action, becomes the notification center's delegate, and hands every response
/// to one async handler as a ``MessageResponse``. After a reply it donates the outgoing
/// `INSendMessageIntent`, so that Siri suggestions and Focus learn the conversation.
///
/// ```swift
/// // In application(_:willFinishLaunchingWithOptions:), before launch finishes, so that a
/// // response that launched the app in the background is not missed:
/// actions = MessageActions { response in
///     switch response.action {
///     case .reply(let text): await chat.send(text, in: response.conversationIdentifier)  // queues it if offline
///     case .markAsRead: await chat.markRead(response.conversationIdentifier)
///     case .open, .dismiss: break
///     }
/// }
/// await actions.install()
/// ```
///
/// Keep the returned value alive (a property of the app delegate): the center holds its
/// delegate weakly. The Reply and Mark-as-read actions have no `.foreground` option, so iOS
/// handles them without opening the app, launching it in the background if need be; how long
/// iOS lets the handler run then is not documented (UNVERIFIED).
public final class MessageActions: NSObject, UNUserNotificationCenterDelegate, Sendable {

    /// The actions' titles, shown to the user: localize them (pass `String(localized:)` values).
    public struct Titles: Sendable {
        /// The Reply action's title.
        public var reply: String
        /// The button that sends the typed reply.
        public var send: String
        /// The placeholder of the reply's text field.
        public var placeholder: String
        /// The Mark-as-read action's title.
        public var markAsRead: String

        /// - Parameters: see the properties; English by default.
        public init(reply: String = "Reply", send: String = "Send", placeholder: String = "Message", markAsRead: String = "Mark as Read") {
            self.reply = reply
            self.send = send
            self.placeholder = placeholder
            self.markAsRead = markAsRead
        }
    }

    private let titles: Titles
    private let categoryIdentifiers: Set<String>
    private let handler: @Sendable (MessageResponse) async -> Void

    /// - Parameters:
    ///   - titles: the actions' titles.
    ///   - categoryIdentifiers: the categories that get the two actions: by default
    ///     ``/HeraldCore/MessageCategory/identifier``, which Herald's server side names in
    ///     `aps.category`. An app whose content extension is shown for a category of its own names
    ///     that one (and has the server send it), so that its messages get both the extension's
    ///     view and the actions.
    ///   - handler: receives every response to a message notification, on a task of its own;
    ///     iOS is told the response was handled when it returns.
    public init(
        titles: Titles = Titles(), categoryIdentifiers: Set<String> = [MessageCategory.identifier],
        handler: @escaping @Sendable (MessageResponse) async -> Void
    ) {
        self.titles = titles
        self.categoryIdentifiers = categoryIdentifiers
        self.handler = handler
        super.init()
    }

    /// The message categories, one for each of the category identifiers: Reply (text input,
    /// SF Symbol `arrowshape.turn.up.left`) and Mark as read (`checkmark.message`), neither
    /// opening the app.
    ///
    /// Apple: `UNTextInputNotificationAction(identifier:title:options:icon:textInputButtonTitle:textInputPlaceholder:)`
    /// and `UNNotificationAction(identifier:title:options:icon:)` with `UNNotificationActionIcon`
    /// are iOS 15 and macOS 12, below Herald's floor.
    public var categories: Set<UNNotificationCategory> {
        let reply = UNTextInputNotificationAction(
            identifier: MessageCategory.replyAction, title: titles.reply, options: [],
            icon: UNNotificationActionIcon(systemImageName: "arrowshape.turn.up.left"), textInputButtonTitle: titles.send,
            textInputPlaceholder: titles.placeholder)
        let markAsRead = UNNotificationAction(
            identifier: MessageCategory.markAsReadAction, title: titles.markAsRead, options: [],
            icon: UNNotificationActionIcon(systemImageName: "checkmark.message"))
        return Set(categoryIdentifiers.map { UNNotificationCategory(identifier: $0, actions: [reply, markAsRead], intentIdentifiers: [], options: []) })
    }

    /// Registers ``categories`` beside the app's other categories (`setNotificationCategories`
    /// replaces the whole set, so the ones registered already are kept, unless one has the
    /// same identifier) and becomes `center`'s delegate. The delegate must be set before
    /// launch finishes, which an async call cannot promise: set `center.delegate` to this
    /// object in `application(_:willFinishLaunchingWithOptions:)` too, then call this from a
    /// task.
    public func install(on center: UNUserNotificationCenter = .current()) async {
        let others = await center.notificationCategories().filter { !categoryIdentifiers.contains($0.identifier) }
        center.setNotificationCategories(others.union(categories))
        center.delegate = self
    }

    /// Hands a message notification's response to the handler, then donates the reply.
    public func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        guard let message = MessageResponse(response) else { return }
        await handler(message)
        if case .reply(let text) = message.action {
            await Self.donateReply(text, in: message.conversationIdentifier)
        }
    }

    /// Donates the outgoing message, so that iOS learns the conversation the user writes to.
    /// A failed donation changes nothing for the user: it is not reported.
    private static func donateReply(_ text: String, in conversation: String?) async {
        let intent = INSendMessageIntent(
            recipients: nil, outgoingMessageType: .outgoingMessageText, content: text, speakableGroupName: nil,
            conversationIdentifier: conversation, serviceName: nil, sender: nil, attachments: nil)
        let interaction = INInteraction(intent: intent, response: nil)
        interaction.direction = .outgoing
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            interaction.donate { _ in continuation.resume() }
        }
    }
}
