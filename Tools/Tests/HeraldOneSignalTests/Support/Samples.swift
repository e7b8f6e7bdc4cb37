import Foundation
import HeraldCore
import HeraldSending

/// Messages and OneSignal answers the tests share.
enum Samples {
    static let appID = "8c5a7c8e-3b1f-4e5a-9d2c-6f0b1a2c3d4e"
    static let apiKey = "os_v2_app_SECRETSECRETSECRETSECRET"

    /// A group message with everything a layout writes: sender with handle and avatar,
    /// conversation, group, recipients, a mention, and two attachments of declared types.
    static let message = Message(
        sender: Person(
            identifier: "user-1842", displayName: "Maya Lindqvist", handle: Handle(value: "maya@example.com", kind: .email),
            avatarURL: URL(string: "https://cdn.example.com/avatars/user-1842.jpg")),
        conversationIdentifier: "conv-8c2f1e",
        groupName: "Weekend climbing 🧗",
        recipients: ["user-2210", "user-3307"],
        mentionsCurrentUser: true,
        attachments: [
            Message.Attachment(url: URL(string: "https://cdn.example.com/media/crag.jpg")!, kind: .image, declaredType: "image/jpeg"),
            Message.Attachment(url: URL(string: "https://cdn.example.com/media/route")!, kind: .movie, declaredType: "video/mp4"),
        ])

    static let outgoing = OutgoingMessage(
        message: message, text: "Rope is packed. Who's bringing the chalk? ✨", category: "MESSAGE",
        interruptionLevel: .timeSensitive, relevanceScore: 0.8)

    // OneSignal's documented answers (create notification, API reference and its OpenAPI spec).
    static let created = #"{"id":"b98881cc-1e94-4366-bbd9-db8f3429292b","external_id":null}"#
    static let createdWithSkippedTargets =
        #"{"id":"b98881cc-1e94-4366-bbd9-db8f3429292b","external_id":null,"errors":{"invalid_aliases":{"external_id":["user-9999"]}}}"#
    static let noSubscribers = #"{"id":"","errors":["All included players are not subscribed"]}"#
    static let badRequest =
        #"{"errors":["Message Notifications must have English language content"],"success":false,"reference":["https://documentation.onesignal.com/reference/create-notification"]}"#
    static let rateLimited = #"{"errors":["API rate limit exceeded"],"limit":"app"}"#
    static let unavailable = #"{"errors":["Service Unavailable"]}"#

    static func data(_ text: String) -> Data { Data(text.utf8) }
}
