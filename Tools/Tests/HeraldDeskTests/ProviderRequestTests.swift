import Foundation
import Testing

@_spi(HeraldTools) @testable import HeraldCore
@testable import HeraldDesk
import HeraldSending
import HeraldTestSupport

@Suite("Provider request bodies")
struct ProviderRequestTests {
    static let message = Message.fullSample

    @Test func aOneSignalBodyBecomesTheClassicPayload() throws {
        let body: JSONValue = [
            "app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "include_aliases": ["external_id": ["u-1"]], "target_channel": "push",
            "headings": ["en": "Maya", "es": "Maya (es)"], "subtitle": ["en": "Weekend climbing"], "contents": ["en": "Rope is packed.", "es": "Cuerda lista."],
            "data": ["sender_name": "Maya"], "ios_attachments": ["id1": "https://cdn.example/1.jpg"], "thread_id": "conv-1",
            "ios_category": "reply", "ios_interruption_level": "time_sensitive", "ios_relevance_score": 0.5, "ios_sound": "ping.caf",
            "ios_badgeType": "SetTo", "ios_badgeCount": 3, "collapse_id": "m-1", "url": "chat://conv-1",
            "buttons": [["id": "like", "text": "Like"]], "android_channel_id": "x", "heading": "typo",
        ]
        let request = try #require(ProviderRequest(body))
        #expect(request.provider == .oneSignal)
        let conversion = try request.convert()
        #expect(conversion.payload == [
            "aps": [
                "alert": ["title": "Maya", "subtitle": "Weekend climbing", "body": "Rope is packed."], "mutable-content": 1,
                "thread-id": "conv-1", "category": "reply", "interruption-level": "time-sensitive", "relevance-score": 0.5,
                "sound": "ping.caf", "badge": 3,
            ],
            "custom": ["i": "(assigned by OneSignal)", "a": ["sender_name": "Maya"], "u": "chat://conv-1", "collapse_id": "m-1"],
            "att": ["id1": "https://cdn.example/1.jpg"],
            "buttons": [["i": "like", "n": "Like"]],
        ])
        #expect(conversion.headers == ["apns-collapse-id": "m-1"])
        #expect(Layout.detect(in: conversion.payload).layout == .oneSignal)
        // Nothing is dropped silently: each left-out field is named, by why.
        let left = conversion.decisions.filter { $0.code == .requestFieldLeftOut }.map(\.message)
        #expect(left.contains { $0.hasPrefix("app_id, include_aliases, target_channel: read by OneSignal itself") })
        #expect(left.contains { $0.hasPrefix("android_channel_id: for other platforms") })
        #expect(left.contains { $0.hasPrefix("heading (did you mean headings?): not a field Herald knows OneSignal to deliver") })
        #expect(conversion.unknownFields == [RequestConversion.UnknownField(name: "heading", suggestion: "headings")])
        #expect(conversion.decisions.contains { $0.code == .requestLanguage && $0.message.contains("contents also has es") })
        #expect(conversion.decisions.first?.message.contains("contents.en → aps.alert.body") == true)
    }

    /// A message's life travels in FCM's and Expo's data as in any payload: FCM's values are
    /// strings (the communication block as JSON text, ids comma-separated, the increment as
    /// digits), Expo's keep their types.
    @Test func fcmAndExpoRequestsCarryAMessagesLife() throws {
        let fcm: JSONValue = ["message": [
            "token": "t",
            "apns": ["payload": ["aps": ["alert": ["title": "Ann", "body": "Message deleted"], "mutable-content": 1]]],
            "data": ["communication": #"{"sender_name":"Ann","conversation_id":"c1","retracts":"m-1,m-2","retract_fallback":"filtered"}"#],
        ]]
        let fcmPayload = Payload(json: try #require(ProviderRequest(fcm)).convert().payload)
        let fcmMessage = Preview(payload: fcmPayload).message
        #expect(fcmMessage.action == .retract(["m-1", "m-2"]))
        #expect(fcmMessage.retractFallback == .filtered)
        let expo: JSONValue = [
            "to": "ExponentPushToken[a]", "title": "Ann", "body": "hi", "mutableContent": true,
            "data": ["communication": ["sender_name": "Ann", "message_id": "m-3", "replaces": "m-2"]],
        ]
        let expoMessage = Preview(payload: Payload(json: try #require(ProviderRequest(expo)).convert().payload)).message
        #expect(expoMessage.identifier == "m-3")
        #expect(expoMessage.action == .replace("m-2"))
        let counted: JSONValue = ["message": ["token": "t", "data": ["communication": #"{"sender_name":"Ann","badge_increment":"2"}"#]]]
        #expect(Preview(payload: Payload(json: try #require(ProviderRequest(counted)).convert().payload)).message.badgeIncrement == 2)
    }

    @Test func oneSignalSendsEachSubscriptionItsLanguageOrEnglish() throws {
        let body: JSONValue = ["app_id": "a", "contents": ["en": "Hello", "es": "Hola"], "headings": ["en": "Hi"]]
        let spanish = try #require(ProviderRequest(body)).convert(language: "es")
        #expect(spanish.payload["aps"]?["alert"] == ["title": "Hi", "body": "Hola"])
        #expect(spanish.decisions.contains { $0.message == "headings has no \"es\" text: OneSignal falls back to English" })
        let shouted = try #require(ProviderRequest(body)).convert(language: "ES")
        #expect(shouted.payload["aps"]?["alert"] == ["title": "Hi", "body": "Hello"])
        #expect(shouted.decisions.contains { $0.message == "contents has no \"ES\" text: OneSignal falls back to English (it has \"es\": --language es)" })
    }

    static let refused: [(JSONValue, RequestConversionError.Code, String)] = [
        (["app_id": "a", "contents": ["es": "Hola"]], .missingField, "no \"en\" entry"),
        (["app_id": "a", "include_aliases": ["external_id": ["u"]], "headings": ["en": "x"]], .missingField, "without contents"),
        (["app_id": "a", "contents": "Hello"], .wrongType, "language codes"),
        // Cut down to the notification's fields, as a backend's code builds them: still OneSignal's, and refused.
        (["headings": ["en": "Maya"], "contents": ["en": "Hi"], "data": ["sender_name": "Maya"]], .missingField, "without app_id"),
        (["message": ["token": "t", "data": ["count": 3]]], .wrongType, "\"count\": \"3\""),
        (["message": ["token": "t", "data": ["google.x": "1"]]], .reservedKey, "reserves"),
        (["to": "ExponentPushToken[x]", "data": "text"], .wrongType, "JSON object"),
    ]

    @Test(arguments: refused)
    func aBodyTheProviderRefusesIsAnError(_ body: JSONValue, _ code: RequestConversionError.Code, _ mentions: String) throws {
        let request = try #require(ProviderRequest(body))
        #expect {
            try request.convert()
        } throws: { error in
            guard let error = error as? RequestConversionError else { return false }
            return error.code == code && error.message.contains(mentions)
        }
    }

    @Test func anFCMBodyBecomesAPayloadWithDataAsStrings() throws {
        let body: JSONValue = [
            "validate_only": false,
            "message": [
                "token": "fcm-token", "notification": ["title": "Maya", "body": "Rope is packed.", "image": "https://cdn.example/n.jpg"],
                "data": ["conversation_id": "c-1"],
                "apns": [
                    "headers": ["apns-priority": "10", "apns-collapse-id": "m-1"],
                    "payload": ["aps": ["mutable-content": 1, "alert": ["subtitle": "Weekend climbing"], "thread-id": "c-1"], "CIO": ["push": ["link": "x"]]],
                    "fcm_options": ["image": "https://cdn.example/apns.jpg"],
                ],
                "android": ["priority": "high"],
            ],
        ]
        let conversion = try #require(ProviderRequest(body)).convert()
        #expect(conversion.payload == [
            "aps": ["alert": ["title": "Maya", "subtitle": "Weekend climbing", "body": "Rope is packed."], "mutable-content": 1, "thread-id": "c-1"],
            "conversation_id": "c-1", "CIO": ["push": ["link": "x"]], "fcm_options": ["image": "https://cdn.example/apns.jpg"],
            "gcm.message_id": "(assigned by FCM)",
        ])
        #expect(conversion.headers == ["apns-priority": "10", "apns-collapse-id": "m-1"])
        let left = conversion.decisions.filter { $0.code == .requestFieldLeftOut }.map(\.message)
        #expect(left.contains { $0.hasPrefix("token: read by FCM itself") })
        #expect(left.contains { $0.hasPrefix("android: for other platforms") })
        #expect(left.contains { $0.hasPrefix("validate_only beside message") })
        #expect(Layout.detect(in: conversion.payload).layout == .fcm)
    }

    @Test func anFCMTemplateWithoutARecipientIsShownAndTheGapNamed() throws {
        let conversion = try #require(ProviderRequest(["message": ["notification": ["body": "x"]]])).convert()
        #expect(conversion.payload["aps"] == ["alert": ["body": "x"]])
        #expect(conversion.decisions.contains { $0.message.hasPrefix("the message has no token, topic or condition; FCM needs exactly one") })
    }

    @Test func anAPNsAlertStringReplacesTheNotificationText() throws {
        let body: JSONValue = ["message": ["topic": "news", "notification": ["title": "T", "body": "B"], "apns": ["payload": ["aps": ["alert": "Only this"]]]]]
        let conversion = try #require(ProviderRequest(body)).convert()
        #expect(conversion.payload["aps"] == ["alert": ["body": "Only this"]])
    }

    @Test func anExpoMessageDeliversItsDataAsTheBodyObject() throws {
        let body: JSONValue = [
            "to": "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]", "title": "Maya", "subtitle": "Weekend climbing", "body": "Rope is packed.",
            "data": ["conversation": "c-1"], "sound": "default", "badge": 2, "categoryId": "reply", "mutableContent": true,
            "interruptionLevel": "time-sensitive", "richContent": ["image": "https://cdn.example/r.jpg"], "priority": "high", "channelId": "chat", "ttl": 60,
        ]
        let request = try #require(ProviderRequest(body))
        #expect(request.provider == .expo)
        let conversion = try request.convert()
        #expect(conversion.payload == [
            "aps": [
                "alert": ["title": "Maya", "subtitle": "Weekend climbing", "body": "Rope is packed."], "sound": "default", "badge": 2,
                "category": "reply", "mutable-content": 1, "interruption-level": "time-sensitive",
            ],
            "body": ["conversation": "c-1", "_richContent": ["image": "https://cdn.example/r.jpg"]],
            "experienceId": "@owner/slug", "scopeKey": "@owner/slug", "projectId": "(your EAS project id)",
        ])
        #expect(conversion.headers == ["apns-priority": "10"])
        #expect(conversion.pushOptions == APNSPushOptions(priority: .immediately))
        #expect(conversion.headerViolations.isEmpty)
        let decoded = Layout.detect(in: conversion.payload)
        #expect(decoded.layout == .expo)
        #expect(decoded.layout.decode(conversion.payload).message.attachments.map(\.url.absoluteString) == ["https://cdn.example/r.jpg"])
        let left = conversion.decisions.filter { $0.code == .requestFieldLeftOut }.map(\.message)
        #expect(left.contains { $0.hasPrefix("to, ttl: read by Expo itself") })
        #expect(left.contains { $0.hasPrefix("channelId: for other platforms") })
    }

    @Test func anExpoListShowsItsFirstMessageAndSaysSo() throws {
        let body: JSONValue = [["to": "ExpoPushToken[a]", "body": "one"], ["to": "ExpoPushToken[b]", "body": "two"]]
        let conversion = try #require(ProviderRequest(body)).convert()
        #expect(conversion.payload["aps"]?["alert"] == ["body": "one"])
        #expect(conversion.decisions.contains { $0.message == "the request holds 2 messages, each a notification of its own; this is the first (all were checked)" })
        // Every message is checked, not only the one shown.
        let second: JSONValue = [["to": "ExpoPushToken[a]", "body": "one"], ["to": "ExpoPushToken[b]", "data": "not an object"]]
        #expect(throws: RequestConversionError(.wrongType, "message 2 of 2: data is a JSON string; Expo takes a JSON object")) {
            try #require(ProviderRequest(second)).convert()
        }
    }

    static let recipients: [(JSONValue, String)] = [
        (["message": ["token": "t", "topic": "news", "notification": ["body": "x"]]], "has token and topic"),
        (["message": ["condition": "'a' in topics", "topic": "news", "token": "t"]], "has token and topic and condition"),
    ]

    @Test(arguments: recipients)
    func anFCMMessageNeedsExactlyOneRecipient(_ body: JSONValue, _ mentions: String) throws {
        let request = try #require(ProviderRequest(body))
        let error = try #require(throws: RequestConversionError.self) { try request.convert() }
        #expect(error.code == .wrongTarget && error.message.contains(mentions))
    }

    @Test func misspeltFieldsAreNamedWithTheNearestKnownOne() throws {
        let fcm: JSONValue = ["message": ["token": "t", "notifcation": ["body": "x"], "apns": ["fcm_option": ["image": "https://x/i.png"]]]]
        let conversion = try #require(ProviderRequest(fcm)).convert()
        #expect(conversion.unknownFields == [
            RequestConversion.UnknownField(name: "apns.fcm_option", suggestion: "apns.fcm_options"),
            RequestConversion.UnknownField(name: "notifcation", suggestion: "notification"),
        ])
        #expect("mutable_content".nearest(in: ["mutable-content", "content"]) == "mutable-content")
        #expect("zzz".nearest(in: ["title", "body"]) == nil)
        #expect("kitten".editDistance(to: "sitting") == 3)
    }

    /// The same message, sent through each provider's request as Herald's server side writes
    /// its data, arrives as that message.
    @Test func requestsCarryHeraldsDataToThePhone() throws {
        let oneSignal: JSONValue = ["app_id": "a", "contents": ["en": "hi"], "data": Layout.oneSignal.encodedData(Self.message)]
        let fcmData = Layout.fcm.encode(Self.message)
        let fcm: JSONValue = ["message": ["token": "t", "notification": ["body": "hi"], "data": fcmData, "apns": ["payload": ["aps": ["mutable-content": 1]]]]]
        let expo: JSONValue = ["to": "ExponentPushToken[t]", "body": "hi", "mutableContent": true, "data": Layout.expo.encodedData(Self.message)]
        let notifee = Layout.notifee.encode(Self.message)
        let notifeeRequest: JSONValue = ["message": ["token": "t", "notification": ["body": "hi"], "apns": ["payload": notifee.merging(["aps": ["mutable-content": 1]])]]]
        for (body, layout) in [(oneSignal, Layout.oneSignal), (fcm, .fcm), (expo, .expo), (notifeeRequest, .notifee)] {
            let payload = try #require(ProviderRequest(body)).convert().payload
            #expect(Layout.detect(in: payload).layout == layout)
            #expect(layout.decode(payload).message == Self.message, "\(layout.name): \(payload.jsonText())")
            let preview = Preview(payload: Payload(json: payload))
            #expect(preview.extensionWillRun)
        }
    }

    @Test func devicePayloadsAndOtherRequestsAreNotConverted() {
        #expect(ProviderRequest(["aps": ["alert": "x"], "app_id": "a", "contents": ["en": "x"]]) == nil)
        #expect(ProviderRequest(["to": "some-fcm-token", "data": ["a": "b"]]) == nil)
        #expect(ProviderRequest(["to": "some-fcm-token", "notification": ["body": "b"]]) == nil)
        // Language maps are OneSignal's; text is not.
        #expect(ProviderRequest(["contents": "Hello", "data": [:]]) == nil)
    }
}
