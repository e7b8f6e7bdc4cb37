import Foundation
import Testing

@testable import HeraldCore
import HeraldDesk
import HeraldSending

@Suite struct PayloadBuilderTests {
    static let maya = Person(identifier: "user-1842", displayName: "Maya Lindqvist", handle: Handle(value: "maya@example.com", kind: .email),
                             avatarURL: URL(string: "https://cdn.example.com/avatars/maya.jpg"))
    static let message = Message(
        sender: maya, conversationIdentifier: "conv-8c2f1e", groupName: "Weekend climbing 🧗",
        recipients: ["user-2210", "user-3307"], mentionsCurrentUser: true,
        attachments: [Message.Attachment(url: URL(string: "https://cdn.example.com/m/crag.jpg")!, kind: .image)])

    /// Reads a built payload as the extension does: detection, then the preview.
    static func preview(_ built: BuiltPayload) throws -> Preview {
        Preview(payload: try Payload(data: built.data))
    }

    @Test(arguments: [Layout.apns, .oneSignal, .fcm])
    func theExtensionReadsBackTheMessageAndTheText(layout: Layout) throws {
        let outgoing = OutgoingMessage(
            message: Self.message, text: "Rope is packed.", category: "MESSAGE", interruptionLevel: .timeSensitive, relevanceScore: 0.8)
        let built = try PayloadBuilder(layout: layout).build(outgoing)
        let preview = Preview(payload: try Payload(data: built.data), layout: layout)
        #expect(preview.extensionWillRun)
        #expect(preview.message == Self.message)
        #expect(preview.content.title == "Maya Lindqvist")
        #expect(preview.content.subtitle == "Weekend climbing 🧗")
        #expect(preview.content.body == "Rope is packed.")
        #expect(preview.content.threadIdentifier == "conv-8c2f1e")
        #expect(preview.content.categoryIdentifier == "MESSAGE")
        #expect(preview.content.interruptionLevel == .timeSensitive)
        #expect(preview.content.relevanceScore == 0.8)
        #expect(built.json["aps"]?["mutable-content"] == 1)
        #expect(!built.isShortened)
    }

    /// A message with a sender names HeraldApp's category unless told otherwise, so iOS shows
    /// its Reply and Mark as Read; a retraction or a senderless push names none.
    @Test func aMessageNamesHeraldsMessageCategoryByDefault() throws {
        func category(_ outgoing: OutgoingMessage) throws -> JSONValue? { try PayloadBuilder().build(outgoing).json["aps"]?["category"] }
        #expect(try category(OutgoingMessage(message: Self.message, text: "x")) == "herald.message")
        #expect(try category(OutgoingMessage(message: Self.message, text: "x", category: "CHAT")) == "CHAT")
        #expect(try category(OutgoingMessage(message: Self.message, text: "x", category: "")) == nil)
        #expect(try category(OutgoingMessage(message: Message(conversationIdentifier: "conv-1"), text: "x")) == nil)
        let retraction = Message(action: .retract(["m-1"]), retractFallback: .visible, sender: Self.maya)
        #expect(try category(OutgoingMessage(message: retraction, text: "Message deleted")) == nil)
        // The extension reads it back as the content's category.
        #expect(try Self.preview(PayloadBuilder().build(OutgoingMessage(message: Self.message, text: "x"))).content.categoryIdentifier == "herald.message")
    }

    @Test func aBlankConversationIsNoThread() throws {
        let built = try PayloadBuilder().build(OutgoingMessage(message: Message(sender: Self.maya, conversationIdentifier: "\n"), text: "hi"))
        #expect(built.json["aps"]?["thread-id"] == nil)
        #expect(built.json["communication"]?["conversation_id"] == nil)
    }

    @Test func aLayoutWritingUnderAPSKeepsTheAlertAndMutableContent() throws {
        let layout = try Layout(definitionData: Data(#"{"name": "thread", "communication": {"conversationIdentifier": ["/aps/thread-id"]}}"#.utf8))
        let outgoing = OutgoingMessage(message: Message(sender: Self.maya, conversationIdentifier: "conv-1"), text: "hello")
        let aps = try #require(try PayloadBuilder(layout: layout).build(outgoing).json["aps"])
        #expect(aps["mutable-content"] == 1)
        #expect(aps["alert"]?["body"] == "hello")
        #expect(aps["thread-id"] == "conv-1")
    }

    @Test func titleAndSubtitleCanBeOverridden() throws {
        let outgoing = OutgoingMessage(message: Self.message, text: "Hi", title: "Maya (work)", subtitle: "Crag trip")
        let alert = try PayloadBuilder().build(outgoing).json["aps"]?["alert"]
        #expect(alert == ["title": "Maya (work)", "subtitle": "Crag trip", "body": "Hi"])
    }

    @Test func aDirectMessageHasNoSubtitle() throws {
        let outgoing = OutgoingMessage(message: Message(sender: Self.maya), text: "Hi")
        #expect(try PayloadBuilder().build(outgoing).json["aps"]?["alert"] == ["title": "Maya Lindqvist", "body": "Hi"])
    }

    // Family emoji (a 25-byte ZWJ sequence), e + combining acute, and flags: cutting through any
    // of them would break a grapheme.
    static let tricky = String(repeating: "👨‍👩‍👧‍👦 café 🇸🇪 ", count: 400)

    @Test(arguments: [(4096, APNSLimit.alert), (5120, APNSLimit.voip)])
    func aLongBodyIsShortenedOnAGraphemeBoundaryToFitTheLimit(limit: Int, _: APNSLimit) throws {
        let outgoing = OutgoingMessage(message: Self.message, text: Self.tricky)
        let built = try PayloadBuilder(maximumByteCount: limit).build(outgoing)
        #expect(built.data.count <= limit)
        // The longest that fits: one more grapheme (at most 25 bytes, plus escaping) would not.
        #expect(built.data.count > limit - 40)
        let body = try #require(built.json["aps"]?["alert"]?["body"]?.stringValue)
        #expect(body.hasSuffix(PayloadBuilder.ellipsis))
        let kept = body.dropLast()
        #expect(Self.tricky.hasPrefix(kept))
        #expect(kept.count + built.omittedCharacterCount >= Self.tricky.count - 1)  // trailing spaces are dropped before "…"
        #expect(built.isShortened)
        // Still the same message on the phone, and valid UTF-8 JSON.
        #expect(try Self.preview(built).message == Self.message)
    }

    @Test func aPayloadThatCannotFitSaysByHowMuch() throws {
        let huge = Message(sender: Person(displayName: String(repeating: "M", count: 5000)))
        let outgoing = OutgoingMessage(message: huge, text: "Hello there")
        // The smallest payload: the same with the body reduced to the ellipsis, measured without a limit.
        let smallest = try PayloadBuilder(maximumByteCount: .max).build(OutgoingMessage(message: huge, text: PayloadBuilder.ellipsis))
        #expect(throws: PayloadBuildError(
            .tooLarge,
            "the payload is \(smallest.data.count) bytes even with the body shortened to \"…\": \(smallest.data.count - 4096) bytes over the 4096-byte limit",
            excessByteCount: smallest.data.count - 4096)) {
            try PayloadBuilder().build(outgoing)
        }
        #expect(smallest.data.count > 10_000)  // the name appears as title and in the data
    }

    @Test func invalidOptionsAreRefused() {
        #expect(throws: PayloadBuildError.self) {
            try PayloadBuilder().build(OutgoingMessage(message: Self.message, text: "x", relevanceScore: 1.5))
        }
        #expect(throws: PayloadBuildError.self) {
            try PayloadBuilder().build(OutgoingMessage(message: Self.message, text: "x", interruptionLevel: InterruptionLevel(rawValue: "loud")))
        }
    }

    @Test func sealingHidesTheTextAndTheMessageBehindAPlaceholder() throws {
        let sealed = Recorder()
        let sealing = PayloadBuilder.Sealing(fieldName: "sealed", placeholderBody: "New message") { plaintext in
            sealed.value = plaintext
            return ["kid": "k1", "box": "AAAA"]
        }
        let built = try PayloadBuilder(sealing: sealing).build(OutgoingMessage(message: Self.message, text: "Rope is packed."))
        #expect(built.json["aps"]?["alert"] == ["body": "New message"])
        #expect(built.json["aps"]?["thread-id"] == nil)
        #expect(built.json["sealed"] == ["kid": "k1", "box": "AAAA"])
        #expect(built.json["communication"] == nil)
        let plaintext = try #require(sealed.value)
        #expect(plaintext["body"] == "Rope is packed.")
        #expect(plaintext["title"] == "Maya Lindqvist")
        #expect(plaintext["subtitle"] == "Weekend climbing 🧗")
        // The data keys are the ones the layout writes in the clear.
        #expect(plaintext["communication"] == Layout.apns.encodedData(Self.message)["communication"])
    }

    /// The collapse id by default is the id of the message the notification stands for.
    @Test(arguments: [
        (Message(identifier: "m-2"), "m-2"),
        (Message(identifier: "m-2", action: .replace("m-1")), "m-1"),
        (Message(action: .retract(["m-1"])), "m-1"),
        (Message(identifier: "m-9", action: .retract(["m-1", "m-2"])), nil),
        (Message(identifier: "m-9", action: .clearConversation("c-1")), nil),
        (Message(identifier: " "), nil),
        (Message(), nil),
    ] as [(Message, String?)])
    func theCollapseIDIsTheIDOfTheMessageTheNotificationStandsFor(message: Message, expected: String?) throws {
        var alert = message
        if alert.action?.isRetraction == true { alert.retractFallback = .visible }  // an alert push retracts for it
        #expect(try PayloadBuilder().build(OutgoingMessage(message: alert, text: "x")).collapseID == expected)
        #expect(try PayloadBuilder().buildBackground(message).collapseID == expected)
    }

    /// Sealed, the message's id and its action travel inside the box, and no collapse id in
    /// the clear tells Apple which messages belong together.
    @Test func aSealedMessagesIDAndActionAreSealedAndNotACollapseID() throws {
        let sealed = Recorder()
        let sealing = PayloadBuilder.Sealing(fieldName: "sealed") { plaintext in
            sealed.value = plaintext
            return "box"
        }
        let message = Message(identifier: "m-2", action: .replace("m-1"), sender: Self.maya)
        let built = try PayloadBuilder(sealing: sealing).build(OutgoingMessage(message: message, text: "edited"))
        #expect(built.collapseID == nil)
        #expect(built.json["communication"] == nil && !String(decoding: built.data, as: UTF8.self).contains("m-1"))
        #expect(sealed.value?["communication"]?["message_id"] == "m-2")
        #expect(sealed.value?["communication"]?["replaces"] == "m-1")
    }

    /// A push whose content is fetched carries its ids where the extension reads them, and a
    /// placeholder; what could not work is refused, each with its reason.
    @Test func aPushWhoseContentIsFetchedIsIDsAndAPlaceholder() throws {
        let idOnly = Message(identifier: "m-42", conversationIdentifier: "c-7", fetchesContent: true)
        let built = try PayloadBuilder().build(OutgoingMessage(message: idOnly, text: "New message"))
        #expect(built.json["communication"] == ["message_id": "m-42", "conversation_id": "c-7", "fetch_content": true])
        #expect(built.json["aps"]?["alert"] == ["body": "New message"])
        #expect(built.json["aps"]?["mutable-content"] == 1)
        #expect(built.json["aps"]?["category"] == nil)  // no sender: the server's answer names it
        let sealing = PayloadBuilder.Sealing(fieldName: "sealed") { _ in "box" }
        let refusals: [(() throws(PayloadBuildError) -> BuiltPayload, String)] = [
            ({ () throws(PayloadBuildError) in try PayloadBuilder(sealing: sealing).build(OutgoingMessage(message: idOnly, text: "New message")) }, "leave it unsealed"),
            ({ () throws(PayloadBuildError) in try PayloadBuilder().buildBackground(idOnly) }, "never runs for a background push"),
            ({ () throws(PayloadBuildError) in try PayloadBuilder().build(OutgoingMessage(message: idOnly, text: " ")) }, "needs a visible placeholder body"),
            ({ () throws(PayloadBuildError) in try PayloadBuilder().build(OutgoingMessage(message: Message(fetchesContent: true), text: "New message")) },
             "needs the message's id"),
        ]
        for (build, reason) in refusals {
            #expect {
                try build()
            } throws: { error in
                (error as? PayloadBuildError)?.code == .fetchedContent && "\(error)".contains(reason)
            }
        }
    }

    @Test func aMessageIDLongerThanACollapseIDIsRefused() throws {
        let long = String(repeating: "é", count: 33)  // 66 bytes
        for message in [Message(identifier: long), Message(action: .replace(long)), Message(action: .retract(["m-1", long]))] {
            #expect(throws: PayloadBuildError.self) { try PayloadBuilder().build(OutgoingMessage(message: message, text: "x")) }
            #expect(throws: PayloadBuildError.self) { try PayloadBuilder().buildBackground(message) }
        }
        let error = try #require(throws: PayloadBuildError.self) { try PayloadBuilder().build(OutgoingMessage(message: Message(identifier: long), text: "x")) }
        #expect(error.description == "invalid-message-identifier: message_id is 66 bytes; at most 64, as it may be sent as the collapse id")
        // 64 bytes is allowed, and a conversation id is no collapse id.
        let sixtyFour = String(repeating: "a", count: 64)
        #expect(try PayloadBuilder().build(OutgoingMessage(message: Message(identifier: sixtyFour), text: "x")).collapseID == sixtyFour)
        #expect(try PayloadBuilder().build(OutgoingMessage(message: Message(action: .clearConversation(long), retractFallback: .filtered), text: "x")).collapseID == nil)
    }

    /// A retraction is built only for the app's fallback: an alert push for filtered or
    /// visible, a background push for background; without one it is refused.
    @Test func aRetractionIsBuiltOnlyForItsFallback() throws {
        func code(_ build: () throws(PayloadBuildError) -> BuiltPayload) -> PayloadBuildError.Code? {
            do { _ = try build(); return nil } catch { return error.code }
        }
        let retract = Message(action: .retract(["m-1"]))
        #expect(code { () throws(PayloadBuildError) in try PayloadBuilder().build(OutgoingMessage(message: retract, text: "Message deleted")) } == .retractFallback)
        var background = retract
        background.retractFallback = .background
        #expect(code { () throws(PayloadBuildError) in try PayloadBuilder().build(OutgoingMessage(message: background, text: "x")) } == .retractFallback)
        var visible = retract
        visible.retractFallback = .visible
        #expect(code { () throws(PayloadBuildError) in try PayloadBuilder().buildBackground(visible) } == .retractFallback)
        let shown = try PayloadBuilder().build(OutgoingMessage(message: visible, text: "Message deleted"))
        #expect(shown.json["communication"]?["retract_fallback"] == "visible" && shown.collapseID == "m-1")
        // A background push is the background fallback, and says so.
        let quiet = try PayloadBuilder().buildBackground(Message(action: .clearConversation("c-1")))
        #expect(quiet.json == ["aps": ["content-available": 1], "communication": ["clears_conversation": "c-1", "retract_fallback": "background"]])
    }

    /// The badge is an absolute count in aps, in the clear even when the content is sealed.
    @Test func theBadgeIsAnAbsoluteCountInAPS() throws {
        #expect(try PayloadBuilder().build(OutgoingMessage(message: Self.message, text: "x", badge: 3)).json["aps"]?["badge"] == 3)
        #expect(try PayloadBuilder().build(OutgoingMessage(message: Self.message, text: "x", badge: 0)).json["aps"]?["badge"] == 0)
        #expect(try PayloadBuilder().build(OutgoingMessage(message: Self.message, text: "x")).json["aps"]?["badge"] == nil)
        let sealing = PayloadBuilder.Sealing(fieldName: "sealed") { _ in "box" }
        #expect(try PayloadBuilder(sealing: sealing).build(OutgoingMessage(message: Self.message, text: "x", badge: 7)).json["aps"]?["badge"] == 7)
        let error = try #require(throws: PayloadBuildError.self) { try PayloadBuilder().build(OutgoingMessage(message: Self.message, text: "x", badge: -1)) }
        #expect(error.code == .invalidBadge)
    }

    /// An increment travels with the message, where the extension counts it; only a new message
    /// carries one, of 1 or more.
    @Test func aBadgeIncrementCountsANewMessageOnly() throws {
        var message = Self.message
        message.badgeIncrement = 2
        #expect(try PayloadBuilder().build(OutgoingMessage(message: message, text: "x")).json["communication"]?["badge_increment"] == 2)
        message.badgeIncrement = 0
        #expect(throws: PayloadBuildError.self) { try PayloadBuilder().build(OutgoingMessage(message: message, text: "x")) }
        message.badgeIncrement = 1
        message.action = .replace("m-1")
        let edit = try #require(throws: PayloadBuildError.self) { try PayloadBuilder().build(OutgoingMessage(message: message, text: "x")) }
        #expect(edit.code == .invalidBadge)
    }

    @Test func aFailingSealerIsReported() {
        struct Refused: Error {}
        let sealing = PayloadBuilder.Sealing(fieldName: "sealed") { _ in throw Refused() }
        #expect(throws: PayloadBuildError.self) {
            try PayloadBuilder(sealing: sealing).build(OutgoingMessage(message: Self.message, text: "x"))
        }
    }

    @Test(arguments: [Layout.apns, .oneSignal, .fcm])
    func aBackgroundPushCarriesTheDataAndNothingShown(layout: Layout) throws {
        let built = try PayloadBuilder(layout: layout).buildBackground(Self.message)
        #expect(built.json["aps"] == ["content-available": 1])
        let payload = try Payload(data: built.data)
        #expect(Preview(payload: payload, layout: layout).message == Self.message)
        #expect(!Preview(payload: payload, layout: layout).extensionWillRun)
        // Lint judges it a correct background push when sent as one.
        #expect(Linter.lint(payload, preview: Preview(payload: payload), pushOptions: APNSPushOptions(pushType: .background, priority: .considerPower)) == [])
    }

    @Test func aSealedBackgroundPushSealsTheDataWithoutAPlaceholder() throws {
        let sealed = Recorder()
        let sealing = PayloadBuilder.Sealing(fieldName: "sealed") { plaintext in
            sealed.value = plaintext
            return "box"
        }
        let built = try PayloadBuilder(sealing: sealing).buildBackground(Self.message)
        #expect(built.json == ["aps": ["content-available": 1], "sealed": "box"])
        #expect(sealed.value == Layout.apns.encodedData(Self.message))
    }

    @Test func aBackgroundPushTooLargeSaysByHowMuch() {
        let big = Message(sender: Person(displayName: String(repeating: "M", count: 5000)))
        let error = #expect(throws: PayloadBuildError.self) { try PayloadBuilder().buildBackground(big) }
        #expect(error?.code == .tooLarge)
        #expect((error?.excessByteCount ?? 0) > 900)
    }
}

/// Names the limit a test case checks, for readable test names.
enum APNSLimit: Sendable { case alert, voip }

/// Holds what a sealing closure received.
private final class Recorder: @unchecked Sendable {
    // @unchecked: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: JSONValue?
    var value: JSONValue? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
