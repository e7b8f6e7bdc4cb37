import Foundation
import HeraldCore
import HeraldDesk
import Testing

@Suite("herald preview")
struct PreviewCommandTests {
    @Test func bundledExampleFollowsTheContract() async throws {
        let result = try await HeraldProcess.run(["preview", "--json", "--no-fetch", HeraldProcess.path("Examples/onesignal-group-message.json")])
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.stdout)
        // Expected values are the example file's own fields.
        #expect(json["layout"] == "onesignal")
        #expect(json["extensionWillRun"] == true)
        #expect(json["content"] == [
            "title": "Maya Lindqvist", "subtitle": "Weekend climbing 🧗", "body": "Rope is packed. Who's bringing the chalk? ✨",
            "threadIdentifier": "conv-8c2f1e", "categoryIdentifier": "", "badge": 3, "interruptionLevel": "time-sensitive",
            "relevanceScore": 0.8, "sound": ["name": "default", "critical": false, "volume": nil],
        ])
        #expect(json["communication"] == [
            "sender": [
                "identifier": "user-1842", "displayName": "Maya Lindqvist",
                "avatarURL": "https://cdn.example.com/avatars/user-1842.jpg",
                "handle": ["value": "maya@example.com", "kind": "email"], "givenName": nil, "familyName": nil,
                // --no-fetch: nothing downloaded, and the preview says so.
                "avatar": ["status": "skipped", "bytes": 0, "format": nil, "width": nil, "height": nil, "needsDownsampling": false],
            ],
            "conversationIdentifier": "conv-8c2f1e", "groupName": "Weekend climbing 🧗", "groupAvatarURL": nil, "groupAvatar": nil,
            "recipients": ["user-2210", "user-3307", "user-4051"],
            // Three recipients: nothing to pad; --no-fetch: no picture for the group line.
            "intent": [
                "recipients": [
                    ["identifier": "user-2210", "placeholder": false], ["identifier": "user-3307", "placeholder": false],
                    ["identifier": "user-4051", "placeholder": false],
                ],
                "recipientCount": 3, "groupImage": nil,
                // An email handle, and no contact map on a desk.
                "senderMatch": ["path": "email-handle", "contactIdentifier": nil],
            ],
            "mentionsCurrentUser": true, "isReplyToCurrentUser": false,
        ])
        #expect(json["attachments"] == [[
            "url": "https://cdn.example.com/media/crag-sunrise.jpg", "kind": "image", "declaredType": nil,
            "status": "skipped", "bytes": 0, "file": nil,
        ]])
        #expect(json["elapsedMilliseconds"]?.numberValue?.intValue != nil)
        #expect(json["decisions"]?.arrayValue?.first?["code"] == "layout-detected")
        #expect(json["lint"] == [])
    }

    @Test func aGroupWithOneRecipientIsPaddedInThePreviewAsOnThePhone() async throws {
        let payload = #"{"aps":{"alert":{"title":"Maya","body":"Rope?"},"mutable-content":1},"communication":{"sender_name":"Maya","sender_id":"u1","conversation_id":"c1","group_name":"Team","recipients":["u2"]}}"#
        let json = try await HeraldProcess.run(["preview", "--json", "--no-fetch", "-"], stdin: Data(payload.utf8))
        #expect(json.status == 0, "\(json.stderr)")
        let report = try JSONValue(parsing: json.stdout)
        // The extension's default GroupPadding is both: a placeholder up to two, and a count of two.
        #expect(report["communication"]?["intent"] == [
            "recipients": [["identifier": "u2", "placeholder": false], ["identifier": "herald.placeholder.1", "placeholder": true]],
            "recipientCount": 2, "groupImage": nil, "senderMatch": ["path": "app-id-only", "contactIdentifier": nil],
        ])
        #expect(report["decisions"]?.arrayValue?.contains { $0["code"] == "group-padded" } == true)
        let text = try await HeraldProcess.run(["preview", "--no-fetch", "-"], stdin: Data(payload.utf8))
        #expect(text.stdout.contains("Recipients: u2, herald.placeholder.1 (placeholder); recipient count 2"), "\(text.stdout)")
        #expect(text.stdout.contains("group-padded"), "\(text.stdout)")
        #expect(text.stdout.contains("Focus:      app id only: Focus will not recognise this sender"), "\(text.stdout)")
        #expect(text.stdout.contains("sender-without-handle: the sender has no handle"), "\(text.stdout)")
    }

    static let fixtures: [String] = {
        let directory = HeraldProcess.root.appendingPathComponent("Tests/HeraldCoreTests/Fixtures/payloads")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0).path }
    }()

    @Test func fixturesAreFound() {
        #expect(Self.fixtures.count > 50)
    }

    @Test(arguments: fixtures)
    func everyFixtureFollowsTheContract(_ file: String) async throws {
        let result = try await HeraldProcess.run(["preview", "--json", "--no-fetch", file])
        #expect(result.status == 0)
        #expect(!result.crashed)
        let json = try JSONValue(parsing: result.stdout)
        let top = try #require(json.objectValue)
        #expect(Set(top.keys).isSuperset(of: ["layout", "extensionWillRun", "content", "communication", "attachments", "decisions", "lint"]))
        #expect(["apns", "fcm", "onesignal", "notifee", "expo"].contains(json["layout"]?.stringValue ?? ""))
        #expect(json["extensionWillRun"]?.boolValue != nil)
        let content = try #require(json["content"]?.objectValue)
        for key in ["title", "subtitle", "body", "threadIdentifier", "categoryIdentifier"] {
            #expect(content[key]?.stringValue != nil, "content.\(key)")
        }
        #expect(content["badge"] == .null || content["badge"]?.numberValue?.intValue != nil)
        #expect(content["interruptionLevel"] == .null || content["interruptionLevel"]?.stringValue != nil)
        switch json["communication"] {
        case .null?:
            break
        case .object(let communication)?:
            let sender = try #require(communication["sender"]?.objectValue)
            let displayName = sender["displayName"]?.stringValue ?? ""
            #expect(!displayName.isEmpty)
            #expect(sender["identifier"] == .null || !(sender["identifier"]?.stringValue ?? "").isEmpty)
            if let avatar = sender["avatarURL"]?.stringValue {
                #expect(avatar.hasPrefix("https://") || avatar.hasPrefix("http://"))
            } else {
                #expect(sender["avatarURL"] == .null)
            }
            #expect(communication["recipients"]?.arrayValue?.allSatisfy { $0.stringValue != nil } == true)
        default:
            Issue.record("communication is neither null nor an object")
        }
        for attachment in json["attachments"]?.arrayValue ?? [] {
            #expect(attachment["url"]?.stringValue != nil)
            #expect(["image", "audio", "movie", "unknown"].contains(attachment["kind"]?.stringValue ?? ""))
        }
        for decision in json["decisions"]?.arrayValue ?? [] {
            #expect(decision["code"]?.stringValue != nil && decision["message"]?.stringValue != nil)
        }
        for finding in json["lint"]?.arrayValue ?? [] {
            #expect(["error", "warning", "info"].contains(finding["severity"]?.stringValue ?? ""))
            #expect(LintRule.all.map(\.id).contains(finding["rule"]?.stringValue ?? ""))
        }
    }

    @Test func humanOutputShowsTheNotification() async throws {
        let result = try await HeraldProcess.run(["preview", "--no-fetch", HeraldProcess.path("Examples/onesignal-group-message.json")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Maya Lindqvist · Weekend climbing 🧗"))
        #expect(result.stdout.contains("Rope is packed. Who's bringing the chalk? ✨"))
        #expect(result.stdout.contains("image https://cdn.example.com/media/crag-sunrise.jpg [skipped]"))
        #expect(result.stdout.contains("Avatar:     skipped (avatar not fetched: fetching is turned off)"))
        #expect(result.stdout.contains("Focus:      email handle: Contacts matches the address"), "\(result.stdout)")
        // No picture fetched: the extension draws the group's initials (a trailing emoji is passed over).
        #expect(result.stdout.contains("  (WC) Maya Lindqvist · Weekend climbing 🧗"), "\(result.stdout)")
        #expect(result.stdout.contains("the sender has no picture (it was not fetched): the extension draws their initials, \"ML\""), "\(result.stdout)")
        #expect(result.stdout.contains("Lint:       no problems"))
        #expect(result.stdout.hasSuffix("ms (every step done).\n"), "\(result.stdout)")
    }

    @Test(arguments: [
        (#"{"critical": 1, "name": "default", "volume": 0.2}"#, "sound default (critical, volume 0.2)"),
        (#"{"critical": 1, "name": "alarm.caf", "volume": 3}"#, "sound alarm.caf (critical, volume 1.0)"),
        (#"{"critical": 1, "name": "default"}"#, "sound default (critical)"),
    ])
    func criticalSoundShowsTheVolumeThePhonePlays(sound: String, shown: String) async throws {
        let payload = #"{"aps":{"alert":"hi","mutable-content":1,"sound":"# + sound + "}}"
        let result = try await HeraldProcess.run(["preview", "--no-fetch", "-"], stdin: Data(payload.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains(shown), "\(result.stdout)")
    }

    @Test func readsStandardInput() async throws {
        let payload = #"{"aps":{"alert":"hi","mutable-content":1},"communication":{"sender_name":"Ann"}}"#
        let result = try await HeraldProcess.run(["preview", "--json", "--no-fetch", "-"], stdin: Data(payload.utf8))
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.stdout)
        #expect(json["communication"]?["sender"]?["displayName"] == "Ann")
        #expect(json["content"]?["body"] == "hi")
    }

    @Test func customLayoutFileAndForcedLayout() async throws {
        let zulip = try await HeraldProcess.run([
            "preview", "--json", "--no-fetch", "--layout-file", HeraldProcess.path("Examples/layouts/zulip.json"),
            HeraldProcess.path("Examples/zulip-stream-message.json"),
        ])
        #expect(zulip.status == 0)
        let json = try JSONValue(parsing: zulip.stdout)
        #expect(json["layout"] == "zulip")
        #expect(json["communication"]?["sender"]?["displayName"] == "Aaron Smith")
        #expect(json["communication"]?["groupName"] == "design")

        let forced = try await HeraldProcess.run(["preview", "--json", "--no-fetch", "--layout", "fcm", HeraldProcess.path("Examples/onesignal-group-message.json")])
        let forcedJSON = try JSONValue(parsing: forced.stdout)
        #expect(forcedJSON["layout"] == "fcm")
        // FCM reads top-level keys, and the example keeps its data in custom.a: no sender.
        #expect(forcedJSON["communication"] == .null)
    }

    @Test func malformedPayloadGivesLineAndColumnAndExitOne() async throws {
        let raw = HeraldProcess.path("Tests/HeraldCoreTests/Fixtures/payloads/apple-interruption-level-djangopush708-missing-comma.raw.txt")
        let result = try await HeraldProcess.run(["preview", raw])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not valid JSON at line "))
        #expect(result.stdout.isEmpty)

        let json = try await HeraldProcess.run(["preview", "--json", raw])
        #expect(json.status == 1)
        let object = try JSONValue(parsing: json.stdout)
        #expect(object["error"]?["code"] == "invalid-json")
        #expect(object["error"]?["line"]?.numberValue != nil)
    }

    @Test(arguments: [
        Data(), Data([0xFF, 0x00, 0xFE]), Data("{{{{".utf8), Data(String(repeating: "[", count: 200_000).utf8), Data("null".utf8),
        Data("[1,2]".utf8), Data("\"aps\"".utf8), Data(#"{"aps": {"alert": {"title": 1, "body": []}, "badge": {}, "sound": 5}}"#.utf8),
    ])
    func brokenInputNeverCrashes(_ input: Data) async throws {
        let result = try await HeraldProcess.run(["preview", "--no-fetch", "-"], stdin: input)
        #expect(!result.crashed)
        #expect([0, 1].contains(result.status))
        #expect(!result.stderr.contains("Stack dump") && !result.stderr.contains("Fatal error"))
    }

    @Test func usageErrorsExitTwo() async throws {
        for arguments in [
            ["preview"], ["preview", "--layout", "nope", "x.json"], ["preview", "/no/such/file.json"],
            ["preview", "--layout", "fcm", "--layout-file", "l.json", "x.json"], ["preview", "--bogus", "x.json"],
            ["preview", HeraldProcess.path("Examples")],
        ] {
            let result = try await HeraldProcess.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(!result.stderr.isEmpty, "\(arguments)")
        }
    }

    @Test func invalidLayoutFileNamesTheProblem() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("herald-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let layout = directory.appendingPathComponent("layout.json")
        try Data(#"{"communication": {"senderNmae": ["/x"]}}"#.utf8).write(to: layout)
        let result = try await HeraldProcess.run(["preview", "--layout-file", layout.path, HeraldProcess.path("Examples/onesignal-group-message.json")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("communication.senderNmae"))
    }
}
