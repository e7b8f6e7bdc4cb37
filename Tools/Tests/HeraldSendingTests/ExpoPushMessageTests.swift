import Foundation
import Testing

@testable import HeraldCore
import HeraldDesk
import HeraldSending

/// What Herald writes for Expo's push service, read back as the service delivers it (HeraldDesk's
/// request conversion), then as the extension reads it.
@Suite struct ExpoPushMessageTests {
    static let token = "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]"

    static func delivered(_ body: JSONValue) throws -> RequestConversion {
        let request = try #require(ProviderRequest(body))
        #expect(request.provider == .expo)
        return try request.convert()
    }

    @Test func aMessageReachesTheExtensionInTheExpoLayout() throws {
        let outgoing = OutgoingMessage(message: FCMMessageTests.outgoing.message, text: "Rope is packed.", interruptionLevel: .timeSensitive, badge: 4)
        let expo = try ExpoPushMessage(outgoing, to: [Self.token])
        let body = expo.body()
        #expect(body["to"] == .string(Self.token))
        #expect(body["mutableContent"] == true && body["priority"] == "high")
        #expect(body["categoryId"] == "herald.message")
        let conversion = try Self.delivered(body)
        let payload = try Payload(data: conversion.payload.encoded())
        let preview = Preview(payload: payload)
        #expect(preview.layout == .expo)
        #expect(preview.extensionWillRun)
        #expect(preview.message == outgoing.message.normalized)
        #expect(preview.content.title == "Maya Lindqvist")
        #expect(preview.content.subtitle == "Weekend climbing 🧗")
        #expect(preview.content.body == "Rope is packed.")
        #expect(preview.content.categoryIdentifier == "herald.message")
        #expect(preview.content.interruptionLevel == .timeSensitive)
        // No thread-id reaches the phone; the extension takes the conversation.
        #expect(conversion.payload["aps"]?["thread-id"] == nil)
        #expect(preview.content.threadIdentifier == "conv-8c2f1e")
        #expect(conversion.payload["aps"]?["badge"] == 4)
        // What Expo has no field for is said.
        #expect(expo.leftOut.count == 2)
        #expect(expo.leftOut.contains { $0.hasPrefix("thread-id") } && expo.leftOut.contains { $0.hasPrefix("apns-collapse-id m-1") })
        #expect(try JSONValue(parsing: expo.bodyData()) == body)
    }

    @Test func tokensAreAStringForOneAListForMoreAndAbsentForATemplate() throws {
        let outgoing = OutgoingMessage(message: Message(sender: PayloadBuilderTests.maya), text: "hi", relevanceScore: 0.5)
        #expect(try ExpoPushMessage(outgoing, to: [Self.token, Self.token]).body()["to"]?.arrayValue?.count == 2)
        let template = try ExpoPushMessage(outgoing, to: [])
        #expect(template.body()["to"] == nil)
        #expect(template.leftOut == ["relevance-score: Expo has no field for it; iOS ranks the notification without one"])
    }

    @Test func aReadElsewhereForTheBackgroundFallbackIsABackgroundMessage() throws {
        let clear = OutgoingMessage(message: Message(action: .clearConversation("c-1"), retractFallback: .background), text: "Messages read")
        let body = try ExpoPushMessage(clear, to: [Self.token]).body()
        #expect(body["title"] == nil && body["body"] == nil && body["mutableContent"] == nil)
        #expect(body["_contentAvailable"] == true && body["priority"] == "normal")
        let conversion = try Self.delivered(body)
        #expect(conversion.payload["aps"] == ["content-available": 1])
        #expect(Preview(payload: try Payload(data: conversion.payload.encoded())).message.action == .clearConversation("c-1"))
    }

    @Test func aSealedMessageKeepsItsTextInTheSealedData() throws {
        let sealing = PayloadBuilder.Sealing(fieldName: "sealed", placeholderBody: "New message") { _ in "opaque" }
        let body = try ExpoPushMessage(FCMMessageTests.outgoing, sealing: sealing, to: [Self.token]).body()
        #expect(body["body"] == "New message")
        #expect(body["data"] == ["sealed": "opaque"])
        #expect(!String(decoding: body.encoded(), as: UTF8.self).contains("Rope"))
    }
}
