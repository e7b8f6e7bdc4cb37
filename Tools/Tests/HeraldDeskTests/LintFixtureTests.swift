import Foundation
import HeraldCore
import HeraldDesk
import Testing

/// Lint against the real payloads in the repository's `Tests/HeraldCoreTests/Fixtures/payloads`
/// (see its INDEX.md), the corpus HeraldCoreTests parses and previews. Every expected rule was
/// read from INDEX.md or from the fixture text, never from Herald's output.
@Suite("Lint on the payload fixtures")
struct LintFixtureTests {
    enum Files {
        /// The fixture folder, found from this file: the package sits one level below the
        /// repository root.
        static let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/HeraldCoreTests/Fixtures/payloads")

        static func names(endingWith suffix: String) -> [String] {
            let all = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return all.filter { $0.hasSuffix(suffix) }.sorted()
        }

        static let jsonNames = names(endingWith: ".json")
        static let rawNames = names(endingWith: ".raw.txt")

        static func payload(_ name: String) throws -> Payload {
            try Payload(data: Data(contentsOf: directory.appendingPathComponent(name)))
        }
    }

    @Test func theCorpusIsPresent() {
        // INDEX.md lists 83 payloads, 16 with a .raw.txt original; a wrong folder would make
        // every table below silently empty.
        #expect(Files.jsonNames.count == 83)
        #expect(Files.rawNames.count == 16)
    }

    @Test(arguments: Files.jsonNames)
    func everyJSONFixtureLintsWithoutAParseErrorAndNoAPSOnlyWhenAPSIsMissing(_ name: String) throws {
        let payload = try Files.payload(name)
        let findings = Linter.lint(payload, preview: Preview(payload: payload))
        #expect(!findings.contains { $0.rule == .invalidJSON })
        #expect((payload.aps == nil) == findings.contains { $0.rule == .noAPS })
    }

    @Test(arguments: Files.rawNames)
    func aMalformedOriginalIsOneFindingThatSaysWhere(_ name: String) throws {
        let data = try Data(contentsOf: Files.directory.appendingPathComponent(name))
        let error = try #require(throws: JSONParseError.self) { try Payload(data: data) }
        // The positions themselves are counted by hand in HeraldCoreTests' FixtureTests.
        #expect(Linter.finding(for: error).message.contains("line \(error.line), column \(error.column)"))
        #expect(Linter.finding(for: error).rule == .invalidJSON)
    }

    @Test func anEmptyAvatarURLIsNoLintError() throws {
        let layout = try Layout(definitionData: Data(#"{"communication": {"senderName": ["/sendbird_call/command/payload/caller/nickname"], "senderAvatarURL": ["/sendbird_call/command/payload/caller/profile_url"]}}"#.utf8))
        let payload = try Files.payload("sendbird-calls-fantoo-ios-voip-userinfo-redacted.json")
        let preview = Preview(payload: payload, layout: layout)
        #expect(preview.message.sender?.avatarURL == nil)
        #expect(!Linter.lint(payload, preview: preview).contains { $0.rule == .avatarURL && $0.severity == .error })
    }

    @Test func theAirshipAppsTypoIsNoAPSAndSaysSo() throws {
        let payload = try Files.payload("airship-nse-tests-swift-apps-typo-url-string.json")
        let lint = Linter.lint(payload, preview: Preview(payload: payload))
        #expect(lint.contains { $0.rule == .noAPS && $0.message.contains("\"apps\"") })
    }


    static let serverRequestBodies = [
        "customerio-android172-fcm-v1-emoji-title-image.json",
        "customerio-flutter100-fcm-v1-apns-cio-push-image.json",
        "customerio-flutter100-fcm-v1-notification-image-trailing-comma.json",
        "expo-docs-fcm-legacy-data-message.json",
        "fcm-cordovapush180-legacy-request-unquoted-keys.json",
        "fcm-phonegap1347-legacy-request-badge-string-mediaurl.json",
        "fcm-rnfirebase2432-legacy-request-smart-quotes.json",
        "onesignal-phpsdk8-rest-body-include-player-ids-data.json",
        "onesignal-rn364-rest-body-data-buttons-comments.json",
        "pubnub-docs-pn-apns-http2-pn-push.json",
        "pubnub-docs-pn-apns-legacy-pn-other.json",
        "pusher-beams-node40-publish-request-imageurl.json",
        "streamchat-docs-v3-default-template-unquoted-badge.json",
        "mattermost-pushproxy-swagger-update-badge.json",
        "edge-salesforce-chatter-payload-as-single-quoted-string.json",
    ]

    static let devicePayloads = [
        "onesignal-cordova536-rawpayload-thread-id-additional-data.json",
        "pusher-beams-node40-userinfo-data-lost.json",
        "parse-pushadapter38-mutable-content-outside-aps.json",
        "fcm-rnfcm295-ios-click-from-background.json",
        "telegram-tdlib1599-userinfo-sender-in-alert-string.json",
        "sendbird-calls-fantoo-ios-voip-userinfo-redacted.json",
    ]

    @Test func lintTellsServerRequestBodiesFromDevicePayloads() throws {
        func isRequest(_ file: String) throws -> Bool {
            let payload = try Files.payload(file)
            return Linter.lint(payload, preview: Preview(payload: payload)).contains { $0.rule == .serverRequestBody }
        }
        for file in Self.serverRequestBodies {
            #expect(try isRequest(file), "\(file)")
        }
        for file in Self.devicePayloads {
            #expect(try !isRequest(file), "\(file)")
        }
    }

    static let lintRules: [(file: String, rule: String)] = [
        // mutable-content at the top level, not inside aps.
        ("parse-pushadapter38-mutable-content-outside-aps.json", "no-mutable-content"),
        // Custom keys inside aps.
        ("edge-rn12570-custom-key-inside-aps-missing-comma.json", "custom-key-in-aps"),
        ("edge-rn21941-custom-dict-inside-aps-escaped-slash.json", "custom-key-in-aps"),
        ("onesignal-ios-unittests-os-data-content-available-underscore.json", "custom-key-in-aps"),
        ("homeassistant-pushserver-command-contentavailable-camelcase.json", "custom-key-in-aps"),
        // mutable-content true (a boolean) instead of 1.
        ("homeassistant-pushserver-group-thread-id.json", "mutable-content-type"),
        // The typo `apps` leaves the payload without aps.
        ("airship-nse-tests-swift-apps-typo-url-string.json", "no-aps"),
    ]

    @Test(arguments: lintRules)
    func lintFindsTheFixturesKnownProblem(_ file: String, _ rule: String) throws {
        let payload = try Files.payload(file)
        #expect(Linter.lint(payload, preview: Preview(payload: payload)).contains { $0.rule.id == rule })
    }

}
