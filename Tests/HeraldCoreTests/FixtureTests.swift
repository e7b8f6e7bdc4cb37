import Foundation
import Testing

import HeraldCore

/// Herald against the real payloads in `Fixtures/payloads` (see its INDEX.md).
///
/// Every expected value below was read from INDEX.md ("Expected extraction") or from the fixture
/// text itself, never from Herald's output; parse-error positions were counted by hand from the
/// `.raw.txt` files.
@Suite("Payload fixtures")
struct FixtureTests {
    // MARK: - Loading

    enum Files {
        static let directory: URL = {
            guard let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
                preconditionFailure("the test bundle has no Fixtures directory")
            }
            return fixtures.appendingPathComponent("payloads")
        }()

        static func names(endingWith suffix: String) -> [String] {
            let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return all.filter { $0.hasSuffix(suffix) }.sorted()
        }

        /// Every repaired or original payload that is valid JSON.
        static let jsonNames = names(endingWith: ".json")
        /// The untouched originals of repaired payloads.
        static let rawNames = names(endingWith: ".raw.txt")

        static func data(_ name: String) throws -> Data {
            try Data(contentsOf: directory.appendingPathComponent(name))
        }

        static func payload(_ name: String) throws -> Payload {
            try Payload(data: data(name))
        }

        static func preview(_ name: String, layout: Layout? = nil) throws -> Preview {
            Preview(payload: try payload(name), layout: layout)
        }
    }

    /// A custom layout from its JSON definition text, as `--layout-file` reads it.
    static func layout(_ definition: String) throws -> Layout {
        try Layout(definitionData: Data(definition.utf8))
    }

    // MARK: - 1. Every valid fixture parses and previews (HeraldDeskTests lints them)

    @Test func theCorpusIsPresent() {
        // INDEX.md's summary table lists 83 payloads, 16 of them with a .raw.txt original. A missing
        // bundle would otherwise make every table below silently empty.
        #expect(Files.jsonNames.count == 83)
        #expect(Files.rawNames.count == 16)
        for raw in Files.rawNames {
            let repaired = String(raw.dropLast(".raw.txt".count)) + ".json"
            #expect(Files.jsonNames.contains(repaired), "\(raw) has no repaired .json beside it")
        }
    }

    @Test(arguments: Files.jsonNames)
    func everyJSONFixtureParsesAndPreviews(_ name: String) throws {
        let data = try Files.data(name)
        let payload = try Payload(data: data)

        // Every fixture is a JSON object; its keys match what Foundation's own parser finds.
        let members = try #require(payload.json.objectValue)
        let foundation = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(members.keys) == Set(foundation.keys))

        // Lossless: the compact and pretty encodings parse back to an equal value.
        let compact = payload.json.encoded()
        #expect(try JSONValue(parsing: compact) == payload.json)
        #expect(try JSONValue(parsing: payload.json.encoded(.pretty)) == payload.json)
        #expect(payload.byteCount == compact.count)

        let preview = Preview(payload: payload)
        #expect(preview.decisions.first?.code == .layoutDetected)
    }

    // MARK: - 2. Malformed originals fail with the right line and column

    struct Malformed: Sendable, CustomTestStringConvertible {
        let file: String
        let line: Int
        let column: Int
        let code: JSONParseError.Code
        /// What is at that position, as read by hand.
        let what: String
        var testDescription: String { file }
    }

    static let malformed: [Malformed] = [
        // Ruby hash: `notification.custom_data = …`; the bad value starts at its first letter.
        Malformed(file: "apns-houston124-mutable-content-string.raw.txt", line: 1, column: 1, code: .unexpectedCharacter, what: "n of notification"),
        // `"alert” : {` opens a string with an ASCII quote that a curly quote cannot close, so the
        // string runs into the end of line 3; the error points at the curly quote: 6 spaces,
        // `"alert` (6 characters), so `”` is column 13.
        Malformed(file: "apple-archive-example-actions-smart-quotes-malformed.raw.txt", line: 3, column: 13, code: .typographicQuote, what: "curly quote meant to close \"alert"),
        // Missing comma after the alert object: the next key's quote, after 8 spaces.
        Malformed(file: "apple-interruption-level-djangopush708-missing-comma.raw.txt", line: 7, column: 9, code: .unexpectedCharacter, what: "\" of \"interruption-level\""),
        // Trailing comma after "triggerString": a key is expected, the `}` of line 14 is found.
        Malformed(file: "customerio-flutter100-fcm-v1-notification-image-trailing-comma.raw.txt", line: 14, column: 5, code: .unexpectedCharacter, what: "}"),
        // Missing comma after "sound": "default": the quote of "myurl".
        Malformed(file: "edge-rn12570-custom-key-inside-aps-missing-comma.raw.txt", line: 6, column: 5, code: .unexpectedCharacter, what: "\" of \"myurl\""),
        // JS object with unquoted keys.
        Malformed(file: "fcm-cordovapush180-legacy-request-unquoted-keys.raw.txt", line: 2, column: 1, code: .unexpectedCharacter, what: "r of registration_ids"),
        // NSDictionary line: a complete JSON string, then ` = true;`.
        Malformed(file: "fcm-quickstart70-gcm-notification-mutable-content-true.raw.txt", line: 1, column: 40, code: .trailingContent, what: "="),
        // JS console object: single-quoted key.
        Malformed(file: "fcm-rnfcm295-ios-click-from-background.raw.txt", line: 2, column: 3, code: .unexpectedCharacter, what: "'"),
        // No opening `{`: the string "notification" is a whole JSON text, then `:`.
        Malformed(file: "fcm-rnfirebase2432-legacy-request-smart-quotes.raw.txt", line: 1, column: 17, code: .trailingContent, what: ":"),
        // `//iOS ID` comment after the first player id and its comma.
        Malformed(file: "onesignal-rn364-rest-body-data-buttons-comments.raw.txt", line: 28, column: 45, code: .unexpectedCharacter, what: "/"),
        // NSDictionary description: unquoted key `aps`.
        Malformed(file: "parse-pushadapter38-mutable-content-outside-aps.raw.txt", line: 2, column: 5, code: .unexpectedCharacter, what: "a of aps"),
        // Swift print: `[AnyHashable("data"): …`, an array whose first element is no value.
        Malformed(file: "pusher-beams-node40-userinfo-data-lost.raw.txt", line: 1, column: 2, code: .unexpectedCharacter, what: "A of AnyHashable"),
        // Not wrapped in braces: the string "aps" is a whole JSON text, then ` : {`.
        Malformed(file: "rocketchat-8863-aps-alert-string-with-newline.raw.txt", line: 1, column: 7, code: .trailingContent, what: ":"),
        Malformed(file: "rocketchat-8863-proposed-channel-title-loc-missing-comma.raw.txt", line: 1, column: 7, code: .trailingContent, what: ":"),
        // `"badge": {{ unread_count }},`: the first `{` opens an object, the second is no key.
        Malformed(file: "streamchat-docs-v3-default-template-unquoted-badge.raw.txt", line: 23, column: 11, code: .unexpectedCharacter, what: "second {"),
        // Swift print prefixed with `didReceiveRemoteNotification:`.
        Malformed(file: "telegram-tdlib1599-userinfo-sender-in-alert-string.raw.txt", line: 1, column: 1, code: .unexpectedCharacter, what: "d of didReceiveRemoteNotification"),
    ]

    @Test func everyRawOriginalHasAnExpectation() {
        #expect(Set(Files.rawNames) == Set(Self.malformed.map(\.file)))
    }

    @Test(arguments: malformed)
    func malformedOriginalFailsAtTheFirstError(_ fixture: Malformed) throws {
        let data = try Files.data(fixture.file)
        let error = #expect(throws: JSONParseError.self) { try Payload(data: data) }
        #expect(error?.code == fixture.code, "at \(fixture.what)")
        #expect(error?.line == fixture.line, "at \(fixture.what)")
        #expect(error?.column == fixture.column, "at \(fixture.what)")
    }

    @Test func singleQuotedPseudoJSONInAStringDoesNotParse() throws {
        // Salesforce embeds the APNs payload as `{'aps':{…}}`: the quote after `{` is no key.
        let payload = try Files.payload("edge-salesforce-chatter-payload-as-single-quoted-string.json")
        let embedded = try #require(payload.json["payload"]?.stringValue)
        let error = #expect(throws: JSONParseError.self) { try JSONValue(parsing: embedded) }
        #expect(error?.line == 1)
        #expect(error?.column == 2)
        // A pointer that steps into it finds nothing rather than failing.
        #expect(JSONPointer("/payload/aps")?.resolve(in: payload.json) == nil)
    }

    // MARK: - 3. What a correct parser extracts

    struct Content: Sendable, CustomTestStringConvertible {
        var file: String
        var title = ""
        var subtitle = ""
        var body = ""
        var badge: Int? = nil
        var sound: String? = nil
        var threadID = ""
        var testDescription: String { file }
    }

    static let contents: [Content] = [
        Content(file: "apns-houston124-mutable-content-string.json"),
        Content(
            file: "apns-nwpusher-onesignal79-customInfo-imageLink-video.json", title: "This is an iOS 10 Push!",
            subtitle: "Notification subtitle is displayed when you 3D touch",
            body: "this is the push body displayed when you 3D touch the notification popup"),
        Content(file: "apple-archive-example-actions-smart-quotes-malformed.json", body: "Acme message received from Johnny Appleseed", badge: 3, sound: "chime.aiff"),
        Content(file: "apple-archive-example-alert-string-badge-sound-custom.json", body: "You got your emails.", badge: 9, sound: "bingbong.aiff"),
        Content(file: "apple-archive-example-loc-key-loc-args.json", sound: "chime.aiff"),
        Content(file: "apple-critical-sound-pushok103-default-capitalized.json", body: "Test Critical", sound: "Default"),
        Content(file: "apple-game-invitation-title-body-plus-loc-key.json", title: "Game Request", subtitle: "Five Card Draw", body: "Bob wants to play poker", badge: 9),
        Content(file: "apple-interruption-level-djangopush708-missing-comma.json", title: "Urgent", body: "Your account requires attention."),
        Content(file: "braze-appboy-stopwatch-push-story-carousel.json"),
        Content(file: "braze-artsy-eigen-ab-uri-alert-string.json", body: "New Works For You", badge: 42),
        Content(file: "clevertap-examples1-pic-url-mediatype-0.json", title: "Super!", body: "checkout my pic"),
        Content(file: "clevertap-examples1-pic-url-mediatype-image.json", title: "Super!", body: "checkout my pic"),
        Content(file: "discord-pr206-call-ring-voip-style.json"),
        Content(file: "discord-pr206-update-badge.json", badge: 0),
        Content(file: "edge-rn12570-custom-key-inside-aps-missing-comma.json", body: "News!", sound: "default"),
        Content(
            file: "edge-rn21941-custom-dict-inside-aps-escaped-slash.json",
            body: "Next live session will start on 15-10-2018 13:00:00 for course NEET/AIIMS", badge: 1, sound: "default"),
        Content(file: "fcm-nativescript129-no-gcm-message-id.json", title: "My title", body: "The body of the notification", badge: 9, sound: "sound"),
        Content(file: "fcm-nativescript129-with-gcm-message-id.json", title: "My title", body: "The body of the notification", badge: 9, sound: "sound"),
        Content(file: "fcm-rnfcm295-ios-click-from-background.json", title: "Meeting - Test", body: #"Poll "Test" is now opened for voting."#, sound: "default"),
        Content(file: "homeassistant-pushserver-attachment-audio-mp3-waveformaudio.json", body: "test", sound: "default"),
        Content(file: "homeassistant-pushserver-attachment-mp4-plus-image-key.json", body: "test", sound: "default"),
        Content(file: "homeassistant-pushserver-attachment-video-mov-mpeg4.json", body: "test", sound: "default"),
        Content(file: "homeassistant-pushserver-command-contentavailable-camelcase.json"),
        Content(file: "homeassistant-pushserver-critical-sound-volume-half.json", body: "test", sound: "custom.wav"),
        Content(file: "homeassistant-pushserver-empty-alert-dict-badge.json", badge: 3),
        Content(file: "homeassistant-pushserver-group-thread-id.json", body: "test", sound: "default", threadID: "test_group"),
        Content(file: "homeassistant-pushserver-notification-icon-color.json", title: "Phone", body: "test", sound: "default"),
        Content(file: "homeassistant-testnotification-camera-entity.json", title: "title here", body: "body here", sound: "default"),
        Content(file: "homeassistant-testnotification-communication-mdi-icon.json", title: "Dishwasher", body: "Cycle complete.", sound: "default"),
        Content(file: "klaviyo-readme-body-k-action-buttons.json", title: "New Arrivals Just for You", body: "Check out our latest collection", sound: "default"),
        Content(
            file: "klaviyo-readme-rich-media-image-jpg.json", title: "Sample title for a Klaviyo push notification",
            body: "Sample body for a Klaviyo push notification"),
        Content(file: "matrix-sygnal-event-id-only-single-unread.json"),
        Content(file: "matrix-sygnal-full-loc-args-sender-room.json", badge: 3),
        Content(file: "matrix-sygnal-full-with-default-payload-mutable.json", badge: 3),
        Content(
            file: "onesignal-cordova536-rawpayload-thread-id-additional-data.json", title: "Un nuovo commento sul tuo post",
            body: "Celu Wiv ha appena commentato", badge: 1, sound: "default", threadID: "COMMENT"),
        Content(file: "onesignal-ios-unittests-old-format-custom-att-buttons.json", title: "Test Title"),
        Content(file: "onesignal-ios-unittests-os-data-content-available-underscore.json", body: "Message Body"),
        Content(
            file: "onesignal-rn1641-simulator-apns-actionbuttons-in-alert.json", title: "Push Notification", subtitle: "Test Push Notifications",
            body: "Testing Push Notifications on iOS Simulator"),
        Content(file: "parse-pushadapter38-mutable-content-outside-aps.json", body: "Test text!", sound: "default"),
        Content(file: "pusher-beams-node40-userinfo-data-lost.json", title: "Test Notification", body: "Debug Console"),
        Content(file: "rocketchat-8863-aps-alert-string-with-newline.json", body: "cardoso\nok", badge: 2, sound: "default"),
        Content(file: "rocketchat-8863-proposed-channel-title-loc-missing-comma.json", body: "ok", badge: 2),
        Content(file: "rocketchat-8863-proposed-dm-title-loc-missing-comma.json", body: "ok", badge: 2),
        Content(file: "sendbird-calls-fantoo-ios-voip-userinfo-redacted.json", body: "Incoming call from Rndeep", sound: "default"),
        Content(file: "streamchat-docs-v2-default-apn-template.json", title: "New message from {{ sender.name }}", body: "{{ truncate message.text 2000 }}"),
        Content(file: "streamchat-swift-tests-message-deleted-unknown-event.json"),
        Content(file: "streamchat-swift-tests-message-new-minimal.json"),
        Content(file: "telegram-ios1623-encrypted-p-generic-alert.json", body: "You have a new message"),
        Content(file: "telegram-tdlib1599-userinfo-sender-in-alert-string.json", body: "Some User: test", sound: "0.m4a"),
    ]

    @Test(arguments: contents)
    func contentFields(_ expected: Content) throws {
        let content = try Files.preview(expected.file).content
        #expect(content.title == expected.title)
        #expect(content.subtitle == expected.subtitle)
        #expect(content.body == expected.body)
        #expect(content.badge == expected.badge)
        #expect(content.sound?.name == expected.sound)
        #expect(content.threadIdentifier == expected.threadID)
    }

    /// Payloads with no top-level `aps`: server request bodies, decrypted plaintexts, data-only
    /// messages and typos. iOS shows nothing for them, and Herald says why.
    static let withoutAPS = [
        "airship-nse-tests-swift-apps-typo-url-string.json",
        "customerio-android172-fcm-v1-emoji-title-image.json",
        "customerio-flutter100-fcm-v1-apns-cio-push-image.json",
        "customerio-flutter100-fcm-v1-notification-image-trailing-comma.json",
        "customerio-sdk-stub-cio-delivery-null-link-image.json",
        "edge-appery-flat-message-badge-string.json",
        "edge-salesforce-chatter-payload-as-single-quoted-string.json",
        "expo-docs-fcm-legacy-data-message.json",
        "fcm-cordovapush180-legacy-request-unquoted-keys.json",
        "fcm-phonegap1347-legacy-request-badge-string-mediaurl.json",
        "fcm-quickstart70-gcm-notification-mutable-content-true.json",
        "fcm-rnfirebase2432-legacy-request-smart-quotes.json",
        "iterable-nse-tests-attachment-url-mp4.json",
        "iterable-uitests-campaign-action-buttons.json",
        "mattermost-pushproxy-swagger-update-badge.json",
        "nextcloud-push-v2-decrypted-delete-all.json",
        "nextcloud-push-v2-decrypted-delete-multiple.json",
        "nextcloud-push-v2-decrypted-delete-single.json",
        "nextcloud-push-v2-decrypted-talk-mention.json",
        "onesignal-phpsdk8-rest-body-include-player-ids-data.json",
        "onesignal-rn364-rest-body-data-buttons-comments.json",
        "pubnub-docs-pn-apns-http2-pn-push.json",
        "pubnub-docs-pn-apns-legacy-pn-other.json",
        "pusher-beams-node40-publish-request-imageurl.json",
        "sendbird-doctorcha-file-message-image-url.json",
        "streamchat-docs-v3-default-template-unquoted-badge.json",
        "threema-tests-newgroupmsg-voip-string-true.json",
        "threema-tests-wrong-key-cmds.json",
        "twilio-conversations-test-media-no-filename-count-10.json",
        "zulip-e2ee-decrypted-channel-message-group-mention.json",
        "zulip-e2ee-decrypted-remove.json",
        "zulip-e2ee-decrypted-test.json",
        "zulip-legacy-modernize-alert-string.json",
        "zulip-pr35436-apns-legacy-dm-redacted.json",
    ]

    @Test(arguments: withoutAPS)
    func payloadWithoutAPSShowsNothingAndSaysWhy(_ file: String) throws {
        let payload = try Files.payload(file)
        #expect(payload.aps == nil)
        let preview = Preview(payload: payload)
        #expect(preview.content == ContentFields())
        #expect(!preview.extensionWillRun)
        #expect(preview.decisions.contains { $0.code == .noAPS })
    }

    @Test func everyFixtureIsInExactlyOneContentTable() {
        let listed = Self.contents.map(\.file) + Self.withoutAPS
        #expect(listed.count == Set(listed).count)
        #expect(Set(listed) == Set(Files.jsonNames))
    }

    static let detectedLayouts: [(file: String, layout: String)] = [
        // The pair differs only by gcm.message_id.
        ("fcm-nativescript129-no-gcm-message-id.json", "apns"),
        ("fcm-nativescript129-with-gcm-message-id.json", "fcm"),
        ("fcm-rnfcm295-ios-click-from-background.json", "fcm"),
        // OneSignal on-device layouts: custom.i / custom.a (classic) and os_data.
        ("onesignal-cordova536-rawpayload-thread-id-additional-data.json", "onesignal"),
        ("onesignal-ios-unittests-old-format-custom-att-buttons.json", "onesignal"),
        ("onesignal-ios-unittests-os-data-content-available-underscore.json", "onesignal"),
        ("onesignal-rn1641-simulator-apns-actionbuttons-in-alert.json", "onesignal"),
        // Raw APNs.
        ("apns-houston124-mutable-content-string.json", "apns"),
        ("apns-nwpusher-onesignal79-customInfo-imageLink-video.json", "apns"),
        ("apple-archive-example-alert-string-badge-sound-custom.json", "apns"),
        ("apple-archive-example-loc-key-loc-args.json", "apns"),
        ("apple-critical-sound-pushok103-default-capitalized.json", "apns"),
        ("apple-interruption-level-djangopush708-missing-comma.json", "apns"),
        ("edge-rn12570-custom-key-inside-aps-missing-comma.json", "apns"),
        ("edge-rn21941-custom-dict-inside-aps-escaped-slash.json", "apns"),
    ]

    @Test(arguments: detectedLayouts)
    func layoutDetection(_ file: String, _ layout: String) throws {
        #expect(try Files.preview(file).layout.name == layout)
    }

    @Test func alertDetailsBeyondTheShownText() throws {
        let interruption = try Files.preview("apple-interruption-level-djangopush708-missing-comma.json")
        #expect(interruption.content.interruptionLevel == .timeSensitive)

        let localized = try #require(try Files.payload("apple-archive-example-loc-key-loc-args.json").aps?.alert)
        #expect(localized.title == nil && localized.body == nil)
        #expect(localized.locKey == "GAME_PLAY_REQUEST_FORMAT")
        #expect(localized.locArgs == ["Jenna", "Frank"])

        let both = try #require(try Files.payload("apple-game-invitation-title-body-plus-loc-key.json").aps?.alert)
        #expect(both.body == "Bob wants to play poker")
        #expect(both.locKey == "GAME_PLAY_REQUEST_FORMAT")
        #expect(both.locArgs == ["Shelly", "Rick"])

        let rocketChannel = try #require(try Files.payload("rocketchat-8863-proposed-channel-title-loc-missing-comma.json").aps?.alert)
        #expect(rocketChannel.titleLocArgs == ["cardoso", "general"])
        let rocketDM = try #require(try Files.payload("rocketchat-8863-proposed-dm-title-loc-missing-comma.json").aps?.alert)
        #expect(rocketDM.titleLocArgs == ["cardoso"])
    }

    @Test func criticalSounds() throws {
        #expect(try Files.preview("apple-critical-sound-pushok103-default-capitalized.json").content.sound
            == Sound(name: "Default", isCritical: true, volume: 1.0))
        #expect(try Files.preview("homeassistant-pushserver-critical-sound-volume-half.json").content.sound
            == Sound(name: "custom.wav", isCritical: true, volume: 0.5))
    }

    @Test func flagsAreReadLenientlyButOnlyUnderTheirOwnKeys() throws {
        // houston: mutable-content "1" (a string) reads as on, and the coercion is reported.
        let houston = try #require(try Files.payload("apns-houston124-mutable-content-string.json").aps)
        #expect(houston.mutableContent)
        #expect(houston.typeIssues.contains { $0.key == "mutable-content" && $0.wasRead })

        // content_available (underscore) and contentAvailable (camel case) are not APNs keys.
        #expect(try Files.payload("onesignal-ios-unittests-os-data-content-available-underscore.json").aps?.contentAvailable == false)
        #expect(try Files.payload("homeassistant-pushserver-command-contentavailable-camelcase.json").aps?.contentAvailable == false)

        // FCM's gcm.notification.mutable-content outside aps is not aps.mutable-content.
        let quickstart = try Files.preview("fcm-quickstart70-gcm-notification-mutable-content-true.json")
        #expect(!quickstart.extensionWillRun)
    }

    static let extensionRuns: [(file: String, runs: Bool)] = [
        ("matrix-sygnal-full-loc-args-sender-room.json", false),  // no mutable-content
        ("matrix-sygnal-full-with-default-payload-mutable.json", true),
        ("matrix-sygnal-event-id-only-single-unread.json", true),
        ("pusher-beams-node40-userinfo-data-lost.json", false),
        ("parse-pushadapter38-mutable-content-outside-aps.json", false),
        ("fcm-quickstart70-gcm-notification-mutable-content-true.json", false),
        ("telegram-ios1623-encrypted-p-generic-alert.json", true),
        ("telegram-tdlib1599-userinfo-sender-in-alert-string.json", false),
        ("sendbird-calls-fantoo-ios-voip-userinfo-redacted.json", true),
    ]

    @Test(arguments: extensionRuns)
    func whetherTheExtensionRuns(_ file: String, _ runs: Bool) throws {
        #expect(try Files.preview(file).extensionWillRun == runs)
    }

    // MARK: Attachments through the built-in layouts

    struct Media: Hashable, Sendable, CustomStringConvertible {
        let url: String
        let kind: Message.Attachment.Kind
        init(_ url: String, _ kind: Message.Attachment.Kind) {
            self.url = url
            self.kind = kind
        }
        var description: String { "\(kind.rawValue) \(url)" }
    }

    static func media(_ message: Message) -> [Media] {
        message.attachments.map { Media($0.url.absoluteString, $0.kind) }
    }

    static let builtInAttachments: [(file: String, media: [Media])] = [
        ("onesignal-ios-unittests-old-format-custom-att-buttons.json", [Media("http://domain.com/file.jpg", .image)]),
        ("klaviyo-readme-rich-media-image-jpg.json", [Media("https://picsum.photos/200/300.jpg", .image)]),
        ("iterable-nse-tests-attachment-url-mp4.json", [
            Media("https://github.com/Iterable/swift-sdk/raw/master/tests/notification-extension-tests/swirl.mp4", .movie)
        ]),
        // Null CIO.push.image is absent, not an attachment.
        ("customerio-sdk-stub-cio-delivery-null-link-image.json", []),
        // Empty relData.video_url is no video.
        ("edge-rn21941-custom-dict-inside-aps-escaped-slash.json", []),
        // customInfo.imageLink / .video are app-specific: only a configured layout reads them.
        ("apns-nwpusher-onesignal79-customInfo-imageLink-video.json", []),
        // An MDI icon name is not a URL.
        ("homeassistant-pushserver-notification-icon-color.json", []),
        ("homeassistant-testnotification-communication-mdi-icon.json", []),
        ("homeassistant-testnotification-camera-entity.json", []),
        // Twilio media has a sid but no URL.
        ("twilio-conversations-test-media-no-filename-count-10.json", []),
        ("pusher-beams-node40-userinfo-data-lost.json", []),
        ("onesignal-rn1641-simulator-apns-actionbuttons-in-alert.json", []),
        ("onesignal-cordova536-rawpayload-thread-id-additional-data.json", []),
        ("iterable-uitests-campaign-action-buttons.json", []),
        ("braze-artsy-eigen-ab-uri-alert-string.json", []),
        ("apple-archive-example-alert-string-badge-sound-custom.json", []),
        ("apple-critical-sound-pushok103-default-capitalized.json", []),
        ("fcm-nativescript129-no-gcm-message-id.json", []),
        ("fcm-nativescript129-with-gcm-message-id.json", []),
        ("fcm-rnfcm295-ios-click-from-background.json", []),
        ("klaviyo-readme-body-k-action-buttons.json", []),
    ]

    @Test(arguments: builtInAttachments)
    func attachmentsFromBuiltInLayouts(_ file: String, _ expected: [Media]) throws {
        #expect(Self.media(try Files.preview(file).message) == expected)
    }

    @Test func declaredTypeIsKeptAsWritten() throws {
        let klaviyo = try Files.preview("klaviyo-readme-rich-media-image-jpg.json").message.attachments
        #expect(klaviyo.map(\.declaredType) == ["jpg"])
    }

    // MARK: Senders: none through generic layouts when only an app-specific mapping has one

    static let noGenericSender = [
        "apple-archive-example-actions-smart-quotes-malformed.json",  // name only inside the body text
        "discord-pr206-call-ring-voip-style.json",
        "discord-pr206-update-badge.json",
        "homeassistant-pushserver-notification-icon-color.json",
        "homeassistant-testnotification-communication-mdi-icon.json",
        "matrix-sygnal-event-id-only-single-unread.json",
        "matrix-sygnal-full-loc-args-sender-room.json",
        "matrix-sygnal-full-with-default-payload-mutable.json",
        "nextcloud-push-v2-decrypted-talk-mention.json",
        "onesignal-cordova536-rawpayload-thread-id-additional-data.json",
        "rocketchat-8863-aps-alert-string-with-newline.json",
        "rocketchat-8863-proposed-channel-title-loc-missing-comma.json",
        "rocketchat-8863-proposed-dm-title-loc-missing-comma.json",
        "sendbird-calls-fantoo-ios-voip-userinfo-redacted.json",
        "streamchat-docs-v2-default-apn-template.json",  // stream.sender "stream.chat" is no person
        "streamchat-docs-v3-default-template-unquoted-badge.json",
        "streamchat-swift-tests-message-deleted-unknown-event.json",
        "streamchat-swift-tests-message-new-minimal.json",
        "telegram-ios1623-encrypted-p-generic-alert.json",
        "telegram-tdlib1599-userinfo-sender-in-alert-string.json",
        "zulip-legacy-modernize-alert-string.json",
        "zulip-pr35436-apns-legacy-dm-redacted.json",
    ]

    @Test(arguments: noGenericSender)
    func genericLayoutsFindNoSender(_ file: String) throws {
        let preview = try Files.preview(file)
        #expect(preview.message.sender == nil)
        #expect(!preview.message.isCommunication)
        #expect(preview.decisions.contains { $0.code == .noSender })
    }

    @Test func groupingHintsAreNotConversations() throws {
        // thread-id groups notifications; it names no conversation.
        for file in ["homeassistant-pushserver-group-thread-id.json", "onesignal-cordova536-rawpayload-thread-id-additional-data.json"] {
            #expect(try Files.preview(file).message.conversationIdentifier == nil, "\(file)")
        }
    }

    // MARK: Custom layouts for app-specific data

    struct Custom: Sendable, CustomTestStringConvertible {
        var file: String
        /// The layout definition, in the `--layout-file` format.
        var definition: String
        var senderName: String? = nil
        var senderID: String? = nil
        var avatarURL: String? = nil
        var conversation: String? = nil
        var group: String? = nil
        var recipients: [String] = []
        var media: [Media]? = nil
        var testDescription: String { file }
    }

    static let matrixLayout = #"""
        {"name": "sygnal", "communication": {"senderName": ["/aps/alert/loc-args/0"], "groupName": ["/aps/alert/loc-args/1"],
         "conversationIdentifier": ["/room_id"]}}
        """#
    static let rocketChatLayout = #"""
        {"name": "rocketchat", "communication": {"senderName": ["/aps/alert/title-loc-args/0"], "groupName": ["/aps/alert/title-loc-args/1"]}}
        """#
    static let streamLayout = #"{"name": "stream", "communication": {"conversationIdentifier": ["/stream/cid"]}}"#
    static let homeAssistantLayout = #"{"name": "homeassistant", "attachments": ["/attachment"]}"#

    static let customs: [Custom] = [
        Custom(
            file: "discord-pr206-call-ring-voip-style.json",
            definition: #"""
                {"name": "discord", "communication": {"senderName": ["/user_username", "/native_phone_name"], "senderIdentifier": ["/user_id"],
                 "senderAvatarURL": ["/avatar"], "conversationIdentifier": ["/channel_id"]}}
                """#,
            senderName: "test_user", senderID: "555673936828290571", conversation: "573746180463783681"),
        Custom(
            file: "sendbird-calls-fantoo-ios-voip-userinfo-redacted.json",
            definition: #"""
                {"name": "sendbird-calls", "communication": {
                 "senderName": ["/sendbird_call/command/payload/caller/nickname"],
                 "senderIdentifier": ["/sendbird_call/command/payload/caller/user_id"],
                 "senderAvatarURL": ["/sendbird_call/command/payload/caller/profile_url"],
                 "conversationIdentifier": ["/sendbird_call/command/payload/call_id"],
                 "recipients": ["/sendbird_call/command/payload/callee/user_id"]}}
                """#,
            senderName: "Rndeep", senderID: "876510", conversation: "01B569FF-EDD1-4068-A0A7-73651551B94E", recipients: ["testerb2"]),
        Custom(
            file: "matrix-sygnal-full-loc-args-sender-room.json", definition: matrixLayout,
            senderName: "Major Tom", conversation: "!slw48wfj34rtnrf:example.com", group: "Mission Control"),
        Custom(
            file: "matrix-sygnal-full-with-default-payload-mutable.json", definition: matrixLayout,
            senderName: "Major Tom", conversation: "!slw48wfj34rtnrf:example.com", group: "Mission Control"),
        // Empty loc-args: no sender, but the room is still the conversation.
        Custom(file: "matrix-sygnal-event-id-only-single-unread.json", definition: matrixLayout, conversation: "!slw48wfj34rtnrf:example.com"),
        Custom(file: "rocketchat-8863-proposed-channel-title-loc-missing-comma.json", definition: rocketChatLayout, senderName: "cardoso", group: "general"),
        Custom(file: "rocketchat-8863-proposed-dm-title-loc-missing-comma.json", definition: rocketChatLayout, senderName: "cardoso"),
        Custom(
            file: "zulip-e2ee-decrypted-channel-message-group-mention.json",
            definition: #"""
                {"name": "zulip-e2ee", "communication": {"senderName": ["/sender_full_name"], "senderIdentifier": ["/sender_id"],
                 "senderAvatarURL": ["/sender_avatar_url"], "groupName": ["/channel_name"]}}
                """#,
            senderName: "aaron", senderID: "6",
            avatarURL: "https://secure.gravatar.com/avatar/818c212b9f8830dfef491b3f7da99a14?d=identicon&version=1", group: "Denmark"),
        // Stream's own `stream.sender` is the constant "stream.chat", never read as a person.
        Custom(file: "streamchat-docs-v2-default-apn-template.json", definition: streamLayout, conversation: "{{ channel.cid }}"),
        Custom(file: "streamchat-swift-tests-message-new-minimal.json", definition: streamLayout, conversation: "a:b"),
        Custom(file: "streamchat-swift-tests-message-deleted-unknown-event.json", definition: streamLayout),
        Custom(file: "nextcloud-push-v2-decrypted-talk-mention.json", definition: #"{"communication": {"conversationIdentifier": ["/id"]}}"#, conversation: "t0k3n"),
        Custom(
            file: "twilio-conversations-test-media-no-filename-count-10.json",
            definition: #"{"communication": {"conversationIdentifier": ["/conversation_sid"], "groupName": ["/conversation_title"]}}"#,
            conversation: "conversation_sid", group: "The Conversation"),
        // Attachments under app-defined keys.
        Custom(
            file: "apns-nwpusher-onesignal79-customInfo-imageLink-video.json",
            definition: #"{"attachments": ["/customInfo/imageLink", "/customInfo/video"]}"#,
            media: [
                Media("http://cms.geteve.de/assets/looksimages/150922-FischgraetenFake-Cynthia-Nathalie-01-Step-1.jpg", .image),
                Media("http://www.sample-videos.com/video/mp4/720/big_buck_bunny_720p_1mb.mp4", .movie),
            ]),
        Custom(
            file: "clevertap-examples1-pic-url-mediatype-0.json", definition: #"{"attachments": ["/pic_url"]}"#,
            media: [Media("http://images.all-free-download.com/images/graphiclarge/water_waterfall_nature_214751.jpg", .image)]),
        Custom(
            file: "clevertap-examples1-pic-url-mediatype-image.json", definition: #"{"attachments": ["/pic_url"]}"#,
            media: [Media("http://images.all-free-download.com/images/graphiclarge/water_waterfall_nature_214751.jpg", .image)]),
        Custom(
            file: "parse-pushadapter38-mutable-content-outside-aps.json", definition: #"{"attachments": ["/image"]}"#,
            media: [Media("https://hsto.org/files/ff5/03e/e6b/ff503ee6b45d46ffb092aac33f2f282b.gif", .image)]),
        // No file extension: the kind is left to sniffing.
        Custom(file: "apns-houston124-mutable-content-string.json", definition: #"{"attachments": ["/image"]}"#, media: [Media("https://url/to/image", .unknown)]),
        Custom(file: "homeassistant-pushserver-attachment-audio-mp3-waveformaudio.json", definition: homeAssistantLayout, media: [Media("/test.mp3", .audio)]),
        Custom(file: "homeassistant-pushserver-attachment-mp4-plus-image-key.json", definition: homeAssistantLayout, media: [Media("/existing.mp4", .movie)]),
        Custom(file: "homeassistant-pushserver-attachment-video-mov-mpeg4.json", definition: homeAssistantLayout, media: [Media("/test.mov", .movie)]),
        Custom(
            file: "fcm-phonegap1347-legacy-request-badge-string-mediaurl.json", definition: #"{"attachments": ["/data/mediaUrl"]}"#,
            media: [Media("https://upload.wikimedia.org/wikipedia/commons/thumb/2/2a/FloorGoban.JPG/1024px-FloorGoban.JPG", .image)]),
        Custom(
            file: "fcm-cordovapush180-legacy-request-unquoted-keys.json", definition: #"{"attachments": ["/data/image", "/notification/image"]}"#,
            media: [Media("https://giggoer.com/wp-content/uploads/2020/03/Beatrich-2020-595x890.jpg", .image)]),
        Custom(
            file: "customerio-android172-fcm-v1-emoji-title-image.json", definition: #"{"attachments": ["/message/notification/image"]}"#,
            media: [
                Media("https://userimg-assets.customeriomail.com/images/client-env-101262/1676545327104_thiemo_01GSCY703G786FJE0F5FT34H0N.jpeg", .image)
            ]),
        // Percent escapes (%20, %E2%80%AF) are kept, not decoded twice.
        Custom(
            file: "customerio-flutter100-fcm-v1-notification-image-trailing-comma.json", definition: #"{"attachments": ["/message/notification/image"]}"#,
            media: [
                Media(
                    "https://userimg-assets.customeriomail.com/images/client-env-131039/1700504487599_Screenshot%202023-11-20%20at%2011.50.36%E2%80%AFPM_01HFPZEJBRSHCTC2XB1T6SGJXE.png",
                    .image)
            ]),
    ]

    @Test(arguments: customs)
    func customLayoutExtractsAppSpecificData(_ expected: Custom) throws {
        let layout = try Self.layout(expected.definition)
        let preview = try Files.preview(expected.file, layout: layout)
        let message = preview.message
        #expect(preview.layout.name == layout.name)
        #expect(message.sender?.displayName == expected.senderName)
        #expect(message.sender?.identifier == expected.senderID)
        #expect(message.sender?.avatarURL?.absoluteString == expected.avatarURL)
        #expect(message.conversationIdentifier == expected.conversation)
        #expect(message.groupName == expected.group)
        #expect(message.recipients == expected.recipients)
        if let media = expected.media {
            #expect(Self.media(message) == media)
        }
    }

    @Test func brazeCarouselItemsThroughACustomLayout() throws {
        // The kinds come from `i_t`, which a custom layout cannot point at; the URLs must be exact.
        let layout = try Self.layout(#"{"attachments": ["/ab/c_items/0/i", "/ab/c_items/1/i", "/ab/c_items/2/i"]}"#)
        let message = try Files.preview("braze-appboy-stopwatch-push-story-carousel.json", layout: layout).message
        let base = "https://appboy-staging-dashboard-uploads.s3.amazonaws.com/appboy/communication"
        #expect(message.attachments.map(\.url.absoluteString) == [
            base + "/assets/image_assets/images/59efaad09ad352042dd733df/original.?1508879056",
            base + "/marketing/ios_carousel_slides/images/59f0ea409ad352042dd73770/0c0ef21c4a3e08e4136f4ef63c4b8d6e3d9c160a/original.png?1508960843",
            base + "/assets/image_assets/images/59dd4bd464aa69042da719ea/original.?1507675092",
        ])
        #expect(message.attachments.dropFirst().first?.kind == .image)
    }

    @Test func sendbirdDataHeldAsJSONInAString() throws {
        // The fixture is the value of Sendbird's `sendbird` data key, which FCM delivers as a string.
        let text = String(decoding: try Files.data("sendbird-doctorcha-file-message-image-url.json"), as: UTF8.self)
        let payload = Payload(json: ["aps": ["alert": "temp343660162.jpg", "mutable-content": 1], "sendbird": .string(text)])
        let layout = try Self.layout(#"""
            {"name": "sendbird", "communication": {
             "senderName": ["/sendbird/sender/name"], "senderIdentifier": ["/sendbird/sender/id"],
             "senderAvatarURL": ["/sendbird/sender/profile_url"], "conversationIdentifier": ["/sendbird/channel/channel_url"],
             "groupName": ["/sendbird/channel/name"], "recipients": ["/sendbird/recipient/id"]},
             "attachments": ["/sendbird/files"]}
            """#)
        let message = Preview(payload: payload, layout: layout).message
        #expect(message.sender?.displayName == "닥터차")
        #expect(message.sender?.identifier == "1")
        #expect(message.sender?.avatarURL?.absoluteString == "https://sendbird.com/main/img/profiles/profile_25_512px.png")
        #expect(message.conversationIdentifier == "sendbird_group_channel_19179253_453b4888fd5f89b5c2cfd1470879b4625facda78")
        #expect(message.groupName == "산적님 상담전용")
        #expect(message.recipients == ["2"])
        let file = try #require(URL(string: "https://sendbird-upload.s3.amazonaws.com/C966BA6E-143D-4153-9249-7ADBA37C93FC/upload/n/9e6b6fcaf86c4ebdaa783c0609ceb0a1.jpg"))
        #expect(message.attachments == [Message.Attachment(url: file, kind: .image, declaredType: "image/jpeg")])
        // The app's own `data` is single-quoted pseudo-JSON: a pointer into it finds nothing.
        #expect(JSONPointer("/sendbird/data/st")?.resolve(in: payload.json) == nil)
    }

    @Test func sendbirdCallsCallerWithEmptyProfileURLHasNoAvatar() throws {
        let layout = try Self.layout(#"{"communication": {"senderName": ["/sendbird_call/command/payload/caller/nickname"], "senderAvatarURL": ["/sendbird_call/command/payload/caller/profile_url"]}}"#)
        let preview = try Files.preview("sendbird-calls-fantoo-ios-voip-userinfo-redacted.json", layout: layout)
        let sender = try #require(preview.message.sender)
        #expect(sender.avatarURL == nil)
        // Empty means absent: one decision that says so (and lint has no error about it: HeraldDeskTests).
        #expect(preview.decisions.filter { $0.code == .avatarURLRejected || $0.code == .avatarURLEmpty }.map(\.message) == ["avatar URL is empty, so no avatar is shown"])
    }

    @Test func twilioMediaMetadataIsNotMistakenForURLs() throws {
        // INDEX: 10 attachments with a content type and a sid, but no URL at all.
        let layout = try Self.layout(#"{"attachments": ["/media"]}"#)
        let preview = try Files.preview("twilio-conversations-test-media-no-filename-count-10.json", layout: layout)
        #expect(preview.message.attachments == [])
        #expect(!preview.decisions.contains { $0.code == .attachmentURLRejected || $0.code == .attachmentRelative })
    }

    @Test func zulipServerShapeAfterTheBouncerMapsIt() throws {
        // The bouncer moves alert/sound/badge into aps and custom.zulip to a top-level zulip.
        let json = try Files.payload("zulip-pr35436-apns-legacy-dm-redacted.json").json
        let alert = try #require(json["alert"])
        let sound = try #require(json["sound"])
        let badge = try #require(json["badge"])
        let zulip = try #require(json["custom"]?["zulip"])
        let device = Payload(json: ["aps": ["alert": alert, "sound": sound, "badge": badge], "zulip": zulip])
        let layout = try Self.layout(#"{"communication": {"senderName": ["/aps/alert/title"], "senderIdentifier": ["/zulip/sender_id"]}}"#)
        let preview = Preview(payload: device, layout: layout)
        #expect(preview.message.sender?.displayName == "aaron")
        #expect(preview.message.sender?.identifier == "6")
        #expect(preview.message.sender?.avatarURL == nil)
        #expect(preview.content.body == "New message")
        #expect(preview.content.badge == 0)
    }

    // MARK: Server request bodies, read as the device receives them

    @Test func pubnubDeviceSeesPNAPNSWithoutPNPush() throws {
        for (file, body, badge, sound) in [
            ("pubnub-docs-pn-apns-http2-pn-push.json", "hello world", nil, nil),
            ("pubnub-docs-pn-apns-legacy-pn-other.json", "hi", 2, "melody"),
        ] as [(String, String, Int?, String?)] {
            var device = try #require(try Files.payload(file).json["pn_apns"]?.objectValue)
            device["pn_push"] = nil
            let content = Preview(payload: Payload(json: .object(device))).content
            #expect(content.body == body, "\(file)")
            #expect(content.badge == badge, "\(file)")
            #expect(content.sound?.name == sound, "\(file)")
        }
    }

    @Test func customerIOAPNSPayloadOverride() throws {
        let request = try Files.payload("customerio-flutter100-fcm-v1-apns-cio-push-image.json").json
        let device = Payload(json: try #require(request["message"]?["apns"]?["payload"]))
        let preview = Preview(payload: device)
        #expect(preview.layout.name == "apns")
        #expect(preview.extensionWillRun)
        #expect(Self.media(preview.message) == [
            Media(
                "https://userimg-assets.customeriomail.com/images/client-env-131039/1700504487599_Screenshot%202023-11-20%20at%2011.50.36%E2%80%AFPM_01HFPZEJBRSHCTC2XB1T6SGJXE.png",
                .image)
        ])
    }

    @Test func pusherBeamsAPNSSection() throws {
        let request = try Files.payload("pusher-beams-node40-publish-request-imageurl.json").json
        let device = Payload(json: try #require(request["apns"]))
        #expect(device.aps?.mutableContent == true)
        #expect(device.aps?.category == "Category")
        // The attachment candidate is data.imageurl (a placeholder here).
        #expect(JSONPointer("/data/imageurl")?.resolve(in: device.json) == "url")
    }

    @Test func streamV3TemplateIgnoresANonNumericBadge() throws {
        // Device userInfo: aps from apns.payload, FCM data keys flattened to the top level.
        let request = try Files.payload("streamchat-docs-v3-default-template-unquoted-badge.json").json
        var device = try #require(request["data"]?.objectValue)
        device["aps"] = try #require(request["apns"]?["payload"]?["aps"])
        let payload = Payload(json: .object(device))
        #expect(payload.aps?.badge == nil)
        #expect(payload.aps?.typeIssues.contains { $0.key == "badge" && !$0.wasRead } == true)
        let layout = try Self.layout(#"{"communication": {"conversationIdentifier": ["/cid"]}}"#)
        let preview = Preview(payload: payload, layout: layout)
        #expect(preview.message.conversationIdentifier == "{{ channel.cid }}")
        #expect(preview.message.sender == nil)
        #expect(preview.decisions.contains { $0.code == .valueIgnored })
    }

    @Test func placeholderImageURLIsNoAttachmentAndNoCrash() throws {
        // rnfirebase #2432: on the device FCM delivers apns.payload with apns.fcm_options beside aps.
        let request = try Files.payload("fcm-rnfirebase2432-legacy-request-smart-quotes.json").json
        var device = try #require(request["apns"]?["payload"]?.objectValue)
        device["fcm_options"] = try #require(request["apns"]?["fcm_options"])
        let preview = Preview(payload: Payload(json: .object(device)))
        #expect(preview.message.attachments.isEmpty)
        #expect(preview.decisions.contains { $0.code == .attachmentURLRejected })

        let mediaURL = try Self.layout(#"{"attachments": ["/mediaUrl"]}"#)
        #expect(Preview(payload: Payload(json: .object(device)), layout: mediaURL).message.attachments.isEmpty)
    }

    @Test func phonegapBadgeStringReadsLeniently() throws {
        // FCM maps the legacy notification block onto aps; its badge is the string "1".
        let notification = try #require(try Files.payload("fcm-phonegap1347-legacy-request-badge-string-mediaurl.json").json["notification"])
        let aps = APS(json: notification)
        #expect(aps.badge == 1)
        #expect(aps.typeIssues.contains { $0.key == "badge" && $0.wasRead })
    }

    // MARK: - 4. Lossless details

    @Test func fcmAnalyticsIDKeepsEveryDigit() throws {
        // INDEX.md names google.c.a.c_id 5583118048490418076 (> 2^53) among the corpus' ids, but no
        // fixture file holds it, so the payload is written here.
        let payload = try Payload(data: Data(#"{"aps":{"alert":"x"},"gcm.message_id":"1","google.c.a.c_id":5583118048490418076}"#.utf8))
        let id = try #require(payload.json["google.c.a.c_id"]?.numberValue)
        #expect(id.text == "5583118048490418076")
        #expect(id.intValue == 5_583_118_048_490_418_076)
        #expect(payload.json["google.c.a.c_id"]?.identifierText == "5583118048490418076")
        #expect(payload.json.jsonText().contains("5583118048490418076"))
        #expect(Preview(payload: payload).layout.name == "fcm")
        // Through userInfo and back, as on the phone.
        let userInfo = try #require(payload.json.foundationObject as? [AnyHashable: Any])
        #expect(try JSONValue(userInfo: userInfo) == payload.json)
    }

    @Test func surrogatePairEscapesBecomeOneScalarEach() throws {
        let expo = try Files.payload("expo-docs-fcm-legacy-data-message.json").json
        // \uD83D\uDCE7 is U+1F4E7 (F0 9F 93 A7); \uD83C\uDF10 is U+1F310 (F0 9F 8C 90).
        let title = try #require(expo["data"]?["title"]?.stringValue)
        let message = try #require(expo["data"]?["message"]?.stringValue)
        #expect(Array(title.utf8) == [0xF0, 0x9F, 0x93, 0xA7] + Array(" You've got mail".utf8))
        #expect(Array(message.utf8) == Array("Hello world! ".utf8) + [0xF0, 0x9F, 0x8C, 0x90])
        #expect(title == "📧 You've got mail")
        #expect(message == "Hello world! 🌐")
        // Encoding writes the characters, not escapes.
        let encoded = [UInt8](expo.encoded())
        #expect(encoded.firstRange(of: [0xF0, 0x9F, 0x93, 0xA7]) != nil)
    }

    @Test func strayVariationSelectorsAreKept() throws {
        let notification = try Files.payload("customerio-android172-fcm-v1-emoji-title-image.json").json["message"]?["notification"]
        let body = try #require(notification?["body"]?.stringValue)
        let title = try #require(notification?["title"]?.stringValue)
        // U+FE0F is EF B8 8F: one after "Thiemo", two after ":bulb:".
        #expect(Array(body.utf8) == Array("Meet scientific Yogi & Empathy Expert Thiemo".utf8) + [0xEF, 0xB8, 0x8F])
        #expect(Array(title.utf8) == Array("Yoga + Meditation + Science = :bulb:".utf8) + [0xEF, 0xB8, 0x8F, 0xEF, 0xB8, 0x8F])
        #expect(title.unicodeScalars.suffix(2).map(\.value) == [0xFE0F, 0xFE0F])
    }

    @Test func nonASCIITextIsByteExact() throws {
        // German umlauts (precomposed ä C3 A4, ü C3 BC).
        let intro = try #require(
            try Files.payload("apns-nwpusher-onesignal79-customInfo-imageLink-video.json").json["customInfo"]?["intro"]?.stringValue)
        var introBytes: [UInt8] = Array("Haare gut durchk".utf8) + [0xC3, 0xA4]
        introBytes += Array("men. Dann einen seitlichen Zopf binden und am oberen Ende eine L".utf8) + [0xC3, 0xBC] + Array("cke bilden".utf8)
        #expect(Array(intro.utf8) == introBytes)
        // Spanish ó (C3 B3).
        let body = try #require(try Files.payload("fcm-cordovapush180-legacy-request-unquoted-keys.json").json["notification"]?["body"]?.stringValue)
        let bodyBytes: [UInt8] = Array("descripci".utf8) + [0xC3, 0xB3] + Array("n hola".utf8)
        #expect(Array(body.utf8) == bodyBytes)
        // Korean: 닥터차 (U+B2E5 U+D130 U+CC28) and 산적님 상담전용.
        let sendbird = try Files.payload("sendbird-doctorcha-file-message-image-url.json").json
        let sender = try #require(sendbird["sender"]?["name"]?.stringValue)
        let senderBytes: [UInt8] = [0xEB, 0x8B, 0xA5, 0xED, 0x84, 0xB0, 0xEC, 0xB0, 0xA8]
        #expect(Array(sender.utf8) == senderBytes)
        let channel = try #require(sendbird["channel"]?["name"]?.stringValue)
        let channelBytes: [UInt8] = [
            0xEC, 0x82, 0xB0, 0xEC, 0xA0, 0x81, 0xEB, 0x8B, 0x98, 0x20, 0xEC, 0x83, 0x81, 0xEB, 0x8B, 0xB4, 0xEC, 0xA0, 0x84, 0xEC, 0x9A, 0xA9,
        ]
        #expect(Array(channel.utf8) == channelBytes)
        // `\/` decodes to "/".
        #expect(sendbird["files"]?.arrayValue?.first?["type"] == "image/jpeg")
    }

    @Test func escapesInAlertTextDecode() throws {
        let rocket = try Files.preview("rocketchat-8863-aps-alert-string-with-newline.json").content.body
        #expect(Array(rocket.utf8) == Array("cardoso".utf8) + [0x0A] + Array("ok".utf8))
        let poll = try Files.preview("fcm-rnfcm295-ios-click-from-background.json").content.body
        #expect(poll.filter { $0 == "\"" }.count == 2)
        let slash = try Files.preview("edge-rn21941-custom-dict-inside-aps-escaped-slash.json").content.body
        #expect(slash.hasSuffix("NEET/AIIMS") && !slash.contains("\\"))
    }

    @Test func idsKeepTheirTypeAndDigits() throws {
        // Discord snowflakes stay strings; Sendbird Calls' caller id is a number, the callee's a string.
        let discord = try Files.payload("discord-pr206-call-ring-voip-style.json").json
        #expect(discord["user_id"] == .string("555673936828290571"))
        let call = try Files.payload("sendbird-calls-fantoo-ios-voip-userinfo-redacted.json").json
        let payload = JSONPointer("/sendbird_call/command/payload")?.resolve(in: call)
        #expect(payload?["caller"]?["user_id"]?.numberValue?.text == "876510")
        #expect(payload?["callee"]?["user_id"] == "testerb2")
        // Telegram from_id is a number here; as an identifier it is its digits.
        #expect(try Files.payload("telegram-tdlib1599-userinfo-sender-in-alert-string.json").json["from_id"]?.identifierText == "186281")
    }

    @Test func customerIONullImageIsNoAttachment() throws {
        let preview = try Files.preview("customerio-sdk-stub-cio-delivery-null-link-image.json")
        let json = try Files.payload("customerio-sdk-stub-cio-delivery-null-link-image.json").json
        #expect(JSONPointer("/CIO/push/image")?.resolve(in: json) == JSONValue.null)
        #expect(preview.message.attachments.isEmpty)
        #expect(!preview.decisions.contains { $0.code == .attachmentURLRejected || $0.code == .attachmentRelative })
    }

    @Test func airshipAppsTypoIsADecisionNotACrash() throws {
        let payload = try Files.payload("airship-nse-tests-swift-apps-typo-url-string.json")
        #expect(payload.aps == nil)
        let preview = Preview(payload: payload)
        let noAPS = try #require(preview.decisions.first { $0.code == .noAPS })
        #expect(noAPS.code.rawValue == "no-aps")
        #expect(noAPS.message.contains("\"apps\""))
        #expect(!preview.extensionWillRun)
        // The media attachment URL is a placeholder, so there is no attachment.
        #expect(preview.message.attachments.isEmpty)
    }
}
