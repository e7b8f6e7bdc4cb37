import Foundation
import HeraldTestSupport
import Testing

@testable import HeraldCore

@Suite("Layouts")
struct LayoutTests {
    static let fullMessage = Message.fullSample

    static let minimalMessages: [Message] = [
        Message(),
        Message(sender: Person(displayName: "Ann")),
        Message(sender: Person(identifier: "42", displayName: "Bo", handle: Handle(value: "+1 555 0100", kind: .phone)), conversationIdentifier: "dm-42"),
        Message(conversationIdentifier: "no-sender", attachments: [Message.Attachment(url: URL(string: "https://x.example/a.gif")!)]),
    ]

    static let zulip = try! Layout(definitionData: try! Data(contentsOf: examplesDirectory.appendingPathComponent("layouts/zulip.json")))

    static var examplesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples")
    }

    /// A custom layout in the spelling Bluesky's extension reads (a layout whose fields share no
    /// first pointer, so it can round-trip; zulip.json reads pm_users for two fields and cannot).
    static let bluesky = try! Layout(definition: [
        "name": "bluesky",
        "communication": [
            "messageIdentifier": ["/messageId"], "replaces": ["/editOf"], "retracts": ["/deleted"], "clearsConversation": ["/readConvo"],
            "retractFallback": ["/retractFallback"],
            "senderName": ["/senderDisplayName"], "senderAvatarURL": ["/senderAvatarUrl"], "senderIdentifier": ["/senderDid"],
            "senderHandle": ["/senderHandle"], "senderHandleKind": ["/senderHandleKind"], "senderGivenName": ["/senderGivenName"],
            "senderFamilyName": ["/senderFamilyName"], "conversationIdentifier": ["/convoId"], "groupName": ["/groupName"], "groupAvatarURL": ["/groupAvatarUrl"],
            "recipients": ["/members"], "mentionsCurrentUser": ["/mentioned"], "isReplyToCurrentUser": ["/isReply"],
        ],
        "attachments": ["/media"],
    ])

    @Test(arguments: Layout.builtIn + [bluesky])
    func everyLayoutRoundTrips(_ layout: Layout) throws {
        for message in [Self.fullMessage] + Self.minimalMessages {
            let payload = layout.encode(message, into: ["aps": ["alert": ["body": "hi"], "mutable-content": 1]])
            #expect(payload["aps"] == ["alert": ["body": "hi"], "mutable-content": 1])
            // Through bytes, as the payload travels.
            let received = try JSONValue(parsing: payload.encoded())
            #expect(layout.decode(received).message == message, "\(layout.name): \(payload.jsonText())")
        }
    }

    /// Every action round-trips in every layout, a retract of several messages as an array.
    @Test(arguments: Layout.builtIn + [bluesky])
    func everyActionRoundTrips(_ layout: Layout) throws {
        let actions: [MessageAction] = [.replace("m-1"), .retract(["m-1"]), .retract(["m-1", "m-2"]), .clearConversation("c-1")]
        for action in actions {
            let message = Message(identifier: "m-9", action: action, retractFallback: action.isRetraction ? .visible : nil, conversationIdentifier: "c-1")
            let payload = try JSONValue(parsing: layout.encode(message, into: ["aps": ["alert": ["body": "x"]]]).encoded())
            #expect(layout.decode(payload).message == message, "\(layout.name): \(payload.jsonText())")
        }
    }

    @Test func aPushDoesOneThingAndWhatElseItAsksIsADecision() {
        let payload: JSONValue = ["communication": ["replaces": "m-1", "retracts": "m-2, m-3", "clears_conversation": "c-1"]]
        let decoded = Layout.apns.decode(payload)
        #expect(decoded.message.action == .clearConversation("c-1"))
        #expect(decoded.decisions.filter { $0.code == .actionIgnored }.map(\.message) == [
            "it retracts messages m-2, m-3 too, which is ignored: a push does one thing, and this one clears conversation c-1",
            "it replaces message m-1 too, which is ignored: a push does one thing, and this one clears conversation c-1",
        ])
        // A comma-separated retract reads as a list; numbers as their digits.
        #expect(Layout.apns.decode(["communication": ["retracts": [17, "m-2"], "message_id": 18]]).message
            == Message(identifier: "18", action: .retract(["17", "m-2"])))
    }

    /// The message ids other apps' payloads carry: Sendbird's `message_id`, Telegram's `msg_id`,
    /// Matrix (Sygnal)'s `event_id`; Herald's own `communication.message_id` first.
    @Test func aMessageIdIsReadWhereOtherAppsPutIt() {
        #expect(Layout.apns.decode(["message_id": 872042103]).message.identifier == "872042103")
        #expect(Layout.apns.decode(["msg_id": "135"]).message.identifier == "135")
        #expect(Layout.fcm.decode(["event_id": "$qTOW"]).message.identifier == "$qTOW")
        #expect(Layout.apns.decode(["communication": ["message_id": "a"], "message_id": "b"]).message.identifier == "a")
    }

    @Test func aRetractFallbackIsReadOnlyForARetractionAndOnlyByItsName() {
        let read = Layout.apns.decode(["communication": ["retracts": "m-1", "retract_fallback": "filtered"]])
        #expect(read.message.retractFallback == .filtered)
        let misspelt = Layout.apns.decode(["communication": ["retracts": "m-1", "retract_fallback": "filterd"]])
        #expect(misspelt.message.retractFallback == nil)
        #expect(misspelt.decisions.map(\.message).contains(
            "retract_fallback \"filterd\" is not filtered, visible or background, so it is ignored; did you mean \"filtered\"?"))
        let stray = Layout.apns.decode(["communication": ["replaces": "m-1", "retract_fallback": "visible"]])
        #expect(stray.message.retractFallback == nil)
        #expect(stray.decisions.map(\.message).contains("retract_fallback \"visible\" ignored: the push retracts nothing"))
        #expect(Message(action: .replace("m-1"), retractFallback: .visible).normalized.retractFallback == nil)
        #expect(ExtensionSetting.retractFallback.accepts("background") && !ExtensionSetting.retractFallback.accepts("Background"))
        #expect(ExtensionSetting.retractFallback.hint(for: "visibel") == "did you mean \"visible\"?")
    }

    @Test func anActionNamingOnlyBlanksIsNoAction() {
        #expect(Message(action: .retract([" ", ""])).normalized.action == nil)
        #expect(Message(action: .retract(["m-1", " "])).normalized.action == .retract(["m-1"]))
        #expect(Message(action: .replace("\n")).normalized.action == nil)
        #expect(Message(identifier: " ", action: .clearConversation("")).normalized == Message())
    }

    /// Strings a reader takes for absent: empty, or whitespace only (`Character.isWhitespace`).
    static let blanks = ["\n", "", " ", "\t", "\r\n", " \n\t ", "\u{00A0}", "\u{2028}", "\u{3000}"]

    /// Found by fuzzing: `decode(encode(m)) == m` failed for a recipient of only a newline.
    @Test(arguments: Layout.builtIn + [bluesky])
    func blankStringsAreLeftOutOnBothEnds(_ layout: Layout) throws {
        let url = URL(string: "https://cdn.example.com/m/1.jpg")!
        for blank in Self.blanks {
            let messages = [
                Message(sender: Person(displayName: "Ann"), recipients: [blank]),
                Message(sender: Person(displayName: "Ann"), recipients: ["b", blank, "c"]),
                Message(
                    sender: Person(identifier: blank, displayName: "Ann", handle: Handle(value: blank, kind: .app)),
                    conversationIdentifier: blank, groupName: blank),
                Message(sender: Person(identifier: "1", displayName: blank), conversationIdentifier: "c"),
                Message(attachments: [Message.Attachment(url: url, kind: .image, declaredType: blank)]),
            ]
            for message in messages {
                let aps: JSONValue = ["aps": ["alert": ["body": "hi"], "mutable-content": 1]]
                let payload = layout.encode(message, into: aps)
                // Nothing is written that the reader would ignore.
                #expect(payload == layout.encode(message.normalized, into: aps), "\(layout.name): \(payload.jsonText())")
                let received = try JSONValue(parsing: payload.encoded())
                #expect(layout.decode(received).message == message.normalized, "\(layout.name): \(payload.jsonText())")
            }
        }
    }

    @Test(arguments: blanks)
    func aBlankStringIsAbsentInANormalizedMessage(_ blank: String) {
        let url = URL(string: "https://cdn.example.com/m/1.jpg")!
        let message = Message(
            sender: Person(identifier: blank, displayName: "Ann", handle: Handle(value: blank, kind: .app)),
            conversationIdentifier: blank, groupName: blank, recipients: [blank, "b", blank],
            attachments: [Message.Attachment(url: url, kind: .image, declaredType: blank)])
        #expect(message.normalized == Message(
            sender: Person(displayName: "Ann"), recipients: ["b"], attachments: [Message.Attachment(url: url, kind: .image)]))
        // Only a group has a picture of its own.
        #expect(Message(groupName: blank, groupAvatarURL: url).normalized == Message())
        #expect(Message(sender: Person(identifier: "1", displayName: blank)).normalized == Message())
        // Text around a word is kept as it is.
        let padded = Message(sender: Person(displayName: " Ann\n"), recipients: ["\tb"])
        #expect(padded.normalized == padded)
        // A comma-separated list is read with the same rule.
        let decoded = Layout.apns.decode(["communication": ["sender_name": "Ann", "recipients": .string("a,\(blank), b")]])
        #expect(decoded.message.recipients == ["a", "b"])
    }

    @Test(arguments: Layout.builtIn)
    func encodedPayloadIsDetectedAsItsLayout(_ layout: Layout) {
        var payload = layout.encode(Self.fullMessage)
        if layout.container == .fcm {
            payload.set("0:1700000000%abc", at: JSONPointer(tokens: ["gcm.message_id"]))
        }
        if layout.container == .expo {
            payload.set("@maya/chat", at: JSONPointer(tokens: ["experienceId"]))
        }
        #expect(Layout.detect(in: payload).layout.name == layout.name)
    }

    @Test func containersPlaceDataWhereProvidersDo() throws {
        let message = Message(sender: Person(displayName: "Ann"), recipients: ["b"])
        #expect(Layout.apns.encode(message) == ["communication": ["sender_name": "Ann", "recipients": ["b"]]])
        #expect(Layout.oneSignal.encode(message) == ["custom": ["a": ["communication": ["sender_name": "Ann", "recipients": ["b"]]]]])
        // FCM data values are strings: the block travels as JSON text.
        let fcm = Layout.fcm.encode(message)
        let text = try #require(fcm["communication"]?.stringValue)
        #expect(try JSONValue(parsing: text) == ["sender_name": "Ann", "recipients": ["b"]])
        #expect(Layout.notifee.encode(message)["notifee_options"]?.stringValue != nil)
        // Expo's service delivers the message's data as the body object.
        #expect(Layout.expo.encode(message) == ["body": ["communication": ["sender_name": "Ann", "recipients": ["b"]]]])
    }

    @Test func detectionReadsProviderMarkers() {
        #expect(Layout.detect(in: ["custom": ["i": "x"]]).layout == .oneSignal)
        #expect(Layout.detect(in: ["os_data": ["buttons": []]]).layout == .oneSignal)
        #expect(Layout.detect(in: ["gcm.message_id": "1"]).layout == .fcm)
        #expect(Layout.detect(in: ["experienceId": "@maya/chat", "body": ["a": 1]]).layout == .expo)
        #expect(Layout.detect(in: ["scopeKey": "@maya/chat"]).layout == .expo)
        // Klaviyo's body object alone is no Expo marker.
        #expect(Layout.detect(in: ["body": ["k": 1]]).layout == .apns)
        #expect(Layout.detect(in: ["google.c.a.e": "1"]).layout == .fcm)
        #expect(Layout.detect(in: ["notifee_options": "{}", "gcm.message_id": "1"]).layout == .notifee)
        #expect(Layout.detect(in: ["aps": ["alert": "x"]]).layout == .apns)
        #expect(Layout.detect(in: "not an object").layout == .apns)
    }

    @Test func detectionSaysWhichMarkerDecided() {
        let cases: [(JSONValue, String)] = [
            (["notifee_options": "{}"], "layout notifee: notifee_options is present"),
            (["custom": ["i": "x", "a": [:]]], "layout onesignal: custom.i is present (OneSignal classic)"),
            (["custom": ["a": [:]]], "layout onesignal: custom.a is present (OneSignal classic)"),
            (["os_data": [:]], "layout onesignal: os_data is present (OneSignal)"),
            (["experienceId": "@maya/chat", "scopeKey": "@maya/chat"], "layout expo: experienceId is present (Expo push service)"),
            (["scopeKey": "@maya/chat"], "layout expo: scopeKey is present (Expo push service)"),
            (["gcm.message_id": "1", "google.c.a.e": "1"], "layout fcm: gcm.message_id is present"),
            (["google.c.sender.id": "1", "google.c.a.e": "1", "fcm_options": [:]], "layout fcm: fcm_options is present"),
            (["google.c.sender.id": "1", "google.c.a.e": "1"], "layout fcm: google.c.a.e is present"),
            (["aps": ["alert": "x"]], "layout apns: no provider marker found, so custom data is read from top-level keys"),
        ]
        for (json, message) in cases {
            let detected = Layout.detect(in: json)
            #expect("layout \(detected.layout.name): \(detected.reason)" == message)
            #expect(Preview(payload: Payload(json: json)).decisions.first == Decision(.layoutDetected, message))
        }
    }

    @Test func oneSignalNewerLayoutReadsTopLevelBesideOSData() {
        let payload: JSONValue = ["os_data": ["i": "n1"], "communication": ["sender_name": "Ann", "conversation_id": "c"]]
        let decoded = Layout.oneSignal.decode(payload)
        #expect(decoded.message.sender?.displayName == "Ann")
        #expect(decoded.message.conversationIdentifier == "c")
        #expect(decoded.decisions.map(\.code) == [.oneSignalDataLocation])
    }

    @Test func communicationBlockAsJSONStringWithAliases() {
        let payload: JSONValue = [
            "communication": .string(#"{"sender_name":"Ann","sender_uid":7,"conversation_id":"","group_name":"  ","recipients":"a, b,,c ","avatar_url":"https://x.example/a.png"}"#),
            "chat-session_id": "fallback-conversation",
        ]
        let message = Layout.fcm.decode(payload).message
        #expect(message.sender == Person(identifier: "7", displayName: "Ann", avatarURL: URL(string: "https://x.example/a.png")))
        // Empty and blank strings count as absent: the next pointer wins.
        #expect(message.conversationIdentifier == "fallback-conversation")
        #expect(message.groupName == nil)
        #expect(message.recipients == ["a", "b", "c"])
    }

    @Test func flatKeysAndNotifee() {
        let flat = Layout.apns.decode([
            "sender_id": 5583118048490418076, "sender_nickname": "Neo", "sender_email": "neo@example.com",
            "sender_image_url": "https://x.example/neo.png", "chat-session_id": "s-1",
        ]).message
        #expect(flat.sender == Person(identifier: "5583118048490418076", displayName: "Neo",
                                      handle: Handle(value: "neo@example.com", kind: .email), avatarURL: URL(string: "https://x.example/neo.png")))
        #expect(flat.conversationIdentifier == "s-1")

        let notifee = Layout.notifee.decode([
            "notifee_options": .string(#"{"image":"https://x.example/i.jpg","ios":{"communicationInfo":{"conversationId":"cv","sender":{"id":"u1","displayName":"Uma","avatar":"https://x.example/u.png"}}}}"#)
        ]).message
        #expect(notifee.sender == Person(identifier: "u1", displayName: "Uma", avatarURL: URL(string: "https://x.example/u.png")))
        #expect(notifee.conversationIdentifier == "cv")
        #expect(notifee.groupName == nil)
        #expect(notifee.groupAvatarURL == nil)

        // Notifee's own group fields (NotificationIOS.ts, IOSCommunicationInfo): a group with its picture.
        let group = Layout.notifee.decode([
            "notifee_options": ["ios": ["communicationInfo": [
                "conversationId": "cv", "groupName": "Crew", "groupAvatar": "https://x.example/crew.png", "sender": ["id": "u1", "displayName": "Uma"],
            ]]],
        ]).message
        #expect(group.groupName == "Crew")
        #expect(group.groupAvatarURL == URL(string: "https://x.example/crew.png"))
        #expect(notifee.attachments == [Message.Attachment(url: URL(string: "https://x.example/i.jpg")!)])
    }

    @Test func groupNameFallsBackToSubtitlesInOrder() {
        let sender: JSONValue = ["sender_name": "Ann"]
        func group(_ payload: JSONValue) -> (String?, [Decision.Code]) {
            let decoded = Layout.oneSignal.decode(payload)
            return (decoded.message.groupName, decoded.decisions.map(\.code))
        }
        #expect(group(["aps": ["alert": ["subtitle": "From aps"]], "custom": ["a": ["communication": sender, "subtitle": "From custom"]]]).0 == "From aps")
        #expect(group(["custom": ["a": ["communication": sender, "subtitle": "From custom"]]]) == ("From custom", [.groupNameFromSubtitle]))
        #expect(group(["os_data": ["subtitle": "From os_data"], "communication": sender]).0 == "From os_data")
        // No sender: no communication layout, so no group name is invented.
        #expect(group(["aps": ["alert": ["subtitle": "S"]], "custom": ["a": [:]]]).0 == nil)
        // An explicit group_name wins over a subtitle.
        #expect(group(["aps": ["alert": ["subtitle": "S"]], "custom": ["a": ["communication": ["sender_name": "A", "group_name": "G"]]]]).0 == "G")
    }

    @Test func aGroupAvatarIsReadForAGroupOnlyAndAsAnAvatarIs() {
        func decode(_ communication: JSONValue) -> DecodedMessage { Layout.apns.decode(["communication": communication]) }
        let group = decode(["sender_name": "Ann", "group_name": "Crew", "group_avatar_url": "https://x.example/crew.png"])
        #expect(group.message.groupAvatarURL == URL(string: "https://x.example/crew.png"))
        #expect(group.decisions.isEmpty)
        // Without a group name it is no group, and the picture is not used.
        let direct = decode(["sender_name": "Ann", "group_avatar_url": "https://x.example/crew.png"])
        #expect(direct.message.groupAvatarURL == nil)
        #expect(direct.decisions.map(\.message) == [#"group avatar "https://x.example/crew.png" ignored: without a group name this is no group conversation"#])
        #expect(direct.decisions.map(\.code) == [.groupAvatarIgnored])
        // A local one is never used, not even by a preview: there is no local group picture.
        let local = decode(["sender_name": "Ann", "group_name": "Crew", "group_avatar_url": "/crew.png"])
        #expect(local.message.groupAvatarURL == nil)
        #expect(local.localAvatar == nil)
        #expect(local.decisions.map(\.code) == [.groupAvatarURLRejected])
        let empty = decode(["sender_name": "Ann", "group_name": "Crew", "group_avatar_url": ""])
        #expect(empty.decisions.map(\.message) == ["group avatar URL is empty, so no group avatar is shown"])
        // A group from a subtitle has a group avatar too.
        let fromSubtitle = Layout.apns.decode(["aps": ["alert": ["subtitle": "Crew"]], "communication": ["sender_name": "Ann", "group_avatar_url": "https://x.example/crew.png"]])
        #expect(fromSubtitle.message.groupAvatarURL == URL(string: "https://x.example/crew.png"))
    }

    @Test func emptyAvatarURLFallsThroughToTheNextPointerOrIsNoted() {
        let fallback = Layout.apns.decode(["communication": ["sender_name": "Ann", "avatar_url": ""], "sender_image_url": "https://x.example/a.png"])
        #expect(fallback.message.sender?.avatarURL?.absoluteString == "https://x.example/a.png")
        #expect(!fallback.decisions.contains { $0.code == .avatarURLEmpty })
        let empty = Layout.apns.decode(["communication": ["sender_name": "Ann", "avatar_url": ""]])
        #expect(empty.message.sender?.avatarURL == nil)
        #expect(empty.decisions.map(\.code) == [.avatarURLEmpty])
    }

    @Test(arguments: [
        ("/avatars/1.png", "absolute"), ("mdi:dishwasher", "mdi:"), ("<img url>", "not a valid URL"),
        ("my image.png", "not a valid URL"), ("https://", "no host"), ("url", "not a URL or a path"),
        // Not RFC 3986: iOS 16 reads no URL from these, so no platform uses them.
        ("https://cdn.example/café.jpg", "outside ASCII"), ("https://bücher.example/a.png", "outside ASCII"),
        ("https://cdn.example/100%.png", "% not followed"), ("https://cdn.example/a%2.png", "% not followed"),
        ("https://cdn.example/a%zz.png", "% not followed"), ("https://cdn.example/a.png#x#y", "second #"),
    ])
    func unusableAvatarURLBecomesNilWithADecision(_ text: String, _ reason: String) throws {
        let decoded = Layout.apns.decode(["communication": ["sender_name": "Ann", "avatar_url": .string(text)]])
        #expect(decoded.message.sender?.avatarURL == nil)
        let decision = try #require(decoded.decisions.first { $0.code == .avatarURLRejected })
        #expect(decision.message.contains(reason))
    }

    @Test func percentEncodedTextIsARemoteURL() {
        let text = "https://cdn.example/caf%C3%A9%20au%2Blait.jpg?size=%5B64%5D#top%23"
        #expect(MediaReference(text) == .remote(URL(string: text)!))
    }

    @Test func attachmentsFromEveryProviderSpelling() {
        let payload: JSONValue = [
            "att": ["id2": "https://a.example/2.png", "id1": "https://a.example/1.png"],
            "os_data": ["att": ["x": "https://a.example/os.jpg"]],
            "fcm_options": ["image": "https://a.example/fcm.jpg"],
            "ab": ["att": ["url": "https://a.example/braze", "type": "mp4"]],
            "com.urbanairship.media_attachment": ["url": ["https://a.example/ua1.jpg"], "urls": [["url": "https://a.example/ua2.gif"]]],
            "notifee_options": ["image": "https://a.example/notifee.png", "ios": ["attachments": [["url": "https://a.example/notifee-ios.png", "typeHint": "png"]]]],
            "_richContent": ["image": "https://a.example/expo.jpg"],
            "CIO": ["push": ["image": "https://a.example/cio.png", "link": nil]],
            "itbl": ["attachment-url": "https://a.example/itbl.mp4"],
            "rich-media": "https://a.example/klaviyo", "rich-media-type": "jpg",
            "attachment-url": "https://a.example/top.mp3",
            "data": ["attachment-url": "https://a.example/data.wav"],
        ]
        let attachments = Layout.apns.decode(payload).message.attachments
        #expect(attachments.map(\.url.absoluteString) == [
            "https://a.example/1.png", "https://a.example/2.png", "https://a.example/os.jpg", "https://a.example/fcm.jpg",
            "https://a.example/braze", "https://a.example/ua1.jpg", "https://a.example/ua2.gif", "https://a.example/notifee-ios.png",
            "https://a.example/notifee.png", "https://a.example/expo.jpg", "https://a.example/cio.png", "https://a.example/itbl.mp4",
            "https://a.example/klaviyo", "https://a.example/top.mp3", "https://a.example/data.wav",
        ])
        #expect(attachments.map(\.kind) == [.image, .image, .image, .image, .movie, .image, .image, .image, .image, .image, .image, .movie, .image, .audio, .audio])
        #expect(attachments[4].declaredType == "mp4")
        #expect(attachments[12].declaredType == "jpg")
    }

    @Test func attachmentProblemsAreDecisionsNotAttachments() {
        let decoded = Layout.apns.decode([
            "attachment-url": "<img url>", "fcm_options": ["image": "/relative/pic.jpg"], "CIO": ["push": ["image": nil]],
        ])
        #expect(decoded.message.attachments.map(\.url.relativeString) == ["/relative/pic.jpg"])
        #expect(decoded.decisions.map(\.code) == [.noSender, .attachmentRelative, .attachmentURLRejected])
    }

    /// The payload may say what a handle is; encoding says it only where reading the handle
    /// would guess another kind.
    @Test func aHandlesKindIsReadWhenGivenAndWrittenWhenItCannotBeGuessed() throws {
        func sender(_ communication: JSONValue) -> (Person?, [Decision]) {
            let decoded = Layout.apns.decode(["communication": communication])
            return (decoded.message.sender, decoded.decisions.filter { $0.code == .fieldIgnored })
        }
        let (phone, none) = sender(["sender_name": "Ann", "sender_handle": "ann-7", "sender_handle_kind": "phone"])
        #expect(phone?.handle == Handle(value: "ann-7", kind: .phone) && none.isEmpty)
        let (guessed, fax) = sender(["sender_name": "Ann", "sender_handle": "ann@example.com", "sender_handle_kind": "emial"])
        #expect(guessed?.handle?.kind == .email)
        #expect(fax.map(\.message) == ["sender_handle_kind \"emial\" is not email, phone or app, so the kind is guessed from the handle; did you mean \"email\"?"])
        let (_, lone) = sender(["sender_name": "Ann", "sender_handle_kind": "app"])
        #expect(lone.map(\.message) == ["sender_handle_kind \"app\" ignored: there is no sender_handle"])
        let (named, _) = sender(["sender_name": "Ann Lee", "sender_given_name": "Ann", "sender_family_name": " "])
        #expect(named?.givenName == "Ann" && named?.familyName == nil)
        // An email address that is the app's own id says so; one that is an email does not.
        let appID = Message(sender: Person(displayName: "Ann", handle: Handle(value: "ann@example.com", kind: .app)))
        #expect(Layout.apns.encode(appID)["communication"]?["sender_handle_kind"] == "app")
        #expect(Layout.apns.decode(Layout.apns.encode(appID)).message == appID)
        let email = Message(sender: Person(displayName: "Ann", handle: Handle(value: "ann@example.com", kind: .email)))
        #expect(Layout.apns.encode(email)["communication"]?["sender_handle_kind"] == nil)
    }

    @Test(arguments: [
        ("alice@example.com", Handle.Kind.email), ("+44 20 7946 0958", .phone), ("(555) 010-0199", .phone),
        ("@alice", .app), ("12", .app), ("alice", .app),
    ])
    func handleKindIsInferred(_ value: String, _ kind: Handle.Kind) {
        #expect(Handle(inferringKindOf: value).kind == kind)
    }

    @Test(arguments: [
        (String?("image/jpeg"), "https://x/a", Message.Attachment.Kind.image), ("mpeg4", "https://x/a", .movie), ("waveformaudio", "https://x/a", .audio),
        ("0", "https://x/a.jpg", .image), (String?.none, "https://x/a.MOV", .movie), (String?.none, "https://x/a", .unknown), ("video", "https://x/a.png", .movie),
    ])
    func attachmentKindFromDeclaredTypeThenExtension(_ declared: String?, _ url: String, _ kind: Message.Attachment.Kind) {
        #expect(Message.Attachment(url: URL(string: url)!, declaredType: declared).kind == kind)
    }
}

@Suite("README snippets")
struct ReadmeSnippetTests {
    /// The server snippet in the README, verbatim, and the extension side reading it back.
    @Test func serverSnippetEncodesWhatTheExtensionReads() throws {
        let message = Message(sender: Person(identifier: "user-1842", displayName: "Maya"),
                              conversationIdentifier: "conv-8c2f1e", groupName: "Weekend climbing")
        let payload = Layout.apns.encode(message, into: ["aps": ["alert": ["title": "Maya", "body": "Rope is packed"],
                                                                 "mutable-content": 1]])
        let body = payload.encoded()                         // compact JSON bytes for APNs

        let userInfo = try #require(try JSONSerialization.jsonObject(with: body) as? [AnyHashable: Any])
        let preview = Preview(payload: try Payload(userInfo: userInfo))
        #expect(preview.extensionWillRun)
        #expect(preview.message == message)
        #expect(preview.content.body == "Rope is packed")
        #expect(preview.content.threadIdentifier == "conv-8c2f1e")
    }
}
