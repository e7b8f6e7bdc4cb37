import Foundation
import HeraldCore
import Testing

/// Each message-life option of `herald send apns`, from the dry run's payload to what
/// `herald preview` says the phone does with it: the two ends of the server and the phone agree.
@Suite("Message life: send apns --dry-run, then preview")
struct MessageLifeCommandTests {
    static let token = String(repeating: "ab", count: 32)
    static let send = ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", token, "--dry-run", "--sender-name", "Ann", "--conversation", "c1"]

    /// The dry run's payload and collapse id header (`nil` when none), and preview's JSON of that payload.
    static func sendThenPreview(_ flags: [String]) async throws -> (collapseID: String?, preview: JSONValue) {
        let sent = try await HeraldProcess.run(send + flags)
        #expect(sent.status == 0, "\(flags): \(sent.stderr)")
        let payload = try SendCommandTests.body(ofDryRun: sent.stdout)
        let collapseID = sent.stdout.components(separatedBy: "\n").first { $0.hasPrefix("apns-collapse-id: ") }.map { String($0.dropFirst(18)) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-life-\(UUID().uuidString).json")
        try Data(payload.jsonText().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let previewed = try await HeraldProcess.run(["preview", "--json", "--no-fetch", file.path])
        #expect(previewed.status == 0, "\(flags): \(previewed.stderr)")
        return (collapseID, try JSONValue(parsing: Data(previewed.stdout.utf8)))
    }

    @Test func aNewMessageIsNamedByItsIDAndDoesNothingToOthers() async throws {
        let (collapseID, preview) = try await Self.sendThenPreview(["--message-id", "m-1", "--text", "hi"])
        #expect(collapseID == "m-1")
        #expect(preview["action"] == .null)
        #expect(preview["deliversNothing"] == false)
        // HeraldApp's category, so iOS shows Reply and Mark as Read; --category names another.
        #expect(preview["content"]?["categoryIdentifier"] == "herald.message")
        #expect(try await Self.sendThenPreview(["--text", "hi", "--category", "CHAT"]).preview["content"]?["categoryIdentifier"] == "CHAT")
    }

    @Test func anEditReplacesUnderTheReplacedID() async throws {
        let (collapseID, preview) = try await Self.sendThenPreview(["--replaces", "m-1", "--text", "hi (edited)"])
        #expect(collapseID == "m-1")
        #expect(preview["action"]?.stringValue == "removes the delivered notifications of message m-1, then shows this one in their place")
        #expect(preview["content"]?["body"]?.stringValue == "hi (edited)")
    }

    @Test(arguments: [
        ("filtered", "removes the delivered notifications of messages m-1, m-2 and shows nothing (needs the filtering entitlement)", true),
        ("visible", "removes the delivered notifications of messages m-1, m-2, then shows this text in their place (retract fallback visible)", false),
    ])
    func aDeleteRemovesAndShowsWhatItsFallbackSays(fallback: String, action: String, nothing: Bool) async throws {
        let (collapseID, preview) = try await Self.sendThenPreview(["--retract", "m-1", "--retract", "m-2", "--retract-fallback", fallback])
        // Two messages: no one message id stands for both, and the guard against lost answers
        // takes the apns-id.
        #expect(collapseID?.hasPrefix("<the apns-id") == true)
        #expect(preview["action"]?.stringValue == action)
        #expect(preview["deliversNothing"]?.boolValue == nothing)
        #expect(preview["content"]?["body"]?.stringValue == (nothing ? "" : "Message deleted"))
    }

    @Test func aVisibleDeleteIsPreviewedAsPlainTextWithoutTheSendersPicture() async throws {
        let sent = try await HeraldProcess.run(Self.send + ["--retract", "m-1", "--retract-fallback", "visible"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-visible-\(UUID().uuidString).json")
        try Data(try SendCommandTests.body(ofDryRun: sent.stdout).jsonText().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let text = try await HeraldProcess.run(["preview", "--no-fetch", file.path]).stdout
        #expect(!text.contains("(A) Ann"), "\(text)")
        #expect(text.contains("  Message deleted"))
    }

    /// `--sender-handle KIND:VALUE` says what the handle is; a bare one has its kind guessed.
    @Test func theSendersHandleKindAndNamesReachThePreview() async throws {
        let (_, preview) = try await Self.sendThenPreview([
            "--text", "hi", "--sender-handle", "app:ann@example.com", "--sender-given-name", "Ann", "--sender-family-name", "Lee",
        ])
        #expect(preview["communication"]?["sender"]?["handle"] == ["value": "ann@example.com", "kind": "app"])
        #expect(preview["communication"]?["sender"]?["givenName"] == "Ann" && preview["communication"]?["sender"]?["familyName"] == "Lee")
        let (_, guessed) = try await Self.sendThenPreview(["--text", "hi", "--sender-handle", "+44 20 7946 0958"])
        #expect(guessed["communication"]?["sender"]?["handle"]?["kind"] == "phone")
        for (flag, reason) in [
            ("phnoe:+44 20 7946 0958", "\"phnoe\" is no kind; did you mean phone:?"), ("email:", "names a kind and no value"),
            ("sms:+44 20 7946 0958", "\"sms\" is no kind (phone, email or app)"), ("mailto:ann@example.com", "\"mailto\" is no kind"),
        ] {
            let refused = try await HeraldProcess.run(Self.send + ["--text", "hi", "--sender-handle", flag])
            #expect(refused.status == 2 && refused.stderr.contains(reason), "\(refused.stderr)")
        }
    }

    @Test func aFilteredDeleteThatSetsTheBadgeSaysSoInTheTextPreview() async throws {
        let sent = try await HeraldProcess.run(Self.send + ["--retract", "m-1", "--retract-fallback", "filtered", "--badge", "3"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-filtered-\(UUID().uuidString).json")
        try Data(try SendCommandTests.body(ofDryRun: sent.stdout).jsonText().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let text = try await HeraldProcess.run(["preview", "--no-fetch", file.path]).stdout
        #expect(text.contains("  (nothing: empty content, which iOS does not show; the app icon's badge becomes 3)"), "\(text)")
    }

    @Test func aBackgroundReadElsewhereIsTheAppsToHandle() async throws {
        let (_, preview) = try await Self.sendThenPreview([
            "--clear-conversation", "c1", "--retract-fallback", "background", "--push-type", "background", "--priority", "5",
        ])
        #expect(preview["extensionWillRun"] == false)
        #expect(
            preview["action"]?.stringValue
                == "the app removes the delivered notifications of conversation c1 itself when iOS wakes it (a background push: best-effort, throttled by iOS)")
    }

    @Test func aBadgeIncrementTravelsInTheCommunicationBlock() async throws {
        let sent = try await HeraldProcess.run(Self.send + ["--text", "hi", "--badge-increment", "2"])
        #expect(sent.status == 0)
        #expect(try SendCommandTests.body(ofDryRun: sent.stdout)["communication"]?["badge_increment"] == 2)
        let (_, preview) = try await Self.sendThenPreview(["--text", "hi", "--badge-increment", "2"])
        let decisions = preview["decisions"]?.arrayValue?.compactMap { $0["code"]?.stringValue } ?? []
        #expect(decisions.contains("badge-not-counted"))  // A preview keeps no count; the phone does.
    }

    @Test(arguments: [
        (["--text", "hi", "--badge-increment", "0"], "--badge-increment 0 does not count: it is not a whole number above 0"),
        (["--replaces", "m-1", "--text", "hi", "--badge-increment", "1"], "--badge-increment 1 does not count: an edit keeps the count of the message it replaces"),
        (["--text", "hi", "--badge-increment", "1", "--badge", "3"], "--badge and --badge-increment"),
        (["--retract", "m-1", "--retract-fallback", "filtered", "--badge-increment", "1"], "--badge-increment 1 does not count: a retraction counts down by what it removes"),
        (["--text", "hi", "--badge=-1"], "--badge must be 0 or more"),
        (["--text", "hi", "--badge", "-1"], "--badge must be 0 or more"),
        (["--text", "hi", "--badge-increment", "-2"], "--badge-increment -2 does not count"),
        (["--text", "hi", "--badge", "abc"], "--badge"),
    ])
    func badBadgesAreRefusedWithAClearError(flags: [String], error: String) async throws {
        let result = try await HeraldProcess.run(Self.send + flags)
        #expect(result.status != 0)
        #expect(result.stderr.contains(error), "\(result.stderr)")
    }

    @Test func aOneSignalDeleteBecomesAPayloadThatRemovesAndShowsNothing() async throws {
        let sent = try await HeraldProcess.run([
            "send", "onesignal", "--app-id", "app-1", "--external-id", "u-1", "--dry-run", "--sender-name", "Ann", "--conversation", "c1",
            "--retract", "m-1", "--retract-fallback", "filtered",
        ])
        #expect(sent.status == 0, "\(sent.stderr)")
        let body = try SendCommandTests.body(ofDryRun: sent.stdout)
        #expect(body["mutable_content"] == true)
        // herald preview converts OneSignal's request body into the payload the phone receives.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-onesignal-\(UUID().uuidString).json")
        try Data(body.jsonText().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let previewed = try await HeraldProcess.run(["preview", "--json", "--no-fetch", file.path])
        let preview = try JSONValue(parsing: Data(previewed.stdout.utf8))
        #expect(preview["action"]?.stringValue == "removes the delivered notifications of message m-1 and shows nothing (needs the filtering entitlement)")
        #expect(preview["deliversNothing"] == true)
    }

    @Test func aOneSignalRetractionThatOneSignalCannotSendIsRefused() async throws {
        let base = ["send", "onesignal", "--app-id", "app-1", "--external-id", "u-1", "--dry-run", "--retract", "m-1"]
        let background = try await HeraldProcess.run(base + ["--retract-fallback", "background"])
        #expect(background.status != 0)
        #expect(background.stderr.contains("send it with send apns --push-type background"))
        let none = try await HeraldProcess.run(base)
        #expect(none.status != 0)
        #expect(none.stderr.contains("need --retract-fallback filtered or visible"))
    }

    /// A payload file's retraction is held to the same rule as one built from flags.
    @Test(arguments: [
        ([:], ["--retract-fallback", "background"], "which is a background push: add --push-type background"),
        (["retract_fallback": "visible"], ["--retract-fallback", "filtered"], "says retract_fallback visible, but --retract-fallback says filtered"),
        (["retract_fallback": "background"], [], "which is a background push: add --push-type background"),
        ([:], [], "does not say how the app shows nothing"),
    ] as [([String: JSONValue], [String], String)])
    func aPayloadFilesRetractionMustBeThePushItsFallbackNeeds(block: [String: JSONValue], flags: [String], error: String) async throws {
        var communication: [String: JSONValue] = ["sender_name": "Ann", "retracts": ["m-1"]]
        communication.merge(block) { $1 }
        let payload: JSONValue = ["aps": ["alert": ["body": "Message deleted"], "mutable-content": 1], "communication": .object(communication)]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-retract-\(UUID().uuidString).json")
        try Data(payload.jsonText().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let base = ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run"]
        let refused = try await HeraldProcess.run(base + flags + [file.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains(error), "\(refused.stderr)")
        // With the fallback the file lacks, or its own, an alert push for filtered is sent.
        if block.isEmpty {
            let sent = try await HeraldProcess.run(base + ["--retract-fallback", "filtered", file.path])
            #expect(sent.status == 0, "\(sent.stderr)")
        }
    }

    @Test func pushesHeraldBuildsWithoutASenderLintClean() async throws {
        for flags in [["--retract", "m-1", "--retract-fallback", "filtered"], ["--text", "hi", "--badge-increment", "1"]] {
            let sent = try await HeraldProcess.run(
                ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run"] + flags)
            let payload = try SendCommandTests.body(ofDryRun: sent.stdout)
            let linted = try await HeraldProcess.run(["lint", "-"], stdin: Data(payload.jsonText().utf8))
            #expect(!linted.stdout.contains("communication-without-sender-name"), "\(flags): \(linted.stdout)")
            #expect(linted.status == 0, "\(flags): \(linted.stdout)")
        }
        // A block written for a person still needs its name.
        let person: JSONValue = ["aps": ["alert": ["body": "hi"], "mutable-content": 1], "communication": ["conversation_id": "c1", "message_id": "m-1"]]
        let linted = try await HeraldProcess.run(["lint", "-"], stdin: Data(person.jsonText().utf8))
        #expect(linted.stdout.contains("communication-without-sender-name"))
    }

    @Test func aBadgeIsTheCountPreviewShows() async throws {
        let (_, preview) = try await Self.sendThenPreview(["--text", "hi", "--badge", "7"])
        #expect(preview["content"]?["badge"] == 7)
    }
}
