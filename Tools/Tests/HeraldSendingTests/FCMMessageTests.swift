import Foundation
import Testing

@testable import HeraldCore
import HeraldDesk
import HeraldSending

/// What Herald writes for FCM, read back as FCM delivers it (HeraldDesk's request conversion),
/// then as the extension reads it.
@Suite struct FCMMessageTests {
    static let outgoing = OutgoingMessage(message: PayloadBuilderTests.message.with(identifier: "m-1"), text: "Rope is packed.", badge: 2)

    /// The payload the phone receives for `body`, with the APNs headers FCM sets.
    static func delivered(_ body: JSONValue) throws -> RequestConversion {
        let request = try #require(ProviderRequest(body))
        #expect(request.provider == .fcm)
        return try request.convert()
    }

    @Test func aMessageReachesTheExtensionWholeWithItsHeaders() throws {
        let fcm = try FCMMessage(Self.outgoing, to: .token("fcm-token-1"))
        let body = fcm.body()
        #expect(body["message"]?["token"] == "fcm-token-1")
        #expect(body["message"]?["notification"] == nil && body["message"]?["data"] == nil)
        let conversion = try Self.delivered(body)
        #expect(conversion.headers == ["apns-push-type": "alert", "apns-priority": "10", "apns-collapse-id": "m-1"])
        let preview = Preview(payload: try Payload(data: conversion.payload.encoded()))
        #expect(preview.extensionWillRun)
        #expect(preview.layout == .fcm)
        #expect(preview.message == Self.outgoing.message.normalized)
        #expect(preview.content.title == "Maya Lindqvist")
        #expect(preview.content.body == "Rope is packed.")
        #expect(preview.content.threadIdentifier == "conv-8c2f1e")
        #expect(preview.content.categoryIdentifier == "herald.message")
        #expect(conversion.payload["aps"]?["badge"] == 2)
        // What goes on the wire is the same value.
        #expect(try JSONValue(parsing: fcm.bodyData()) == body)
    }

    @Test func aDeleteForTheBackgroundFallbackIsABackgroundPush() throws {
        let retraction = Message(action: .retract(["m-1"]), retractFallback: .background)
        let body = try FCMMessage(OutgoingMessage(message: retraction, text: "Message deleted"), to: .topic("chat")).body()
        #expect(body["message"]?["topic"] == "chat")
        let conversion = try Self.delivered(body)
        #expect(conversion.headers["apns-push-type"] == "background" && conversion.headers["apns-priority"] == "5")
        #expect(conversion.payload["aps"] == ["content-available": 1])
        #expect(Preview(payload: try Payload(data: conversion.payload.encoded())).message.action == .retract(["m-1"]))
        // Without a fallback it is refused, as the builder refuses it.
        #expect(throws: PayloadBuildError.self) { try FCMMessage(OutgoingMessage(message: Message(action: .retract(["m-1"])), text: "x"), to: nil) }
    }

    @Test func aTemplateHasNoTargetAndAConditionIsWrittenAsOne() throws {
        #expect(try FCMMessage(Self.outgoing, to: nil).body()["message"]?.objectValue?.keys.sorted() == ["apns"])
        #expect(try FCMMessage(Self.outgoing, to: .condition("'chat' in topics")).body()["message"]?["condition"] == "'chat' in topics")
    }

    @Test func theSizeLimitLeavesRoomForFCMsOwnKeys() throws {
        let long = OutgoingMessage(message: PayloadBuilderTests.message, text: String(repeating: "word ", count: 2_000))
        let fcm = try FCMMessage(long, to: nil)
        #expect(fcm.payload.isShortened)
        #expect(fcm.payload.data.count <= 3_840)
        #expect(fcm.payload.data.count > 3_700)
    }
}

extension Message {
    /// This message with another identifier.
    func with(identifier: String) -> Message {
        var copy = self
        copy.identifier = identifier
        return copy
    }
}
