import Foundation
import HeraldCore

extension Message {
    /// A message with every field set (its id, an edit of an earlier message, sender with a
    /// handle, an avatar and given and family names, a named group with an avatar, two other recipients, mention and
    /// reply flags, three attachments of three kinds), for the layout, request and sending tests
    /// of both packages.
    public static let fullSample = Message(
        identifier: "msg-5521",
        action: .replace("msg-5520"),
        sender: Person(
            identifier: "user-1842", displayName: "Maya Lindqvist 🧗",
            handle: Handle(value: "maya@example.com", kind: .email),
            avatarURL: URL(string: "https://cdn.example.com/a/1842.jpg?size=256"), givenName: "Maya", familyName: "Lindqvist"),
        conversationIdentifier: "conv-8c2f1e",
        groupName: "Weekend climbing",
        groupAvatarURL: URL(string: "https://cdn.example.com/g/8c2f1e.png"),
        recipients: ["user-2210", "user-3307"],
        mentionsCurrentUser: true,
        isReplyToCurrentUser: true,
        attachments: [
            Message.Attachment(url: URL(string: "https://cdn.example.com/m/1.jpg")!),
            Message.Attachment(url: URL(string: "https://cdn.example.com/m/clip")!, kind: .movie, declaredType: "video/mp4"),
            Message.Attachment(url: URL(string: "https://cdn.example.com/m/voice.m4a")!),
        ])
}
