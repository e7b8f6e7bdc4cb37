import Foundation
import HeraldCore
import Testing

@Suite("herald send (offline)")
struct SendCommandTests {
    static let token = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90"
    static let messageFlags = [
        "--sender-name", "Maya Lindqvist", "--sender-id", "user-1842", "--text", "Rope is packed.", "--conversation", "conv-8c2f1e",
        "--group", "Weekend climbing", "--group-avatar-url", "https://cdn.example.com/g/8c2f1e.png", "--recipient", "user-2210",
        "--recipient", "user-3307",
    ]

    /// The JSON body a dry run printed: the lines between the first `{` line and the matching `}`.
    static func body(ofDryRun output: String) throws -> JSONValue {
        let lines = output.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "{"))
        let end = try #require(lines.lastIndex(of: "}"))
        return try JSONValue(parsing: lines[start...end].joined(separator: "\n"))
    }

    @Test func anAPNsDryRunShowsTheRequestAndAPayloadTheExtensionReadsBack() async throws {
        let result = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run"] + Self.messageFlags)
        #expect(result.status == 0)
        #expect(result.stdout.contains("POST https://api.sandbox.push.apple.com/3/device/\(Self.token)"))
        #expect(result.stdout.contains("apns-push-type: alert"))
        #expect(result.stdout.contains("apns-topic: com.example.chat"))
        #expect(result.stdout.contains("<ES256 provider token, not shown>"))
        let preview = Preview(payload: Payload(json: try Self.body(ofDryRun: result.stdout)))
        #expect(preview.extensionWillRun)
        #expect(preview.message.sender?.displayName == "Maya Lindqvist")
        #expect(preview.message.conversationIdentifier == "conv-8c2f1e")
        #expect(preview.message.groupName == "Weekend climbing")
        #expect(preview.message.groupAvatarURL == URL(string: "https://cdn.example.com/g/8c2f1e.png"))
        #expect(preview.message.recipients == ["user-2210", "user-3307"])
        #expect(preview.content.body == "Rope is packed.")
    }

    @Test func aTokensFileIsReadLineByLineSkippingCommentsAndBlankLines() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-tokens-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let second = String(repeating: "0f", count: 32)
        // CRLF line ends, a comment, blank and whitespace-only lines, an indented token in
        // upper case, and a repeat.
        let text = "# staging devices\r\n\r\n   \n\(Self.token)\r\n\t\(second.uppercased())  \n\(Self.token)\n#\(second)"
        try Data(text.utf8).write(to: file)
        let result = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--tokens-file", file.path, "--dry-run", "--text", "hi"])
        #expect(result.status == 0)
        let posts = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("POST ") }
        #expect(posts == [
            "POST https://api.sandbox.push.apple.com/3/device/\(Self.token)",
            "POST https://api.sandbox.push.apple.com/3/device/\(second)",
        ])
        #expect(result.stderr.contains("1 repeated device token is sent once"))
    }

    @Test func aTokensFileIsReadInChunksWithoutLosingALineAtTheirEdges() async throws {
        // 5,000 tokens of 65 bytes a line: 325 KB, read 64 KiB at a time, so lines straddle
        // five chunk edges; every 100th token repeats an earlier one; the last line has no end.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-tokens-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let tokens = (1...5000).map { n in String(format: "%064x", n % 100 == 0 ? n - 1 : n) }
        try Data(tokens.joined(separator: "\n").utf8).write(to: file)
        let result = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--tokens-file", file.path, "--dry-run", "--text", "hi"])
        #expect(result.status == 0)
        let sent = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("POST ") }.map { String($0.suffix(64)) }
        var seen = Set<String>()
        #expect(sent == tokens.filter { seen.insert($0).inserted })
        #expect(sent.count == 4950)
        #expect(result.stderr.contains("50 repeated device tokens are sent once"))
    }

    @Test func aLineThatIsNotHexIsNeverTakenForARepeatOfATokenWithTheSameBytes() async throws {
        // Token 78797a is the bytes of "xyz": repeats are told apart by a digest of a token's
        // bytes or of a line's text, so only the second 78797a is a repeat.
        let result = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--tokens-file", "-", "--dry-run", "--text", "hi"],
            stdin: Data("78797a\nxyz\n78797a\n".utf8))
        #expect(result.status == 0)
        let posts = result.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("POST ") }
        #expect(posts.count == 2 && posts.last?.contains("/3/device/xyz ") == true, "\(posts)")
        #expect(result.stderr.contains("1 repeated device token is sent once"))
    }

    @Test func anEmptyTokensFileIsAUsageError() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-tokens-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        try Data("# nothing yet\n\n".utf8).write(to: file)
        let result = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--tokens-file", file.path, "--dry-run", "--text", "hi"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no device tokens"))
    }

    @Test func aRequestBodyIsNotSentAsAPayloadAndLintErrorsAreSaid() async throws {
        let request = HeraldProcess.path("Examples/onesignal-request.json")
        let refused = try await HeraldProcess.run(["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", request])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("onesignal-request.json is a request body for the OneSignal REST API, not what the phone receives"))
        #expect(refused.stderr.contains("herald convert"))
        let unnamed = Data(#"{"aps": {"alert": "hi", "mutable-content": 1}, "communication": {"text": "x"}}"#.utf8)
        let warned = try await HeraldProcess.run(["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", "-"], stdin: unnamed)
        #expect(warned.status == 0)
        #expect(warned.stderr.contains("warning: standard input: communication-without-sender-name:"), "\(warned.stderr)")
        #expect(warned.stdout.contains(#""communication""#))
    }

    @Test func aPrettyPrintedPayloadIsSentAsLargeAsLintMeasuresIt() async throws {
        // About 4000 bytes compact, over 4096 as indented: lint passes it, so send must too.
        let text = #"He said \"hi\"  twice,\n  then  left."# + String(repeating: "x", count: 3900)
        let payload: JSONValue = ["aps": ["alert": ["title": "Maya", "body": .string(text)], "mutable-content": 1], "communication": ["sender_name": "Maya", "sender_handle": "+15550100"]]
        let pretty = Data(payload.jsonText(.pretty).replacingOccurrences(of: "\n", with: "\n        ").utf8)
        #expect(pretty.count > 4096)
        let lint = try await HeraldProcess.run(["lint", "-"], stdin: pretty)
        #expect(lint.stdout.contains("no problems"), "\(lint.stdout)")
        let sent = try await HeraldProcess.run(["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", "-"], stdin: pretty)
        #expect(sent.status == 0, "\(sent.stderr)")
        let size = try #require(sent.stdout.components(separatedBy: "Dry run: 1 notification of ").last?.split(separator: " ").first.flatMap { Int($0) })
        #expect(size < 4096 && size == payload.encoded().count, "only the white space between tokens went")
        #expect(try Self.body(ofDryRun: sent.stdout) == payload)
    }

    @Test func aSealedMessageOpensInPreviewWithTheSameKeysFile() async throws {
        let keys = HeraldProcess.path("Examples/keys/demo-keys.json")
        let sent = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", "--seal-keys", keys, "--seal-key-id", "demo-2026-11",
             "--sender-name", "Noor Haddad", "--text", "The door code changed: 4471."])
        #expect(sent.status == 0, "\(sent.stderr)")
        let body = try Self.body(ofDryRun: sent.stdout)
        #expect(!body.jsonText().contains("4471"), "sealed: the text travels encrypted")
        let opened = try await HeraldProcess.run(["preview", "--json", "--no-fetch", "--decryption-keys", keys, "-"], stdin: body.encoded())
        let shown = try JSONValue(parsing: opened.stdout)
        #expect(shown["content"]?["body"] == "The door code changed: 4471.")
        #expect(shown["communication"]?["sender"]?["displayName"] == "Noor Haddad")
    }

    /// The collapse id is the id of the message the notification stands for: an edit's is the
    /// replaced message's; `--collapse-id` wins; a sealed message's id never goes in the clear; a
    /// payload file's `message_id` gives it too.
    @Test func theCollapseIDComesFromTheMessageID() async throws {
        let send = ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", "--sender-name", "Maya", "--text", "hi"]
        func collapseID(_ result: HeraldProcess.Result) -> String? {
            result.stdout.components(separatedBy: "\n").first { $0.hasPrefix("apns-collapse-id: ") }.map { String($0.dropFirst(18)) }
        }
        let own = try await HeraldProcess.run(send + ["--message-id", "m-2"])
        #expect(own.status == 0 && collapseID(own) == "m-2", "\(own.stderr)")
        let edit = try await HeraldProcess.run(send + ["--message-id", "m-2", "--replaces", "m-1"])
        #expect(collapseID(edit) == "m-1")
        let body = try Self.body(ofDryRun: edit.stdout)
        #expect(body["communication"]?["message_id"] == "m-2" && body["communication"]?["replaces"] == "m-1")
        let chosen = try await HeraldProcess.run(send + ["--message-id", "m-2", "--collapse-id", "other"])
        #expect(collapseID(chosen) == "other")
        let keys = HeraldProcess.path("Examples/keys/demo-keys.json")
        let sealed = try await HeraldProcess.run(send + ["--message-id", "m-2", "--seal-keys", keys, "--seal-key-id", "demo-2026-11"])
        // Sealed: only the resend guard's own collapse id (the apns-id), never the message's.
        #expect(sealed.status == 0 && collapseID(sealed)?.hasPrefix("<the apns-id") == true && !sealed.stdout.contains("m-2"), "\(sealed.stdout)")
        let file = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", "-"],
            stdin: Data(#"{"aps": {"alert": "hi", "mutable-content": 1}, "communication": {"sender_name": "Maya", "message_id": "m-7"}}"#.utf8))
        #expect(collapseID(file) == "m-7", "\(file.stdout)")
        let long = try await HeraldProcess.run(send + ["--message-id", String(repeating: "m", count: 65)])
        #expect(long.status == 2 && long.stderr.contains("--message-id mmmmmmmmmmmmmmmm… is 65 bytes; at most 64, as it may be sent as the collapse id"), "\(long.stderr)")
        // Every id flag, in every command that builds a message, says which flag it is.
        let replaces = try await HeraldProcess.run(["send", "onesignal", "--app-id", "a", "--external-id", "u", "--dry-run", "--text", "x", "--replaces", String(repeating: "r", count: 70)])
        #expect(replaces.status == 2 && replaces.stderr.contains("--replaces rrrrrrrrrrrrrrrr… is 70 bytes; at most 64"), "\(replaces.stderr)")
    }

    /// A retraction needs the app's fallback, and is the push that fallback needs.
    @Test func aRetractionSaysHowTheAppShowsNothing() async throws {
        let send = ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run"]
        let missing = try await HeraldProcess.run(send + ["--retract", "m-1"])
        #expect(missing.status == 64 || missing.status == 2)
        #expect(missing.stderr.contains("need --retract-fallback filtered, visible or background"), "\(missing.stderr)")
        let misspelt = try await HeraldProcess.run(send + ["--retract", "m-1", "--retract-fallback", "filterd"])
        #expect(misspelt.stderr.contains("did you mean filtered?"), "\(misspelt.stderr)")
        let visible = try await HeraldProcess.run(send + ["--retract", "m-1", "--retract-fallback", "visible"])
        #expect(visible.status == 0, "\(visible.stderr)")
        let body = try Self.body(ofDryRun: visible.stdout)
        #expect(body["aps"]?["alert"]?["body"] == "Message deleted" && body["communication"]?["retracts"] == ["m-1"])
        #expect(visible.stdout.contains("apns-collapse-id: m-1"))
        let alertForBackground = try await HeraldProcess.run(send + ["--retract", "m-1", "--retract-fallback", "background"])
        #expect(alertForBackground.stderr.contains("add --push-type background"), "\(alertForBackground.stderr)")
        let background = try await HeraldProcess.run(
            send + ["--clear-conversation", "c-1", "--retract-fallback", "background", "--push-type", "background", "--priority", "5"])
        #expect(background.status == 0, "\(background.stderr)")
        #expect(try Self.body(ofDryRun: background.stdout) == ["aps": ["content-available": 1], "communication": ["clears_conversation": "c-1", "retract_fallback": "background"]])
        let two = try await HeraldProcess.run(send + ["--retract", "m-1", "--replaces", "m-2", "--retract-fallback", "visible"])
        #expect(two.stderr.contains("a push does one of them"))
        let file = try await HeraldProcess.run(
            send + ["-"], stdin: Data(#"{"aps": {"alert": "x", "mutable-content": 1}, "communication": {"retracts": "m-1"}}"#.utf8))
        #expect(file.status == 2 && file.stderr.contains("does not say how the app shows nothing"), "\(file.stderr)")
        let declared = try await HeraldProcess.run(
            send + ["--retract-fallback", "filtered", "-"], stdin: Data(#"{"aps": {"alert": "x", "mutable-content": 1}, "communication": {"retracts": "m-1"}}"#.utf8))
        #expect(declared.status == 0, "\(declared.stderr)")
    }

    @Test func aBadgeIsACountAndAnythingElseIsRefused() async throws {
        let send = ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", "--text", "hi"]
        let set = try await HeraldProcess.run(send + ["--badge", "12"])
        #expect(try Self.body(ofDryRun: set.stdout)["aps"]?["badge"] == 12)
        let negative = try await HeraldProcess.run(send + ["--badge=-1"])
        #expect(negative.status != 0 && negative.stderr.contains("--badge must be 0 or more"), "\(negative.stderr)")
        let text = try await HeraldProcess.run(send + ["--badge", "abc"])
        #expect(text.status != 0 && text.stderr.contains("'abc' is invalid for '--badge <n>'"), "\(text.stderr)")
        let oneSignal = try await HeraldProcess.run(["send", "onesignal", "--app-id", "app-1", "--external-id", "u-1", "--dry-run", "--text", "hi", "--badge", "2"])
        let body = try Self.body(ofDryRun: oneSignal.stdout)
        #expect(body["ios_badgeType"] == "SetTo" && body["ios_badgeCount"] == 2)
    }

    @Test func aOneSignalDryRunPutsTheMessageInData() async throws {
        let result = try await HeraldProcess.run(
            ["send", "onesignal", "--app-id", "app-1", "--external-id", "u-1", "--dry-run"] + Self.messageFlags)
        #expect(result.status == 0)
        let body = try Self.body(ofDryRun: result.stdout)
        #expect(body["include_aliases"] == ["external_id": ["u-1"]])
        #expect(body["target_channel"] == "push")
        #expect(body["contents"] == ["en": "Rope is packed."])
        // OneSignal delivers `data` as custom.a: the extension reads the same message there.
        let delivered: JSONValue = ["aps": ["alert": ["body": "Rope is packed."], "mutable-content": 1], "custom": ["i": "n-1", "a": try #require(body["data"])]]
        #expect(Layout.oneSignal.decode(delivered).message.sender?.displayName == "Maya Lindqvist")
        #expect(Layout.oneSignal.decode(delivered).message.groupName == "Weekend climbing")
    }

    @Test func aOneSignalTextInAnotherLanguageIsAlsoItsEnglish() async throws {
        let result = try await HeraldProcess.run(
            ["send", "onesignal", "--app-id", "app-1", "--external-id", "u-1", "--dry-run", "--text", "Seil ist gepackt.", "--title", "Maya",
             "--text-language", "de"])
        #expect(result.status == 0)
        let body = try Self.body(ofDryRun: result.stdout)
        #expect(body["contents"] == ["de": "Seil ist gepackt.", "en": "Seil ist gepackt."])
        #expect(body["headings"] == ["de": "Maya", "en": "Maya"])
    }

    @Test(arguments: [
        (["send", "apns", "--topic", "t", "--token", "ab", "--text", "x", "--dry-run"], "exactly one of --sandbox"),
        (["send", "apns", "--topic", "t", "--sandbox", "--text", "x", "--dry-run"], "--token"),
        (["send", "apns", "--topic", "t", "--sandbox", "--token", "ab", "--text", "x"], "--key-file"),
        (["send", "apns", "--topic", "t", "--sandbox", "--token", "ab", "--dry-run"], "--text"),
        (["send", "apns", "--topic", "t", "--sandbox", "--token", "ab", "--text", "x", "--avatar-url", "http://a/b.png", "--sender-name", "M", "--dry-run"], "https"),
        (["send", "apns", "--topic", "com.x", "--sandbox", "--token", "ab", "--text", "x", "--push-type", "voip", "--dry-run"], "BadTopic"),
        (["send", "onesignal", "--app-id", "a", "--text", "x"], "--subscription-id or --external-id"),
        (["send", "apns", "--topic", "t", "--sandbox", "--token", "ab", "--text", "x", "--group-avatar-url", "https://a/g.png", "--dry-run"], "needs --group"),
        (["send", "apns", "--topic", "t", "--sandbox", "--token", "ab", "--text", "x", "--group", "G", "--group-avatar-url", "http://a/g.png", "--dry-run"],
         "--group-avatar-url http://a/g.png is not an https URL"),
    ])
    func usageErrorsExitTwoAndSayWhat(arguments: [String], expected: String) async throws {
        let result = try await HeraldProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(expected))
    }

    @Test func oneSignalReadsItsKeyFromTheEnvironmentOnly() async throws {
        let result = try await HeraldProcess.run(
            ["send", "onesignal", "--app-id", "a", "--subscription-id", "s", "--text", "x"], environment: ["HERALD_ONESIGNAL_API_KEY": ""])
        #expect(result.status == 2)
        #expect(result.stderr.contains("HERALD_ONESIGNAL_API_KEY"))
        let help = try await HeraldProcess.run(["send", "onesignal", "--help"])
        #expect(!help.stdout.contains("--api-key"))
    }

    @Test func aTooLongTextIsShortenedToFitAndSaysSo() async throws {
        let text = String(repeating: "Rope is packed. 🧗 ", count: 400)
        let result = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", "--sender-name", "Maya", "--text", text])
        #expect(result.status == 0)
        #expect(result.stderr.contains("shortened"))
        let body = try Self.body(ofDryRun: result.stdout)
        #expect(body.encodedByteCount <= 4096)
        #expect(body["aps"]?["alert"]?["body"]?.stringValue?.hasSuffix("…") == true)
    }

    @Test func everySendTakesItsLayoutAsANameOrAFileAsPreviewDoes() async throws {
        let base = ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", Self.token, "--dry-run", "--text", "hi", "--sender-name", "Maya"]
        let named = try await HeraldProcess.run(base + ["--layout", "fcm"])
        #expect(named.status == 0)
        // FCM data values are strings: the communication block travels as JSON text.
        #expect(try Self.body(ofDryRun: named.stdout)["communication"]?.stringValue == #"{"sender_name":"Maya"}"#)
        let file = HeraldProcess.path("Examples/layouts/zulip.json")
        let fromFile = try await HeraldProcess.run(base + ["--layout-file", file])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        // A path given to --layout points at --layout-file.
        let path = try await HeraldProcess.run(base + ["--layout", file])
        #expect(path.status == 2)
        #expect(path.stderr.contains("for a layout file, use --layout-file \(file)"))
        // A payload file is sent as it is: a layout would be ignored, so it is refused.
        let withPayload = try await HeraldProcess.run(
            ["send", "apns", "--topic", "t", "--sandbox", "--token", Self.token, "--dry-run", "--layout", "fcm", HeraldProcess.path("Examples/onesignal-group-message.json")])
        #expect(withPayload.status == 2)
        #expect(withPayload.stderr.contains("a payload file is sent as it is"))
    }

    @Test func sendOneSignalTakesNoPayloadFileAndItsHelpOffersNone() async throws {
        let help = try await HeraldProcess.run(["send", "onesignal", "--help"])
        #expect(!help.stdout.contains("<payload>"))
        let apnsHelp = try await HeraldProcess.run(["send", "apns", "--help"])
        #expect(apnsHelp.stdout.contains("<payload>"))
        let withFile = try await HeraldProcess.run(["send", "onesignal", "--app-id", "a", "--external-id", "u", "--text", "hi", "x.json"])
        #expect(withFile.status == 2)
        #expect(withFile.stderr.contains("Unexpected argument 'x.json'"))
        let noText = try await HeraldProcess.run(["send", "onesignal", "--app-id", "a", "--external-id", "u"])
        #expect(noText.stderr.contains("give --text"))
    }

    @Test func tokensOfOtherServicesAndBrokenLinesAreNamedAndNothingIsSent() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("herald-tokens-\(UUID().uuidString).txt")
        defer { try? FileManager.default.removeItem(at: file) }  // a leftover temp file is harmless
        let fcm = "cXk3Zm9vYmFyOjEyMzQ1Njc4:APA91bH" + String(repeating: "x_Y-z", count: 26)
        var data = Data("\(Self.token)\n8f2d4c1e-1b3a-4c5d-9e6f-0a1b2c3d4e5f\nExponentPushToken[AbCdEf0123456789ghij]\n\(fcm)\n".utf8)
        // Five lines of binary garbage, with no newline inside any of them.
        for seed in 0..<5 { data.append(contentsOf: (0..<200).map { UInt8(truncatingIfNeeded: ($0 &* 37 &+ seed &* 11) | 0x80) } + [0x0A]) }
        try data.write(to: file)
        let result = try await HeraldProcess.run(
            ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--tokens-file", file.path, "--dry-run", "--text", "hi"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.components(separatedBy: "\n")
        #expect(lines[0] == "herald: 8 of 9 tokens are not APNs device tokens, so nothing was sent:")
        #expect(lines[1] == "  line 2: a OneSignal subscription id; send to it with `herald send onesignal --subscription-id ID`, or give the device's APNs token")
        #expect(lines[2].hasPrefix("  line 3: an Expo push token;"))
        #expect(lines[3].hasPrefix("  line 4: an FCM registration token;"))
        #expect(lines[4].hasPrefix("  lines 5, 6, 7 (and 2 more): not a device token"))
        // The garbage itself never reaches the terminal.
        #expect(result.stderr.utf8.count < 1000)
        let single = try await HeraldProcess.run(
            ["send", "apns", "--topic", "t", "--sandbox", "--token", "ExponentPushToken[a1]", "--dry-run", "--text", "hi"])
        #expect(single.status == 2)
        #expect(single.stderr.contains("--token 1: an Expo push token"))
        // A short FCM token as pasted from a log, and placeholders left in a copied command.
        let pasted = try await HeraldProcess.run(
            ["send", "apns", "--topic", "t", "--sandbox", "--token", "fMEP0vJqS0:APA91bHx", "--token", "DEVICE_TOKEN", "--token", "<token>", "--dry-run", "--text", "hi"])
        #expect(pasted.status == 2)
        #expect(pasted.stderr.contains("--token 1: an FCM registration token;"))
        #expect(pasted.stderr.contains("--token 2, --token 3: a placeholder, not a device token; put the device's APNs token"), "\(pasted.stderr)")
    }
}
