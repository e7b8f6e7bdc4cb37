import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import herald

/// `herald playground` as a developer runs it: the server in the background, requests from a
/// raw socket (what a browser would not send) and from headless Chromium (what it does).
@Suite("herald playground")
struct PlaygroundTests {
    /// A OneSignal create-notification body with a collapse id and a priority, which become
    /// APNs headers.
    static let oneSignalBody = """
        {"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "include_aliases": {"external_id": ["u-1"]}, "target_channel": "push",
         "headings": {"en": "Maya Lindqvist"}, "subtitle": {"en": "Weekend climbing"}, "contents": {"en": "Rope is packed."},
         "collapse_id": "conv-8c2f1e-42", "priority": 5, "mutable_content": true,
         "data": {"communication": {"sender_name": "Maya Lindqvist", "sender_handle": "+4915112345678", "conversation_id": "conv-8c2f1e", "group_name": "Weekend climbing"}}}
        """

    /// Starts the playground, runs `body`, stops it with SIGINT and returns what it wrote to
    /// standard error, after checking it stopped cleanly.
    @discardableResult
    static func withPlayground(_ arguments: [String] = [], _ body: (ServerProcess) async throws -> Void) async throws -> String {
        let playground = try await ServerProcess("playground", arguments)
        do {
            try await body(playground)
        } catch {
            _ = await playground.stop()
            throw error
        }
        let stopped = await playground.stop()
        #expect(stopped.status == 0, "stderr: \(stopped.stderr)")
        #expect(stopped.stderr.contains("playground stopped"))
        return stopped.stderr
    }

    /// The address the playground printed, `http://127.0.0.1:PORT/TOKEN/`.
    static func address(_ playground: ServerProcess) throws -> String {
        let range = try #require(playground.readyLine.range(of: #"http://127\.0\.0\.1:\d+/[0-9a-f]{32}/"#, options: .regularExpression))
        return String(playground.readyLine[range])
    }

    /// `path` under the playground's token: `/TOKEN/preview` for `/preview`.
    static func path(_ path: String, _ playground: ServerProcess) throws -> String {
        "/" + (try address(playground).split(separator: "/").last.map(String.init) ?? "") + path
    }

    static func get(_ path: String, on playground: ServerProcess, headers: [(String, String)]? = nil) async throws -> RawHTTPConnection.Response {
        try await RawHTTPConnection(port: playground.port).exchange(
            RawHTTPConnection.request("GET", try Self.path(path, playground), headers: headers ?? [("Host", "127.0.0.1:\(playground.port)")]))
    }

    static func postPreview(
        _ payload: String, on playground: ServerProcess, layout: String? = nil, headers: [(String, String)]? = nil
    ) async throws -> RawHTTPConnection.Response {
        var fields: [String: JSONValue] = ["payload": .string(payload)]
        if let layout { fields["layout"] = .string(layout) }
        let port = playground.port
        let sent = headers ?? [("Host", "127.0.0.1:\(port)"), ("Content-Type", "application/json"), ("Origin", "http://127.0.0.1:\(port)")]
        return try await RawHTTPConnection(port: port).exchange(
            RawHTTPConnection.request("POST", try Self.path("/preview", playground), headers: sent, body: JSONValue.object(fields).encoded()))
    }

    @Test func thePageIsServedWithTheSampleAndAStrictContentPolicy() async throws {
        try await Self.withPlayground { playground in
            let page = try await Self.get("/", on: playground)
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            let policy = try #require(page.headers["content-security-policy"])
            #expect(policy.contains("script-src 'self'"))
            #expect(policy.contains("connect-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(page.headers["cache-control"] == "no-store")
            // The sample, escaped into the editor.
            #expect(page.text.contains("<textarea id=\"payload\""))
            #expect(page.text.contains("&quot;sender_name&quot;: &quot;Maya Lindqvist&quot;"))
            let script = try await Self.get("/playground.js", on: playground)
            #expect(script.status == 200)
            #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.text.contains("fetch(previewURL"))
            #expect(try await Self.get("/etc/passwd", on: playground).status == 404)
            // HEAD: the page's head, its length, no body (the next answer on the connection is whole).
            let connection = try RawHTTPConnection(port: playground.port)
            let head = try await connection.exchange(RawHTTPConnection.request("HEAD", try Self.path("/", playground), headers: [("Host", "127.0.0.1:\(playground.port)")]), bodiless: true)
            #expect(head.status == 200)
            #expect(head.headers["content-length"] == String(page.body.count))
            let after = try await connection.exchange(RawHTTPConnection.request("GET", try Self.path("/playground.js", playground), headers: [("Host", "127.0.0.1:\(playground.port)")]))
            #expect(after.body == script.body)
        }
    }

    @Test func theFileGivenStartsTheEditorAndNoOtherIsRead() async throws {
        try await Self.withPlayground([HeraldProcess.path("Examples/zulip-stream-message.json"), "--allow-fetch"]) { playground in
            let page = try await Self.get("/", on: playground)
            #expect(page.text.contains("Started from zulip-stream-message.json."))
            #expect(page.text.contains("&quot;stream&quot;"))
            // A payload naming local files, even with --allow-fetch: none is read, and it says so.
            let payload = #"""
                {"aps": {"alert": {"title": "A", "body": "b"}, "mutable-content": 1}, "communication": {"sender_name": "A", "avatar_url": "file:///etc/hostname"},
                 "attachments": [{"url": "\#(HeraldProcess.path("Examples/picture/crag-sunrise.png"))"}]}
                """#
            let answer = try JSONValue(parsing: try await Self.postPreview(payload, on: playground, layout: "apns").body)
            let decisions = answer["decisions"]?.arrayValue?.compactMap { $0["message"]?.stringValue } ?? []
            #expect(decisions.contains { $0.contains("crag-sunrise.png is a local path, which the phone never reads; only `herald preview` reads one") })
            #expect(decisions.contains { $0.contains("avatar URL \"file:///etc/hostname\" is not an absolute http(s) URL") })
            let picture = try #require(answer["picture"]?.stringValue)
            #expect(picture.contains("aria-label=\"initials A\" data-initials=\"A\""))
            #expect(!picture.contains("data:image/png"))
        }
    }

    /// The sample app's payloads, given as their folder: the editor starts with the first by
    /// name, and the Example menu offers each, its text escaped into the page as the editor's is.
    @Test func aFolderGivenIsOfferedInTheExampleMenu() async throws {
        try await Self.withPlayground([HeraldProcess.path("Examples/HeraldChat/Payloads")]) { playground in
            let page = try await Self.get("/", on: playground)
            #expect(page.text.contains("Started from 1-direct.json."))
            let editor = try #require(page.text.range(of: #"(?s)<textarea id="payload".*?</textarea>"#, options: .regularExpression).map { String(page.text[$0]) })
            #expect(editor.contains("&quot;body&quot;: &quot;Are you still up for the crag on Saturday?&quot;"))
            let menu = try #require(page.text.range(of: #"(?s)<select id="example">.*?</select>"#, options: .regularExpression).map { String(page.text[$0]) })
            let names = menu.matches(of: /">([^<]*)<\/option>/).map { String($0.1) }
            #expect(names == ["1-direct.json", "2-group.json", "3-group-edit.json", "4-group-delete.json"])
            #expect(menu.contains("&quot;group_name&quot;: &quot;Weekend climbing&quot;"))
            #expect(menu.contains("&quot;replaces&quot;: &quot;m-201&quot;"))
        }
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("herald-playground-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: empty) }  // a leftover empty folder is harmless
        try Data("{}".utf8).write(to: empty.appendingPathComponent("notes.txt"))
        let refused = try await HeraldProcess.run(["playground", "--port", "0", empty.path])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("\(empty.path): no .json file in it"))
    }

    @Test(arguments: [
        ("evil.example:PORT", "addressed to Host \"evil.example:PORT\""),
        ("127.0.0.1:1", "addressed to Host \"127.0.0.1:1\""),
        ("127.0.0.1.nip.io:PORT", "addressed to Host \"127.0.0.1.nip.io:PORT\""),
        (nil, "addressed to no Host"),
    ])
    func aRequestAddressedByAnotherNameIsRefused(_ host: String?, _ logged: String) async throws {
        var port = 0
        let stderr = try await Self.withPlayground { playground in
            port = playground.port
            let headers = host.map { [("Host", $0.replacingOccurrences(of: "PORT", with: String(playground.port)))] } ?? []
            let page = try await Self.get("/", on: playground, headers: headers)
            #expect(page.status == 403)
            #expect(page.text.contains("this playground answers only to http://127.0.0.1:\(playground.port) and http://localhost:\(playground.port)"))
            #expect(!page.text.contains("<textarea"))
            let preview = try await Self.postPreview("{}", on: playground, headers: headers + [("Content-Type", "application/json")])
            #expect(preview.status == 403)
            // Both names of loopback are its own.
            #expect(try await Self.get("/", on: playground, headers: [("Host", "localhost:\(playground.port)")]).status == 200)
        }
        #expect(stderr.contains("refused GET /: " + logged.replacingOccurrences(of: "PORT", with: String(port))))
    }

    @Test func aRequestFromAnotherOriginOrSiteIsRefused() async throws {
        let stderr = try await Self.withPlayground { playground in
            let host = ("Host", "127.0.0.1:\(playground.port)")
            let json = ("Content-Type", "application/json")
            let foreign = try await Self.postPreview("{}", on: playground, headers: [host, json, ("Origin", "https://evil.example")])
            #expect(foreign.status == 403)
            #expect(foreign.text.contains("sent from \"https://evil.example\""))
            let otherPort = try await Self.postPreview("{}", on: playground, headers: [host, json, ("Origin", "http://127.0.0.1:1")])
            #expect(otherPort.status == 403)
            let crossSite = try await Self.postPreview("{}", on: playground, headers: [host, json, ("Sec-Fetch-Site", "cross-site")])
            #expect(crossSite.status == 403)
            // The page's own requests, and a script's without Origin, are answered.
            #expect(try await Self.postPreview("{}", on: playground).status == 200)
            #expect(try await Self.postPreview("{}", on: playground, headers: [host, json]).status == 200)
            // A link from another site may open the page, but not use it.
            #expect(try await Self.get("/", on: playground, headers: [host, ("Sec-Fetch-Site", "cross-site")]).status == 200)
        }
        #expect(stderr.contains("refused POST /preview: sent from \"https://evil.example\""))
        #expect(stderr.contains("refused POST /preview: sent from another site"))
    }

    @Test func aPreviewMustBePostedAsJSON() async throws {
        try await Self.withPlayground { playground in
            let host = ("Host", "127.0.0.1:\(playground.port)")
            // A form post, which a page on another site could send without asking.
            let form = try await Self.postPreview("{}", on: playground, headers: [host, ("Content-Type", "text/plain")])
            #expect(form.status == 415)
            let get = try await Self.get("/preview", on: playground)
            #expect(get.status == 405)
            #expect(get.headers["allow"] == "POST")
            let notAnObject = try await RawHTTPConnection(port: playground.port).exchange(
                RawHTTPConnection.request("POST", try Self.path("/preview", playground), headers: [host, ("Content-Type", "application/json")], body: Data("[1]".utf8)))
            #expect(notAnObject.status == 400)
            #expect(try JSONValue(parsing: notAnObject.body)["error"]?["message"]?.stringValue?.hasSuffix("must be a JSON object {\"payload\": \"...\"}, not a JSON array") == true)
            let unknownLayout = try await Self.postPreview("{}", on: playground, layout: "nope")
            #expect(unknownLayout.status == 400)
        }
    }

    @Test func aBodyOverTheCapIsRefusedAndTheConnectionCloses() async throws {
        try await Self.withPlayground { playground in
            let headers = [("Host", "127.0.0.1:\(playground.port)"), ("Content-Type", "application/json")]
            let connection = try RawHTTPConnection(port: playground.port)
            let tooLarge = try await connection.exchange(
                RawHTTPConnection.request("POST", try Self.path("/preview", playground), headers: headers, body: Data(repeating: UInt8(ascii: " "), count: (1 << 20) + 1)))
            #expect(tooLarge.status == 413)
            #expect(tooLarge.headers["connection"] == "close")
            #expect(await connection.closedByServer())

            // The same without a declared length: chunks until the cap is passed.
            let chunked = try RawHTTPConnection(port: playground.port)
            var head = "POST \(try Self.path("/preview", playground)) HTTP/1.1\r\nHost: 127.0.0.1:\(playground.port)\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            let chunk = String(repeating: " ", count: 65536)
            for _ in 0..<17 { head += String(65536, radix: 16) + "\r\n" + chunk + "\r\n" }
            let answer = try await chunked.exchange(Data((head + "0\r\n\r\n").utf8))
            #expect(answer.status == 413)
            #expect(await chunked.closedByServer())

            // Just under the cap is read (and is no JSON object).
            let under = try await RawHTTPConnection(port: playground.port).exchange(
                RawHTTPConnection.request("POST", try Self.path("/preview", playground), headers: headers, body: Data(repeating: UInt8(ascii: " "), count: 1 << 20)))
            #expect(under.status == 400)
            #expect(try JSONValue(parsing: under.body)["error"]?["message"]?.stringValue?.contains("it is not JSON (") == true)
        }
    }

    @Test func aOneSignalBodyPreviewsConvertedWithItsHeadersAndSendCommand() async throws {
        try await Self.withPlayground { playground in
            let response = try await Self.postPreview(Self.oneSignalBody, on: playground)
            #expect(response.status == 200)
            let answer = try JSONValue(parsing: response.body)
            #expect(answer["provider"] == "OneSignal REST API")
            let device = try JSONValue(parsing: try #require(answer["devicePayload"]?.stringValue))
            #expect(device["custom"]?["a"]?["communication"]?["sender_name"] == "Maya Lindqvist")
            #expect(device["aps"]?["alert"]?["body"] == "Rope is packed.")
            #expect(answer["headers"]?["apns-collapse-id"] == "conv-8c2f1e-42")
            #expect(answer["headers"]?["apns-priority"] == "5")
            let picture = try #require(answer["picture"]?.stringValue)
            #expect(picture.contains("data-layout=\"communication\""))
            #expect(picture.contains("<span class=\"title\" data-part=\"title\">Maya Lindqvist</span>"))
            #expect(picture.contains("Weekend climbing"))
            #expect(answer["summary"]?.stringValue?.contains("converted from a request body for the OneSignal REST API") == true)
            #expect(answer["decisions"]?.arrayValue?.contains { $0["code"] == "request-converted" } == true)
            #expect(answer["lintSummary"] == "no problems")
        }
    }

    @Test(arguments: [
        ("Examples/onesignal-request.json", "OneSignal REST API", "onesignal"), ("Examples/fcm-request.json", "FCM HTTP v1 API", "fcm"),
        ("Examples/expo-message.json", "Expo push service", "expo"),
    ])
    func eachProvidersBundledRequestPreviewsAsAGroupMessage(_ example: String, _ provider: String, _ layout: String) async throws {
        let text = try String(contentsOfFile: HeraldProcess.path(example), encoding: .utf8)
        try await Self.withPlayground { playground in
            let answer = try JSONValue(parsing: try await Self.postPreview(text, on: playground).body)
            #expect(answer["provider"]?.stringValue == provider)
            #expect(answer["summary"]?.stringValue?.hasPrefix("layout \(layout) · the extension runs") == true)
            let picture = try #require(answer["picture"]?.stringValue)
            #expect(picture.contains("data-layout=\"communication\""))
            #expect(picture.contains("<span class=\"title\" data-part=\"title\">Maya Lindqvist</span>"))
            #expect(picture.contains("<div class=\"secondary\" data-part=\"secondary\">Weekend climbing 🧗</div>"))
            #expect(answer["lintSummary"] == "no problems")
        }
    }

    @Test func textThatIsNotJSONGivesItsLineAndColumn() async throws {
        try await Self.withPlayground { playground in
            let response = try await Self.postPreview("{\n  \"aps\": {\n    \"alert\": \"hi\",,\n  }\n}", on: playground)
            // 200: the preview was made, and it is an error (a browser logs other statuses as failures).
            #expect(response.status == 200)
            let error = try #require(try JSONValue(parsing: response.body)["error"])
            #expect(error["line"] == 3)
            #expect(error["rule"] == "invalid-json")
            // A request its provider refuses says why.
            let refused = try await Self.postPreview(#"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "headings": {"en": "A"}, "contents": {"de": "B"}}"#, on: playground)
            #expect(refused.status == 200)
            #expect(try JSONValue(parsing: refused.body)["error"]?["rule"] == "request-refused")
        }
    }

    /// The send command the page offers, run as a developer pastes it (placeholders filled
    /// in) against the emulator: the payload and headers APNs receives are the ones shown.
    @Test func theSendCommandSendsThePayloadShownWithTheHeadersShown() async throws {
        var answer: JSONValue = .null
        try await Self.withPlayground { playground in
            answer = try JSONValue(parsing: try await Self.postPreview(Self.oneSignalBody, on: playground).body)
        }
        let command = try #require(answer["sendCommand"]?.stringValue)
        #expect(command.hasPrefix("herald send apns --sandbox \\\n  --dry-run \\\n"))
        try await SendToEmulatorTests.withKey { directory, credentials in
            let ca = directory.appendingPathComponent("ca.pem").path
            let log = directory.appendingPathComponent("sent.jsonl").path
            let emulator = try await ServerProcess("apns-emulator", credentials + ["--ca-out", ca, "--log", log])
            let token = String(repeating: "a1", count: 32)
            // Pasted with the placeholders filled in: a dry run, which sends nothing.
            let pasted = command
                .replacingOccurrences(of: "herald send apns --sandbox", with: "\"$HERALD\" send apns --endpoint https://127.0.0.1:\(emulator.port) --ca-file \(ca)")
                .replacingOccurrences(of: "YOUR.BUNDLE.ID", with: "com.example.chat")
                .replacingOccurrences(of: "AuthKey_KEYID.p8", with: credentials[1])
                .replacingOccurrences(of: "KEYID", with: credentials[3])
                .replacingOccurrences(of: "TEAMID", with: credentials[5])
                .replacingOccurrences(of: "DEVICE_TOKEN", with: token)
            let environment = ["HERALD": HeraldProcess.executable.path, "PATH": "/usr/bin:/bin"]
            let dryRun = try await HeraldProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", pasted], environment: environment)
            #expect(dryRun.status == 0, "\(dryRun.stderr)")
            #expect(dryRun.stdout.contains("POST https://127.0.0.1:\(emulator.port)/3/device/\(token)"))
            // A dry run signs nothing: the key's placeholders may stay.
            let keysLeft = command.replacingOccurrences(of: "herald send apns", with: "\"$HERALD\" send apns").replacingOccurrences(of: "DEVICE_TOKEN", with: token)
            let unsigned = try await HeraldProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", keysLeft], environment: environment)
            #expect(unsigned.status == 0, "\(unsigned.stderr)")
            // Then with the --dry-run line deleted, as the page says: sent (and only this once, below).
            let filledIn = pasted.replacingOccurrences(of: "  --dry-run \\\n", with: "")
            let sent = try await HeraldProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", filledIn], environment: environment)
            _ = await emulator.stop()
            #expect(sent.status == 0, "\(sent.stdout) \(sent.stderr)")
            let entry = try JSONValue(parsing: String(try #require(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").only)))
            #expect(entry["token"]?.stringValue == token)
            #expect(entry["payload"] == (try JSONValue(parsing: try #require(answer["devicePayload"]?.stringValue))))
            #expect(entry["headers"]?["apns-collapse-id"] == "conv-8c2f1e-42")
            #expect(entry["headers"]?["apns-priority"] == "5")
        }
    }

    @Test func withoutAllowFetchNothingIsDownloadedAndWithItTheAvatarIsDrawn() async throws {
        let server = try LoopbackServer(routes: ["/maya.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: PreviewPictureTests.avatar)])
        defer { server.stop() }
        let payload = #"{"aps": {"alert": {"title": "Maya", "body": "hi"}, "mutable-content": 1}, "communication": {"sender_name": "Maya", "avatar_url": "\#(server.url("/maya.png").absoluteString)"}}"#
        try await Self.withPlayground { playground in
            let answer = try JSONValue(parsing: try await Self.postPreview(payload, on: playground, layout: "apns").body)
            #expect(answer["picture"]?.stringValue?.contains("aria-label=\"initials M\" data-initials=\"M\"") == true)
            #expect(answer["summary"]?.stringValue?.contains("downloads off") == true)
        }
        #expect(server.requestCount("/maya.png") == 0)
        try await Self.withPlayground(["--allow-fetch", "--allow-http"]) { playground in
            let answer = try JSONValue(parsing: try await Self.postPreview(payload, on: playground, layout: "apns").body)
            #expect(answer["picture"]?.stringValue?.contains("<img class=\"avatar\" data-part=\"avatar\" alt=\"Maya\" src=\"data:image/png;base64,") == true)
        }
        #expect(server.requestCount("/maya.png") == 1)
    }

    @Test func sigintStopsItWhileABrowserKeepsAConnectionOpen() async throws {
        let playground = try await ServerProcess("playground", [])
        let idle = try RawHTTPConnection(port: playground.port)
        let first = try await idle.exchange(RawHTTPConnection.request("GET", try Self.path("/", playground), headers: [("Host", "127.0.0.1:\(playground.port)")]))
        #expect(first.status == 200)
        #expect(first.headers["connection"] != "close")
        let stopped = await playground.stop()
        #expect(stopped.status == 0)
        #expect(stopped.stderr.contains("playground stopped"))
        #expect(await idle.closedByServer())
    }

    @Test func aPortInUseIsAUsageErrorThatSaysSo() async throws {
        try await Self.withPlayground { playground in
            let second = try await HeraldProcess.run(["playground", "--port", String(playground.port)])
            #expect(second.status == 2)
            #expect(second.stderr.contains("the port is in use; give another with --port"))
        }
    }

    @Test func onPort80TheBareNamesAreItsOwnToo() async throws {
        let fetcher = AsyncHTTPClientFetcher()
        func playground(port: Int) throws -> Playground {
            let settings = Playground.Settings(
                language: "en", allowFetch: false, allowHTTP: false, app: try AppLook(iconFile: nil, name: nil),
                attachmentDirectory: FileManager.default.temporaryDirectory)
            return Playground(port: port, settings: settings, fetcher: fetcher, payload: "{}", payloadName: "a test", layout: nil, refusals: { _ in })
        }
        // Browsers leave the default port out of Host and Origin.
        let onEighty = try playground(port: 80)
        #expect(onEighty.refusal(of: PlaygroundRequest(method: .POST, path: "/preview", headers: ["Host": "127.0.0.1", "Origin": "http://localhost"])) == nil)
        #expect(onEighty.refusal(of: PlaygroundRequest(method: .GET, path: "/", headers: ["Host": "evil.example"])) != nil)
        let elsewhere = try playground(port: 8765)
        #expect(elsewhere.refusal(of: PlaygroundRequest(method: .GET, path: "/", headers: ["Host": "127.0.0.1"])) != nil)
        #expect(elsewhere.refusal(of: PlaygroundRequest(method: .GET, path: "/", headers: ["Host": "LOCALHOST:8765"])) == nil)
        #expect(elsewhere.refusal(of: PlaygroundRequest(method: .GET, path: "/", headers: ["Host": "127.0.0.1:8765", "Host": "evil.example"])) != nil)
        await fetcher.shutdown()
    }

    @Test func theSendCommandQuotesWhatTheShellWouldRead() {
        #expect(SendCommandLine.shellWord("conv-8c2f1e") == "conv-8c2f1e")
        #expect(SendCommandLine.shellWord("it's $HOME") == #"'it'\''s $HOME'"#)
        #expect(SendCommandLine.shellWord("") == "''")
        let line = SendCommandLine(payload: ["aps": [:]], headers: ["apns-id": "a\nrm -rf /", "apns-push-type": "background"])
        #expect(line.text.hasPrefix(#"# "apns-id: a\nrm -rf /" (no herald send option sets this header)"#))
        #expect(line.text.contains("  --push-type background \\\n"))
    }

    /// A page script step: waits (up to 20 s) until `condition` is true in the page, then
    /// returns `value`; `null` when it never became true.
    static func when(_ condition: String, _ value: String) -> String {
        """
        new Promise((resolve) => {
          const start = Date.now();
          const check = () => {
            if (\(condition)) resolve(\(value));
            else if (Date.now() - start > 20000) resolve(null);
            else setTimeout(check, 50);
          };
          check();
        })
        """
    }

    /// Types into the editor as a person pasting does: the text, then an input event.
    static func paste(_ text: String) -> String {
        "(() => { const editor = document.getElementById('payload'); editor.value = \(JSONValue.string(text).jsonText()); "
            + "editor.dispatchEvent(new Event('input')); return true; })()"
    }

    static let title = "document.querySelector('#picture [data-variant=with-herald] [data-part=title]')"

    @Test func pastingAOneSignalBodyRedrawsThePictureInChromium() async throws {
        let server = try LoopbackServer(routes: ["/maya.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: PreviewPictureTests.avatar)])
        defer { server.stop() }
        let body = Self.oneSignalBody.replacingOccurrences(of: "Maya Lindqvist", with: "Dana Okafor")
            .replacingOccurrences(of: #""group_name""#, with: #""avatar_url": "\#(server.url("/maya.png").absoluteString)", "group_name""#)
        try await Self.withPlayground(["--allow-fetch", "--allow-http", "--app-name", "Rope"]) { playground in
            let run = try await PreviewPictureTests.browse(try Self.address(playground), steps: [
                Self.when("\(Self.title)", "\(Self.title).textContent"),
                Self.paste(body),
                Self.when("\(Self.title).textContent === 'Dana Okafor'", "true"),
                PreviewPictureTests.measureCards,
                "[document.getElementById('device-hint').textContent, document.getElementById('device').textContent, document.getElementById('device').hidden]",
                "[document.getElementById('headers').textContent, document.getElementById('send').textContent, document.getElementById('lint-summary').textContent, document.getElementById('lint').textContent]",
                Self.paste("{\"aps\": "),
                Self.when("!document.getElementById('error').hidden", "[document.getElementById('error').textContent, document.body.className]"),
            ])
            #expect(run.problems.isEmpty, "the page logged: \(run.problems)")
            let results = run.results
            try #require(results.count == 8)
            // The sample first, then the pasted body's sender.
            #expect(results[0] == "Maya Lindqvist")
            #expect(results[2] == true)
            for appearance in ["light", "dark"] {
                let with = try #require(results[3][appearance]?["with"])
                let card = try #require(with["card"]?.arrayValue?.compactMap { $0.numberValue?.doubleValue })
                let avatar = try #require(with["avatar"]?.arrayValue?.compactMap { $0.numberValue?.doubleValue })
                // The downloaded picture, a 38-point circle at the card's leading edge.
                #expect(with["avatarPixels"] == 192)
                #expect(with["avatarRadius"] == "50%")
                #expect(avatar[2] == 38 && avatar[3] == 38)
                #expect(avatar[0] - card[0] == 14)
                #expect(with["secondary"] == ["Weekend climbing"])
                #expect(with["body"] == "Rope is packed.")
                let without = try #require(results[3][appearance]?["without"])
                #expect(without["avatar"] == .null)
                #expect(without["title"] == "Dana Okafor")
            }
            let device = try #require(results[4].arrayValue)
            #expect(device[0].stringValue?.contains("converted from this OneSignal REST API request") == true)
            #expect(try JSONValue(parsing: device[1].stringValue ?? "")["custom"]?["a"]?["communication"]?["sender_name"] == "Dana Okafor")
            #expect(device[2] == false)
            let sending = try #require(results[5].arrayValue)
            #expect(sending[0].stringValue?.contains("apns-collapse-id: conv-8c2f1e-42") == true)
            #expect(sending[1].stringValue?.hasPrefix("herald send apns --sandbox") == true)
            // The loopback avatar is plain http, which the phone refuses.
            #expect(sending[2] == "1 warning")
            #expect(sending[3].stringValue?.contains("http://127.0.0.1") == true, "\(sending[3])")
            // Half-typed JSON: where it stops, and the last picture greyed out.
            let error = try #require(results[7].arrayValue)
            #expect(error.first?.stringValue?.hasPrefix("Line 1, column ") == true)
            #expect(error.last == "stale")
        }
        #expect(server.requestCount("/maya.png") == 1)
    }

    /// Choosing another example draws it; going back brings what was typed over the first.
    @Test func choosingAnExampleDrawsItInChromium() async throws {
        try await Self.withPlayground([HeraldProcess.path("Examples/HeraldChat/Payloads")]) { playground in
            let picture = "document.getElementById('picture').textContent"
            let choose = { (index: Int) in
                "(() => { const menu = document.getElementById('example'); menu.selectedIndex = \(index); menu.dispatchEvent(new Event('change')); return true; })()"
            }
            let run = try await PreviewPictureTests.browse(try Self.address(playground), steps: [
                Self.when("\(picture).includes('Are you still up for the crag')", "true"),
                Self.paste(#"{"aps": {"alert": {"title": "Typed", "body": "over the first"}, "mutable-content": 1}, "communication": {"sender_name": "Typed"}}"#),
                Self.when("\(picture).includes('over the first')", "true"),
                choose(1),
                Self.when("\(picture).includes('Weekend climbing')", "[document.getElementById('source').textContent, \(picture).includes('chalk?')]"),
                choose(0),
                Self.when("\(picture).includes('over the first')", "document.getElementById('source').textContent"),
            ])
            #expect(run.problems.isEmpty, "the page logged: \(run.problems)")
            try #require(run.results.count == 7)
            #expect(run.results[4] == ["Started from 2-group.json.", true])
            #expect(run.results[6] == "Edited here; started from 1-direct.json.")
        }
    }

    @Test func aPasteOverTheCapIsExplainedOnThePageInChromium() async throws {
        try await Self.withPlayground { playground in
            let run = try await PreviewPictureTests.browse(try Self.address(playground), steps: [
                Self.when("\(Self.title)", "true"),
                "(() => { const editor = document.getElementById('payload'); editor.value = ' '.repeat(1100000); editor.dispatchEvent(new Event('input')); return true; })()",
                Self.when("!document.getElementById('error').hidden", "document.getElementById('error').textContent"),
            ])
            #expect(run.results.last?.stringValue?.hasPrefix("A request body may have at most 1048576 bytes") == true, "\(run.results)")
            // The one thing the browser logs is the refused load itself.
            #expect(run.problems.count == 1)
            #expect(run.problems.first?["text"]?.stringValue?.contains("413") == true, "\(run.problems)")
        }
    }

    /// A page on another origin (another port of loopback) tries both ways a page can post:
    /// as JSON (the browser asks first, and is refused) and as a form would (sent, refused, and
    /// not even an opaque answer comes back: Cross-Origin-Resource-Policy).
    @Test func aPageFromAnotherOriginCannotUseThePlaygroundInChromium() async throws {
        var loopback: LoopbackServer?
        let stderr = try await Self.withPlayground { playground in
            // The token, as if it had leaked: the browser rules still hold.
            let target = try Self.address(playground) + "preview"
            let page = "<!doctype html><title>elsewhere</title><p>another site"
            let server = try LoopbackServer(routes: ["/": .respond(status: 200, headers: ["Content-Type": "text/html"], body: Data(page.utf8))])
            loopback = server
            let run = try await PreviewPictureTests.browse(server.url("/").absoluteString, steps: [
                "fetch('\(target)', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{\"payload\": \"{}\"}'})"
                    + ".then((response) => 'answered ' + response.status, (error) => 'blocked: ' + error.message)",
                "fetch('\(target)', {method: 'POST', mode: 'no-cors', body: '{\"payload\": \"{}\"}'}).then((response) => response.type, (error) => 'blocked: ' + error.message)",
            ])
            #expect(run.results == ["blocked: Failed to fetch", "blocked: Failed to fetch"])
        }
        loopback?.stop()
        let origin = "http://127.0.0.1:\(try #require(loopback).port)"
        #expect(stderr.contains("refused OPTIONS /preview: sent from \"\(origin)\""))
        #expect(stderr.contains("refused POST /preview: sent from \"\(origin)\""))
    }
}
