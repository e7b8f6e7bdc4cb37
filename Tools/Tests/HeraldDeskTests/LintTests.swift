import Foundation
import Testing

@testable import HeraldCore
import HeraldDesk
import HeraldSending

@Suite("Lint")
struct LintTests {
    /// A payload Herald handles perfectly: no rule fires.
    static let clean: JSONValue = [
        "aps": ["alert": ["title": "Ann", "body": "Hi"], "mutable-content": 1, "badge": 1, "interruption-level": "active", "relevance-score": 0.5],
        "communication": ["sender_name": "Ann", "sender_handle": "+15550100", "avatar_url": "https://x.example/a.png"],
        "attachments": [["url": "https://x.example/p.jpg"]],
    ]

    static func findings(_ json: JSONValue, pushOptions: APNSPushOptions = APNSPushOptions()) -> [LintFinding] {
        let payload = Payload(json: json)
        return Linter.lint(payload, preview: Preview(payload: payload), pushOptions: pushOptions)
    }

    static let background = APNSPushOptions(pushType: .background, priority: .considerPower)

    static func with(_ pointer: String, _ value: JSONValue) -> JSONValue {
        var json = clean
        json.set(value, at: JSONPointer(pointer)!)
        return json
    }

    static func without(_ pointer: String) -> JSONValue {
        let tokens = JSONPointer(pointer)!.tokens
        var json = clean
        let parent = JSONPointer(tokens: Array(tokens.dropLast()))
        var members = parent.resolve(in: json)!.objectValue!
        members[tokens.last!] = nil
        json.set(.object(members), at: parent)
        return json
    }

    /// A retraction must name the app's fallback and be the push it needs, or iOS shows it.
    @Test func aRetractionThatWouldBeShownIsAnError() {
        func rules(_ json: JSONValue, _ options: APNSPushOptions = APNSPushOptions()) -> [String] {
            Self.findings(json, pushOptions: options).filter { $0.rule == .retractionShown }.map(\.message)
        }
        let alert: JSONValue = ["aps": ["alert": "Message deleted", "mutable-content": 1], "communication": ["retracts": "m-1"]]
        #expect(rules(alert).first?.hasPrefix("this push retracts, but says no retract_fallback") == true)
        var visible = alert
        visible.set("visible", at: JSONPointer("/communication/retract_fallback")!)
        #expect(rules(visible).isEmpty)
        var notRun = visible
        notRun.set(0, at: JSONPointer("/aps/mutable-content")!)
        #expect(rules(notRun).first?.contains("the extension will not run for it") == true)
        var backgroundForAlert = alert
        backgroundForAlert.set("background", at: JSONPointer("/communication/retract_fallback")!)
        #expect(rules(backgroundForAlert).first?.hasPrefix("retract_fallback is background, but this is an alert push") == true)
        let quiet: JSONValue = ["aps": ["content-available": 1], "communication": ["clears_conversation": "c-1", "retract_fallback": "background"]]
        #expect(rules(quiet, Self.background).isEmpty)
        var filteredInBackground = quiet
        filteredInBackground.set("filtered", at: JSONPointer("/communication/retract_fallback")!)
        #expect(rules(filteredInBackground, Self.background).first?.contains("a background push, which the extension never sees") == true)
        // An edit is no retraction.
        #expect(rules(Self.with("/communication/replaces", "m-1")).isEmpty)
    }

    @Test func aMessageIDLongerThanACollapseIDIsAnError() {
        let long = String(repeating: "m", count: 65)
        let found = Self.findings(Self.with("/communication/message_id", .string(long))).filter { $0.rule == .messageIDTooLong }
        #expect(found.map(\.message) == ["message_id \"mmmmmmmmmmmmmmmm…\" is 65 bytes; a collapse id may be 64: shorten the id"])
        #expect(Self.findings(Self.with("/communication/message_id", .string(String(long.dropLast())))).filter { $0.rule == .messageIDTooLong }.isEmpty)
        #expect(Self.findings(Self.with("/communication/replaces", .string(long))).contains { $0.rule == .messageIDTooLong })
    }

    @Test func cleanPayloadHasNoFindings() {
        #expect(Self.findings(Self.clean) == [])
    }

    /// A sender with no handle at all is named by the app's id only, which Focus cannot match
    /// to a contact; a handle of any kind, even the app's id said outright, is a choice.
    @Test func aSenderWithoutAHandleIsWarnedAbout() {
        func warned(_ json: JSONValue) -> [LintFinding] { Self.findings(json).filter { $0.rule == .senderWithoutHandle } }
        let bare = Self.without("/communication/sender_handle")
        let finding = warned(bare)
        #expect(finding.count == 1)
        #expect(finding.first?.severity == .warning)
        #expect(finding.first?.message.contains("Focus will not recognise this sender") == true)
        #expect(warned(Self.with("/communication/sender_handle", "ann@example.com")).isEmpty)
        var appOnly = Self.with("/communication/sender_handle", "u-7")
        appOnly.set("app", at: JSONPointer("/communication/sender_handle_kind")!)
        #expect(warned(appOnly).isEmpty)
        // Nothing to name: no sender, a retraction, or a push the extension never sees.
        var retraction = bare
        retraction.set("m-1", at: JSONPointer("/communication/retracts")!)
        retraction.set("visible", at: JSONPointer("/communication/retract_fallback")!)
        #expect(warned(retraction).isEmpty)
        var notRun = bare
        notRun.set(0, at: JSONPointer("/aps/mutable-content")!)
        #expect(warned(notRun).isEmpty)
    }

    /// A layout that is none of the built-in ones: its own names are the ones lint compares with.
    @Test func aCustomLayoutsOwnNamesAreTheOnesSuggested() {
        var fields = FieldPointers()
        fields.senderName = [JSONPointer("/from_name")!]
        fields.senderAvatarURL = [JSONPointer("/communication/picture")!]
        let layout = Layout(name: "custom", container: .apns, fields: fields, attachments: [])
        let payload = Payload(json: [
            "aps": ["alert": ["title": "Ann", "body": "Hi"], "mutable-content": 1],
            "fromName": "Ann", "picture": "https://x.example/a.png", "sender_name": "Ann", "communication": ["pictur": "https://x.example/a.png"],
        ])
        let messages = Linter.lint(payload, preview: Preview(payload: payload, layout: layout)).filter { $0.rule == .communicationKeyNotRead }.map(\.message)
        #expect(messages == [
            "fromName is not read; did you mean from_name?",
            "picture is not read here: Herald reads it inside the \"communication\" object (communication.picture)",
            "communication.pictur is not read; did you mean communication.picture?",
        ])
    }

    struct Case: Sendable, CustomStringConvertible {
        let rule: LintRule
        let payload: JSONValue
        let severity: LintRule.Severity
        let mentions: String
        var pushOptions = APNSPushOptions()
        var description: String { "\(rule.id): \(payload.jsonText()) \(pushOptions)" }
    }

    static let triggers: [Case] = [
        Case(rule: .noAPS, payload: ["apps": ["alert": "typo"]], severity: .error, mentions: "rename it to \"aps\""),
        Case(rule: .noMutableContent, payload: without("/aps/mutable-content"), severity: .error, mentions: "\"mutable-content\": 1"),
        Case(rule: .noMutableContent, payload: ["aps": ["alert": "plain"]], severity: .warning, mentions: "never runs"),
        Case(rule: .noMutableContent, payload: ["aps": ["alert": "x"], "mutable-content": 1], severity: .error, mentions: "the top level"),
        Case(rule: .noVisibleAlert, payload: with("/aps/alert", [:]), severity: .error, mentions: "title, subtitle or body"),
        Case(rule: .noVisibleAlert, payload: ["aps": ["mutable-content": 1, "badge": 0]], severity: .info, mentions: "title, subtitle or body"),
        Case(rule: .mutableContentType, payload: with("/aps/mutable-content", "1"), severity: .error, mentions: "mutable-content is \"1\""),
        Case(rule: .badgeType, payload: with("/aps/badge", "1"), severity: .warning, mentions: "badge is \"1\""),
        Case(rule: .apsValueType, payload: with("/aps/thread-id", ["x"]), severity: .warning, mentions: "thread-id is an array"),
        Case(rule: .payloadTooLarge, payload: with("/aps/alert/body", .string(String(repeating: "é", count: 2100))), severity: .error,
             mentions: "over the 4096 APNs allows for push type alert (counted as compact JSON) (a voip push may have up to 5120)"),
        Case(rule: .payloadTooLarge, payload: with("/aps/alert/body", .string(String(repeating: "é", count: 2100))), severity: .error,
             mentions: "over the 4096 APNs allows for push type alert (counted as compact JSON); shorten", pushOptions: APNSPushOptions(pushType: .alert)),
        Case(rule: .payloadTooLarge, payload: with("/aps/alert/body", .string(String(repeating: "a", count: 5100))), severity: .error,
             mentions: "over the 5120 APNs allows for push type voip", pushOptions: APNSPushOptions(pushType: .voip)),
        Case(rule: .customKeyInAPS, payload: with("/aps/myurl", "https://x.example"), severity: .warning, mentions: "\"myurl\""),
        Case(rule: .customKeyInAPS, payload: with("/aps/thread_id", "t"), severity: .warning, mentions: "did you mean \"thread-id\""),
        Case(rule: .communicationWithoutSenderName, payload: with("/communication", ["conversation_id": "c"]), severity: .error, mentions: "sender_name"),
        Case(rule: .senderWithoutHandle, payload: without("/communication/sender_handle"), severity: .warning, mentions: "sender_handle"),
        Case(rule: .senderHandleKind, payload: with("/communication", ["sender_name": "Ann", "sender_handle": "ann@example.com", "sender_handle_kind": "phone"]),
             severity: .warning, mentions: "it looks like an email address"),
        Case(rule: .fetchContentWithoutID, payload: ["aps": ["alert": "New message", "mutable-content": 1], "communication": ["fetch_content": true]],
             severity: .error, mentions: "message_id"),
        Case(rule: .fetchContentWithoutID, payload: ["aps": ["alert": "New message", "mutable-content": 1], "communication": ["fetch_content": true, "conversation_id": "c-1"]],
             severity: .warning, mentions: "{conversation_id} alone"),
        Case(rule: .fetchContentWithoutID, payload: ["aps": ["alert": "New message", "mutable-content": 1], "communication": ["fetch_content": true, "message_id": ".."]],
             severity: .error, mentions: "message_id is only dots"),
        // Without the extension the fetched message is lost: an error, as for a sender.
        Case(rule: .noMutableContent, payload: ["aps": ["alert": "New message"], "communication": ["fetch_content": true, "message_id": "m-1"]],
             severity: .error, mentions: "the message, which it fetches, is lost"),
        Case(rule: .fetchContentCarriesMessage, payload: with("/communication/fetch_content", true), severity: .warning,
             mentions: "carries a title, the sender's name, an avatar URL and attachments"),
        Case(rule: .communicationKeyNotRead, payload: with("/avatar_url", "https://x.example/a.png"), severity: .warning,
             mentions: "avatar_url is not read here: Herald reads it inside the \"communication\" object (communication.avatar_url)"),
        Case(rule: .communicationKeyNotRead, payload: with("/senderName", "Ann"), severity: .warning, mentions: "senderName is not read; did you mean sender_name?"),
        Case(rule: .communicationKeyNotRead, payload: with("/communication/avatar_ur", "https://x.example/a.png"), severity: .warning,
             mentions: "communication.avatar_ur is not read; did you mean communication.avatar_url?"),
        Case(rule: .communicationValueType, payload: with("/communication/sender_name", 42), severity: .warning,
             mentions: "communication.sender_name is a number, read as the text \"42\"; send a string"),
        Case(rule: .communicationValueType, payload: with("/communication/conversation_id", ["c-1"]), severity: .warning,
             mentions: "communication.conversation_id is an array, not text, so it is ignored"),
        Case(rule: .avatarURL, payload: with("/communication/avatar_url", "/a.png"), severity: .error, mentions: "/a.png"),
        Case(rule: .avatarURL, payload: with("/communication/avatar_url", "http://x.example/a.png"), severity: .warning, mentions: "uses http"),
        Case(rule: .avatarURL, payload: with("/communication", ["sender_name": "Ann", "group_name": "G", "group_avatar_url": "http://x.example/g.png"]),
             severity: .warning, mentions: "group avatar http://x.example/g.png uses http"),
        Case(rule: .avatarURL, payload: with("/communication", ["sender_name": "Ann", "group_name": "G", "group_avatar_url": "/g.png"]),
             severity: .error, mentions: "group avatar URL \"/g.png\""),
        Case(rule: .avatarURL, payload: with("/communication", ["sender_name": "Ann", "group_avatar_url": "https://x.example/g.png"]),
             severity: .warning, mentions: "give the group's name too"),
        Case(rule: .attachmentURL, payload: with("/attachment-url", "<img url>"), severity: .error, mentions: "<img url>"),
        Case(rule: .attachmentURL, payload: with("/attachment-url", "/local.mp3"), severity: .error, mentions: "/local.mp3"),
        Case(rule: .attachmentURL, payload: with("/attachment-url", "http://x.example/v.mp4"), severity: .warning, mentions: "uses http"),
        Case(rule: .unknownInterruptionLevel, payload: with("/aps/interruption-level", "time_sensitive"), severity: .error, mentions: "write \"time-sensitive\""),
        Case(rule: .unknownInterruptionLevel, payload: with("/aps/interruption-level", "loud"), severity: .error, mentions: "\"loud\""),
        Case(rule: .relevanceScoreRange, payload: with("/aps/relevance-score", 1.5), severity: .error, mentions: "1.5"),
        Case(rule: .contentAvailableWithAlert, payload: with("/aps/content-available", 1), severity: .warning, mentions: "priority 5"),
        Case(rule: .backgroundWithAlert, payload: ["aps": ["content-available": 1, "sound": "default", "badge": 2]], severity: .error,
             mentions: "a background push carries no sound or badge; remove them", pushOptions: background),
        Case(rule: .backgroundWithoutContentAvailable, payload: ["aps": [:], "sync": 1], severity: .error, mentions: "\"content-available\": 1",
             pushOptions: background),
        Case(rule: .backgroundPriority, payload: ["aps": ["content-available": 1]], severity: .error,
             mentions: "a background push must set apns-priority 5 (absent means 10)", pushOptions: APNSPushOptions(pushType: .background)),
        Case(rule: .backgroundPriority, payload: ["aps": ["content-available": 1]], severity: .error, mentions: "a background push must have apns-priority 5, not 10",
             pushOptions: APNSPushOptions(pushType: .background, priority: .immediately)),
        Case(rule: .backgroundPushType, payload: ["aps": ["content-available": 1], "communication": ["sender_name": "Ann"]], severity: .info,
             mentions: "apns-push-type background and apns-priority 5"),
        Case(rule: .oneSignalDataTooLarge, payload: ["aps": ["alert": "x", "mutable-content": 1], "custom": ["i": "n", "a": ["blob": .string(String(repeating: "x", count: 2100))]]], severity: .error, mentions: "2048"),
        Case(rule: .oneSignalDataTooLarge, payload: ["aps": ["alert": "x", "mutable-content": 1], "os_data": ["i": "n"], "blob": .string(String(repeating: "x", count: 2100))], severity: .error, mentions: "2048"),
        Case(rule: .serverRequestBody, payload: ["message": ["token": "t", "apns": ["payload": ["aps": ["alert": "x"]]]]], severity: .warning, mentions: "request body for the FCM HTTP v1 API"),
        Case(rule: .serverRequestBody, payload: ["app_id": "a", "include_subscription_ids": ["s"], "contents": ["en": "x"]], severity: .warning, mentions: "OneSignal REST"),
        Case(rule: .serverRequestBody, payload: ["pn_apns": ["aps": ["alert": "x"]], "pn_other": [:]], severity: .warning, mentions: "PubNub"),
        Case(rule: .serverRequestBody, payload: ["to": "token", "notification": ["body": "x"]], severity: .warning, mentions: "FCM legacy"),
        Case(rule: .retractionShown, payload: with("/communication/retracts", "m-1"), severity: .error, mentions: "says no retract_fallback"),
        Case(rule: .messageIDTooLong, payload: with("/communication/message_id", .string(String(repeating: "m", count: 65))), severity: .error,
             mentions: "is 65 bytes"),
    ]

    @Test(arguments: triggers)
    func ruleFires(_ example: Case) throws {
        let finding = try #require(Self.findings(example.payload, pushOptions: example.pushOptions).first { $0.rule == example.rule })
        #expect(finding.severity == example.severity)
        #expect(finding.message.contains(example.mentions), "\(finding.message)")
    }

    /// For each rule, a payload close to its trigger that must not fire it.
    static let nearMisses: [(LintRule, JSONValue)] = [
        (.noAPS, clean),
        (.noMutableContent, ["aps": ["content-available": 1]]),
        (.noVisibleAlert, with("/aps/alert", ["loc-key": "NEW_MESSAGE"])),
        (.mutableContentType, with("/aps/mutable-content", 1)),
        (.badgeType, with("/aps/badge", 0)),
        (.apsValueType, with("/aps/thread-id", "t")),
        (.payloadTooLarge, with("/aps/alert/body", .string(String(repeating: "a", count: 3800)))),
        (.customKeyInAPS, with("/aps/target-content-id", "w")),
        (.communicationWithoutSenderName, with("/communication", .string(#"{"sender_name":"Ann"}"#))),
        // A number called a phone number; and the app's id, said outright to be all there is.
        (.senderHandleKind, with("/communication", ["sender_name": "Ann", "sender_handle": "+49 151 1234 5678", "sender_handle_kind": "phone"])),
        // The app's id, said outright to be all there is.
        (.senderWithoutHandle, with("/communication", ["sender_name": "Ann", "sender_handle": "u-7", "sender_handle_kind": "app"])),
        // Ids and a placeholder body: what an id-only push should be.
        (.fetchContentCarriesMessage, ["aps": ["alert": "New message", "mutable-content": 1], "communication": ["fetch_content": true, "message_id": "m-1"]]),
        (.fetchContentWithoutID, ["aps": ["alert": "New message", "mutable-content": 1], "communication": ["fetch_content": true, "message_id": "m-1", "conversation_id": "c-1"]]),
        (.avatarURL, with("/communication/avatar_url", "https://x.example/b.png")),
        // An id may be a number: ids are read forgivingly.
        (.communicationValueType, with("/communication/sender_id", 1842)),
        // A provider's own key near a field's name, and a flat spelling Herald reads.
        (.communicationKeyNotRead, with("/recipient", ["user_id": "u-1"])),
        (.communicationKeyNotRead, with("/sender_image_url", "https://x.example/b.png")),
        (.avatarURL, with("/communication", ["sender_name": "Ann", "group_name": "G", "group_avatar_url": "https://x.example/g.png"])),
        (.attachmentURL, with("/attachment-url", "https://x.example/v.mp4")),
        (.unknownInterruptionLevel, with("/aps/interruption-level", "time-sensitive")),
        (.relevanceScoreRange, with("/aps/relevance-score", 1)),
        (.contentAvailableWithAlert, ["aps": ["content-available": 1]]),
        (.oneSignalDataTooLarge, ["aps": ["alert": "x", "mutable-content": 1], "custom": ["i": "n", "a": ["blob": .string(String(repeating: "x", count: 1900))]]]),
        // A chat app's own "message" and "to" keys beside aps are custom data, not a request.
        (.serverRequestBody, with("/message", ["id": "m1", "text": "hi"]).merging(["to": "user-2"])),
        (.retractionShown, with("/communication", ["sender_name": "Ann", "retracts": "m-1", "retract_fallback": "filtered"])),
        (.messageIDTooLong, with("/communication/message_id", .string(String(repeating: "m", count: 64)))),
    ]

    @Test(arguments: nearMisses)
    func ruleStaysQuiet(_ rule: LintRule, _ payload: JSONValue) {
        #expect(!Self.findings(payload).contains { $0.rule == rule })
    }

    /// The near misses that depend on how the push is sent.
    static let backgroundNearMisses: [(LintRule, JSONValue, APNSPushOptions)] = [
        (.backgroundWithAlert, ["aps": ["content-available": 1], "communication": ["sender_name": "Ann"]], background),
        // An alert push may carry an alert: the rule is about background pushes only.
        (.backgroundWithAlert, clean, APNSPushOptions(pushType: .alert)),
        (.backgroundWithoutContentAvailable, ["aps": ["content-available": 1]], background),
        (.backgroundPriority, ["aps": ["content-available": 1]], background),
        (.backgroundPushType, ["aps": ["content-available": 1]], background),
        (.backgroundPushType, ["aps": ["content-available": 1, "badge": 3]], APNSPushOptions()),
        // A VoIP push may carry up to 5120 bytes.
        (.payloadTooLarge, with("/aps/alert/body", .string(String(repeating: "a", count: 4700))), APNSPushOptions(pushType: .voip)),
    ]

    @Test(arguments: backgroundNearMisses)
    func backgroundRuleStaysQuiet(_ rule: LintRule, _ payload: JSONValue, _ pushOptions: APNSPushOptions) {
        #expect(!Self.findings(payload, pushOptions: pushOptions).contains { $0.rule == rule })
    }

    @Test func aBackgroundPushIsNotLintedAsOneTheExtensionRuns() {
        // Data for the app, no alert: no "the extension never runs" errors, only the hint.
        let data: JSONValue = ["aps": ["content-available": 1], "communication": ["sender_name": "Ann"]]
        #expect(Self.findings(data).map(\.rule) == [.backgroundPushType])
        #expect(Self.findings(data, pushOptions: Self.background) == [])
        // Type issues still count.
        #expect(Self.findings(["aps": ["content-available": 1, "thread-id": 3]], pushOptions: Self.background).map(\.rule) == [.apsValueType])
    }

    @Test func aRequestBodysHeadersJudgeItsBackgroundPush() throws {
        let fcm: JSONValue = [
            "message": ["token": "t", "apns": ["headers": ["apns-push-type": "background"], "payload": ["aps": ["content-available": 1]]]]
        ]
        let conversion = try #require(ProviderRequest(fcm)).convert()
        let payload = Payload(json: conversion.payload)
        let preview = Preview(payload: payload)
        #expect(Linter.lint(payload, preview: preview, conversion: conversion).map(\.rule) == [.backgroundPriority])
        #expect(conversion.pushOptions == APNSPushOptions(pushType: .background))
        // Options given by the caller win over the provider's.
        #expect(Linter.lint(payload, preview: preview, conversion: conversion, pushOptions: APNSPushOptions(priority: .considerPower)) == [])
        #expect(Linter.isBackground(payload, conversion: conversion, pushOptions: APNSPushOptions()))
        #expect(!Linter.isBackground(payload, conversion: conversion, pushOptions: APNSPushOptions(pushType: .alert)))
    }

    /// Judged from a provider's request, which sets APNs headers as text.
    static let fromRequestHeaders: Set = [LintRule.apnsHeaderInvalid.id]

    @Test func aRequestsAPNsHeadersThatAPNsRefusesAreErrors() throws {
        func lint(_ headers: JSONValue) throws -> [LintFinding] {
            let fcm: JSONValue = ["message": ["token": "t", "apns": ["headers": headers, "payload": ["aps": ["alert": "x", "mutable-content": 1]]]]]
            let conversion = try #require(ProviderRequest(fcm)).convert()
            let payload = Payload(json: conversion.payload)
            return Linter.lint(payload, preview: Preview(payload: payload), conversion: conversion)
        }
        let refused = try lint(["apns-priority": "high", "apns-push-type": "alrt"])
        #expect(refused.map(\.rule) == [.apnsHeaderInvalid, .apnsHeaderInvalid])
        #expect(refused.map(\.severity) == [.error, .error])
        #expect(refused[0].message == #"apns-push-type "alrt" is not a push type APNs knows, so APNs refuses the notification; fix the header in the FCM HTTP v1 API request"#)
        #expect(refused[1].message.hasPrefix(#"apns-priority "high" is not 10, 5 or 1, so APNs refuses"#))
        #expect(try lint(["apns-priority": "10", "apns-push-type": "alert"]).isEmpty)
    }

    @Test func theCategoryIsCheckedAgainstTheProjectsContentExtensions() {
        let payload = Payload(json: ["aps": ["alert": "x", "mutable-content": 1, "category": "mesage"]])
        let extensions = [(category: "message", target: "Content"), (category: "invite", target: "Content")]
        let findings = Linter.lintCategory(payload, contentCategories: extensions)
        #expect(findings.map(\.rule) == [.categoryWithoutContentExtension])
        #expect(findings[0].severity == .warning)
        #expect(findings[0].message == "aps.category \"mesage\" is no content extension's category (message (Content), invite (Content)), so the expanded notification is the default one; did you mean \"message\"?")
        #expect(Linter.lintCategory(Payload(json: ["aps": ["alert": "x", "category": "invite"]]), contentCategories: extensions) == [])
        #expect(Linter.lintCategory(Payload(json: ["aps": ["alert": "x"]]), contentCategories: extensions) == [])
        #expect(Linter.lintCategory(payload, contentCategories: []).map(\.severity) == [.info])
    }

    @Test func aTimeSensitivePushNeedsTheAppsCapability() {
        let urgent = Payload(json: ["aps": ["alert": "x", "interruption-level": "time-sensitive"]])
        let findings = Linter.lintTimeSensitive(urgent, apps: ["Chat", "Chat Beta"], timeSensitiveApps: ["Chat"])
        #expect(findings.map(\.rule) == [.timeSensitiveEntitlement])
        #expect(findings.first?.message.contains("Chat Beta has no com.apple.developer.usernotifications.time-sensitive entitlement") == true)
        #expect(Linter.lintTimeSensitive(urgent, apps: ["Chat"], timeSensitiveApps: ["Chat"]).isEmpty)
        let active = Payload(json: ["aps": ["alert": "x", "interruption-level": "active"]])
        #expect(Linter.lintTimeSensitive(active, apps: ["Chat"], timeSensitiveApps: []).isEmpty)
    }

    /// Invalid JSON and a refused request give no payload to lint, and an unknown request field
    /// is no payload's: each has its own test.
    static let unparsed: Set = [LintRule.invalidJSON.id, LintRule.requestRefused.id, LintRule.requestFieldUnknown.id]
    /// Checked against a project (its content extensions, its app's capabilities), each in its own test.
    static let withProject: Set = [LintRule.categoryWithoutContentExtension.id, LintRule.timeSensitiveEntitlement.id]

    @Test func aRequestBodyIsLintedInItsOwnWords() throws {
        let expo: JSONValue = ["to": "ExponentPushToken[a]", "title": "Maya", "body": "hi", "data": ["sender_name": "Maya"], "mutableContnt": true]
        let conversion = try #require(ProviderRequest(expo)).convert()
        let payload = Payload(json: conversion.payload)
        let findings = Linter.lint(payload, preview: Preview(payload: payload), conversion: conversion)
        #expect(findings.map(\.rule) == [.noMutableContent, .requestFieldUnknown])
        #expect(findings[0].message.hasSuffix("; in the Expo push service request that is \"mutableContent\": true"))
        #expect(findings[1].message == "mutableContnt is not a field the Expo push service delivers, so it never reaches the phone; did you mean mutableContent?")
        // A device payload is linted as before.
        #expect(Linter.lint(payload, preview: Preview(payload: payload), conversion: nil) == Linter.lint(payload, preview: Preview(payload: payload)))
    }

    @Test func aRefusedRequestIsAnErrorNamingTheProvider() throws {
        let request = try #require(ProviderRequest(["message": ["token": "t", "data": ["n": 1]]]))
        let finding = try #require(throws: RequestConversionError.self) { try request.convert() }
        let lint = Linter.finding(for: finding, provider: request.provider)
        #expect(lint.rule == .requestRefused && lint.severity == .error)
        #expect(lint.message.hasPrefix("the FCM HTTP v1 API would refuse this request: data.n is a JSON number"))
    }

    @Test func everyRuleIsCovered() {
        let triggered = Set(Self.triggers.map(\.rule.id)).union(Self.unparsed).union(Self.withProject).union(Self.fromRequestHeaders)
        #expect(triggered == Set(LintRule.all.map(\.id)))
        let quiet = Set(Self.nearMisses.map(\.0.id) + Self.backgroundNearMisses.map(\.0.id)).union(Self.unparsed).union(Self.withProject)
            .union(Self.fromRequestHeaders)
        #expect(quiet == Set(LintRule.all.map(\.id)))
        #expect(Set(LintRule.all.map(\.id)).count == LintRule.all.count)
    }

    @Test func invalidJSONFindingGivesThePosition() {
        #expect {
            try Payload(data: Data("{\n\"aps\": {\"alert\": \"x\"\n\"badge\": 1}}".utf8))
        } throws: { error in
            let finding = Linter.finding(for: error as! JSONParseError)
            return finding.rule == .invalidJSON && finding.severity == .error && finding.message.contains("line 3, column 1")
        }
    }

    @Test func errorsComeFirst() {
        let severities = Self.findings(["aps": ["alert": "x", "badge": "1", "mutable-content": "1", "relevance-score": 7]]).map(\.severity)
        #expect(severities == severities.sorted())
        #expect(severities.first == .error)
    }
}

extension JSONValue {
    /// This object with `other`'s members added (test helper).
    func merging(_ other: [String: JSONValue]) -> JSONValue {
        .object((objectValue ?? [:]).merging(other) { _, new in new })
    }
}
