import Foundation
import Testing

@testable import HeraldCore

@Suite("Custom layouts")
struct LayoutDefinitionTests {
    @Test func zulipExampleReadsItsPayload() throws {
        let layout = LayoutTests.zulip
        #expect(layout.name == "zulip")
        #expect(layout.container == .oneSignal)
        let payload = try JSONValue(parsing: Data(contentsOf: LayoutTests.examplesDirectory.appendingPathComponent("zulip-stream-message.json")))
        let message = layout.decode(payload).message
        #expect(message.sender == Person(
            identifier: "6", displayName: "Aaron Smith", handle: Handle(value: "aaron@zulip.example.com", kind: .email),
            avatarURL: URL(string: "https://secure.gravatar.com/avatar/818c212b9f8830dfef491b3f7da99a14?d=identicon")))
        // pm_users is absent, so the second pointer (stream_id, a number) gives the conversation.
        #expect(message.conversationIdentifier == "10")
        #expect(message.groupName == "design")
        #expect(message.attachments.map(\.url.absoluteString) == ["https://zulip.example.com/user_uploads/2/icons-preview.png"])
    }

    @Test func customPointersComeBeforeTheBaseLayouts() throws {
        let layout = try Layout(definition: ["extends": "apns", "communication": ["senderName": ["/from/name"]]])
        #expect(layout.name == "custom(apns)")
        #expect(layout.decode(["from": ["name": "Custom"], "sender_name": "Flat"]).message.sender?.displayName == "Custom")
        #expect(layout.decode(["sender_name": "Flat"]).message.sender?.displayName == "Flat")
    }

    @Test func withoutExtendsOnlyCustomPointersAreRead() throws {
        let layout = try Layout(definition: ["communication": ["senderName": ["/who"]], "attachments": ["/pics"]])
        #expect(layout.name == "custom")
        let decoded = layout.decode(["sender_name": "Flat", "who": "Me", "pics": ["a": "https://x.example/1.png"], "att": ["b": "https://x.example/2.png"]])
        #expect(decoded.message.sender?.displayName == "Me")
        #expect(decoded.message.attachments.map(\.url.absoluteString) == ["https://x.example/1.png"])
    }

    @Test func pointersStepIntoJSONStringsAndNumbersBecomeText() throws {
        let layout = try Layout(definition: [
            "communication": ["senderIdentifier": ["/sendbird/sender/id"], "senderName": ["/sendbird/sender/name"], "recipients": ["/sendbird/members"]]
        ])
        let message = layout.decode(["sendbird": .string(#"{"sender":{"id":876510,"name":"Rndeep"},"members":[1,"b"]}"#)]).message
        #expect(message.sender?.identifier == "876510")
        #expect(message.sender?.displayName == "Rndeep")
        #expect(message.recipients == ["1", "b"])
    }

    struct Invalid: Sendable, CustomStringConvertible {
        let definition: String
        let code: LayoutDefinitionError.Code
        let mentions: String
        var description: String { definition }
    }

    @Test(arguments: [
        Invalid(definition: #"{"name": "x", "colour": 1}"#, code: .unknownKey, mentions: "\"colour\""),
        Invalid(definition: #"{"communication": {"senderNmae": ["/a"]}}"#, code: .unknownKey, mentions: "communication.senderNmae"),
        Invalid(definition: #"{"communication": {"senderName": "/a"}}"#, code: .wrongType, mentions: "communication.senderName"),
        Invalid(definition: #"{"communication": {"senderName": [1]}}"#, code: .wrongType, mentions: "communication.senderName"),
        Invalid(definition: #"{"attachments": ["image_url"]}"#, code: .invalidPointer, mentions: "image_url"),
        Invalid(definition: #"{"extends": "pushwoosh"}"#, code: .unknownBaseLayout, mentions: "pushwoosh"),
        Invalid(definition: #"{"extends": 1}"#, code: .wrongType, mentions: "extends"),
        Invalid(definition: #"{"name": []}"#, code: .wrongType, mentions: "name"),
        Invalid(definition: #"["not", "an", "object"]"#, code: .notAnObject, mentions: "array"),
        Invalid(definition: "{\"name\": \"x\",\n}", code: .invalidJSON, mentions: "line 2, column 1"),
    ])
    func invalidDefinitionsNameTheProblem(_ invalid: Invalid) {
        #expect {
            try Layout(definitionData: Data(invalid.definition.utf8))
        } throws: { error in
            guard let error = error as? LayoutDefinitionError else { return false }
            return error.code == invalid.code && error.message.contains(invalid.mentions)
        }
    }

    @Test func attachmentEntriesMayNameATypePointer() throws {
        let layout = try Layout(definition: ["attachments": [["url": "/media/u", "type": "/media/t"], "/pic"]])
        let message = layout.decode(["media": ["u": "https://x.example/clip", "t": "mp4"], "pic": "https://x.example/p.png"]).message
        #expect(message.attachments == [
            Message.Attachment(url: URL(string: "https://x.example/clip")!, kind: .movie, declaredType: "mp4"),
            Message.Attachment(url: URL(string: "https://x.example/p.png")!, kind: .image),
        ])
        #expect(throws: LayoutDefinitionError.self) { try Layout(definition: ["attachments": [["href": "/x"]]]) }
        #expect(throws: LayoutDefinitionError.self) { try Layout(definition: ["attachments": [["type": "/x"]]]) }
    }

    @Test func everyKeyIsOptional() throws {
        let layout = try Layout(definition: [:])
        #expect(layout.decode(["sender_name": "x"]).message == Message())
    }

    @Test func encodingUnderAPSAddsToTheAPSAlreadyThere() throws {
        let layout = try Layout(definitionData: Data(#"{"name": "thread", "communication": {"conversationIdentifier": ["/aps/thread-id"]}}"#.utf8))
        let payload = layout.encode(Message(conversationIdentifier: "conv-1"), into: ["aps": ["alert": "hi", "mutable-content": 1]])
        #expect(payload["aps"] == ["alert": "hi", "mutable-content": 1, "thread-id": "conv-1"])
    }

    @Test func oneSignalEncodingKeepsTheCustomKeysAlreadyThere() {
        let payload = Layout.oneSignal.encode(Message(groupName: "Crew"), into: ["custom": ["i": "n-1", "a": ["order": 7]]])
        #expect(payload["custom"]?["i"] == "n-1")
        #expect(payload["custom"]?["a"]?["order"] == 7)
        #expect(Layout.oneSignal.decode(payload).message.groupName == "Crew")
    }

    /// Found by fuzzing: a pointer of ~44,000 steps overflowed the stack when a message was encoded.
    @Test(arguments: ["senderName", "recipients", "attachments"])
    func aPointerDeeperThanAnyPayloadIsRefused(_ field: String) throws {
        let pointer = String(repeating: "/a", count: 50_000)
        let definition = field == "attachments" ? #"{"attachments": ["\#(pointer)"]}"# : #"{"communication": {"\#(field)": ["\#(pointer)"]}}"#
        #expect {
            try Layout(definitionData: Data(definition.utf8))
        } throws: { error in
            guard let error = error as? LayoutDefinitionError else { return false }
            return error.code == .pointerTooDeep && error.message.contains("50000 steps") && error.message.count < 300
        }
        let oneTooMany = String(repeating: "/a", count: JSONValue.maximumDepth + 1)
        #expect(throws: LayoutDefinitionError(code: .pointerTooDeep, message: "\"communication.senderName\": a pointer of 513 steps reaches deeper than the 512 levels of nesting Herald reads")) {
            try Layout(definition: ["communication": ["senderName": [.string(oneTooMany)]]])
        }
    }

    @Test func thePointerAtTheDeepestLevelHeraldReadsRoundTrips() throws {
        let deepest = String(repeating: "/a", count: JSONValue.maximumDepth)
        let layout = try Layout(definition: ["communication": ["senderName": [.string(deepest)]]])
        let message = Message(sender: Person(displayName: "Ann"))
        let received = try JSONValue(parsing: layout.encode(message).encoded())
        #expect(layout.decode(received).message == message)
    }
}
