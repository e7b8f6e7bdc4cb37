import Foundation
import HeraldCore
import HeraldEnrichment
import HeraldTestSupport
import Testing

@testable import herald

/// `herald preview --html` and `--png`: the page's content, and its layout as a real headless
/// Chromium draws it (`.ci/run` installs Debian's chromium).
@Suite("herald preview picture")
struct PreviewPictureTests {
    static let avatar = try! Data(contentsOf: URL(fileURLWithPath: HeraldProcess.path("Examples/picture/maya.png")))
    static let photo = try! Data(contentsOf: URL(fileURLWithPath: HeraldProcess.path("Examples/picture/crag-sunrise.png")))
    static let appIcon = HeraldProcess.path("Examples/picture/app-icon.png")

    static func groupMessage(server: LoopbackServer, avatar: Bool = true) -> JSONValue {
        var communication: JSONValue = ["sender_name": "Maya Lindqvist", "group_name": "Weekend climbing", "conversation_id": "c-1"]
        if avatar { communication.set(.string(server.url("/maya.png").absoluteString), at: JSONPointer(tokens: ["avatar_url"])) }
        return [
            "aps": ["alert": ["title": "Maya Lindqvist", "subtitle": "Weekend climbing", "body": "Rope is packed. <b>Who</b> brings the chalk?"], "mutable-content": 1],
            "communication": communication,
            "attachments": [.string(server.url("/crag.png").absoluteString)],
        ]
    }

    /// Runs `herald preview --allow-http` of a payload with extra arguments, in a fresh folder.
    static func preview(_ payload: JSONValue, _ arguments: [String], environment: [String: String] = [:]) async throws -> (HeraldProcess.Result, URL) {
        let directory = try PreviewDownloadTests.temporaryDirectory()
        let file = directory.appendingPathComponent("payload.json")
        try payload.encoded().write(to: file)
        let result = try await HeraldProcess.run(
            ["preview", "--allow-http", "--cache-dir", directory.appendingPathComponent("cache").path,
             "--attachments-dir", directory.appendingPathComponent("attachments").path] + arguments.map { $0.replacingOccurrences(of: "$DIR", with: directory.path) } + [file.path],
            environment: environment)
        return (result, directory)
    }

    @Test(arguments: [
        "Examples/onesignal-group-message.json", "Examples/zulip-stream-message.json", "Examples/encrypted-message.json", "Examples/onesignal-request.json",
        "Examples/fcm-request.json", "Examples/expo-message.json",
    ])
    func everyBundledExampleGivesOneSelfContainedPage(_ example: String) async throws {
        let directory = try PreviewDownloadTests.temporaryDirectory()
        let page = directory.appendingPathComponent("page.html")
        var arguments = ["preview", "--no-fetch", "--html", page.path, HeraldProcess.path(example)]
        if example.hasSuffix("zulip-stream-message.json") { arguments += ["--layout-file", HeraldProcess.path("Examples/layouts/zulip.json")] }
        let result = try await HeraldProcess.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("wrote \(page.path)"))
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.hasPrefix("<!doctype html>"))
        // Nothing is fetched: no script, no stylesheet link, no remote source.
        for forbidden in ["<script", "<link", "src=\"http", "url(http", "@import"] {
            #expect(!html.contains(forbidden), "\(forbidden)")
        }
        #expect(html.components(separatedBy: "data-variant=\"with-herald\"").count == 3)
        #expect(html.contains("data-appearance=\"light\"") && html.contains("data-appearance=\"dark\""))
        #expect(html.contains("How this picture is drawn"))
    }

    @Test func payloadTextCannotBecomeMarkup() {
        #expect(HTMLText.escape("<img src=x onerror=alert(1)> & \"q\" 'a'") == "&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot; &#39;a&#39;")
        #expect(HTMLText.escape("a\u{1B}[31mb\nc") == "a\u{FFFD}[31mb\nc")
    }

    @Test func theCardsFollowWhatTheExtensionDelivers() throws {
        let payload = Payload(json: ["aps": ["alert": ["title": "T", "body": "B"], "mutable-content": 1], "communication": ["sender_name": "Ann", "group_name": "Team"]])
        var notification = EnrichedNotification(stage: .complete, layoutName: "apns", extensionWillRun: true, content: ContentFields(aps: payload.aps!), message: Layout.apns.decode(payload.json).message)
        notification.content.subtitle = "Team"
        var report = PreviewReport(notification: notification, lint: [], elapsed: .zero)
        report.communication = CommunicationLayout(notification, groupPadding: .both, images: [])
        let with = NotificationCard.withHerald(report, payload: payload, appName: "Rope")
        // No picture in a group: the group's initials, on the colour of its name (no conversation
        // id): FNV-1a("Team") = 589941036; mod 8 = 4, the palette's blue.
        guard case .avatar(.initials(let initials)) = with.leading else { Issue.record("\(with.leading)"); return }
        #expect(initials.letters == "T")
        #expect(initials.color.cssHex == "#1565c0")
        #expect(with.title == "Ann")
        #expect(with.secondary == ["Team"])
        let without = NotificationCard.withoutHerald(payload, appName: "Rope")
        #expect(without.leading == .appIcon)
        #expect(without.title == "T")
        // No title: iOS shows the app's name in its place. No alert: nothing at all.
        #expect(NotificationCard.withoutHerald(Payload(json: ["aps": ["alert": ["body": "B"]]]), appName: "Rope").title == "Rope")
        #expect(NotificationCard.withoutHerald(Payload(json: ["aps": ["content-available": 1]]), appName: "Rope").nothingShown == "iOS shows no alert: aps has no alert text")
        // When the extension does not run, both cards are the payload as sent.
        notification.extensionWillRun = false
        #expect(NotificationCard.withHerald(PreviewReport(notification: notification, lint: [], elapsed: .zero), payload: payload, appName: "Rope") == without)
    }

    @Test func aRetractionIsDrawnAsNothingOrAsItsPlainText() {
        let payload = Payload(json: [
            "aps": ["alert": ["title": "Ann", "body": "Message deleted"], "mutable-content": 1],
            "communication": ["sender_name": "Ann", "retracts": "m-1"],
        ])
        var notification = EnrichedNotification(
            stage: .complete, layoutName: "apns", extensionWillRun: true, content: ContentFields(aps: payload.aps!), message: Layout.apns.decode(payload.json).message,
            deliversNothing: true)
        let hidden = NotificationCard.withHerald(PreviewReport(notification: notification, lint: [], elapsed: .zero), payload: payload, appName: "Rope")
        #expect(hidden.nothingShown?.hasPrefix("iOS shows nothing") == true)
        notification.deliversNothing = false  // RetractFallback visible: the text, without Ann's layout.
        let shown = NotificationCard.withHerald(PreviewReport(notification: notification, lint: [], elapsed: .zero), payload: payload, appName: "Rope")
        #expect(shown.leading == .appIcon)
        #expect(shown.body == "Message deleted")
    }

    @Test func aBadAppIconIsAUsageError() async throws {
        let (result, _) = try await Self.preview(["aps": ["alert": "x"]], ["--no-fetch", "--html", "$DIR/p.html", "--app-icon", HeraldProcess.path("README.md")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a PNG, JPEG, GIF or WebP image"))
    }

    @Test func withoutABrowserPNGSaysHowToGetOneAndTheRestIsWritten() async throws {
        let (result, directory) = try await Self.preview(
            ["aps": ["alert": "x"]], ["--no-fetch", "--html", "$DIR/p.html", "--png", "$DIR/p.png"], environment: ["PATH": "/nonexistent", "HERALD_CHROMIUM": ""])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no headless Chromium found: install one (Debian and Ubuntu: `apt-get install chromium`"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("p.png").path))
        // The report and the page come first.
        #expect(result.stdout.contains("Extension:"))
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("p.html").path))
    }

    @Test func aBrowserThatFailsLeavesTheEarlierPictureAndOneThatDrawsReplacesIt() async throws {
        let folder = try PreviewDownloadTests.temporaryDirectory()
        let picture = folder.appendingPathComponent("keep.png")
        try Data("the earlier picture".utf8).write(to: picture)
        let (failed, _) = try await Self.preview(["aps": ["alert": "x"]], ["--no-fetch", "--png", picture.path], environment: ["HERALD_CHROMIUM": "/bin/false"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("/bin/false exited with status 1 and wrote no picture"))
        #expect(try Data(contentsOf: picture) == Data("the earlier picture".utf8))
        // A stand-in browser that writes its --screenshot file.
        let browser = folder.appendingPathComponent("browser.sh")
        try Data("#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in --screenshot=*) printf 'the new picture' > \"${a#--screenshot=}\";; esac; done\n".utf8).write(to: browser)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser.path)
        let (drawn, _) = try await Self.preview(["aps": ["alert": "x"]], ["--no-fetch", "--png", picture.path], environment: ["HERALD_CHROMIUM": browser.path])
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(try Data(contentsOf: picture) == Data("the new picture".utf8))
    }

    @Test(arguments: [
        (["--png", "$DIR/p.jpg"], "must end in .png"), (["--html", "$DIR"], "is a directory"),
        (["--png", "$DIR/missing/p.png"], "no such directory"),
        (["--attachments-dir", "$DIR/payload.json"], "payload.json: is a file; give a folder"), (["--cache-dir", "$DIR/payload.json"], "payload.json: is a file; give a folder"),
    ])
    func aBadOutputPathIsAUsageError(_ arguments: [String], _ mentions: String) async throws {
        let (result, _) = try await Self.preview(["aps": ["alert": "x"]], ["--no-fetch"] + arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(mentions))
        #expect(result.stdout.isEmpty)
    }

    @Test func aDamagedAppIconIsAUsageError() async throws {
        let directory = try PreviewDownloadTests.temporaryDirectory()
        let icon = directory.appendingPathComponent("icon.png")
        try (Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + Data(count: 64)).write(to: icon)
        let (result, _) = try await Self.preview(["aps": ["alert": "x"]], ["--no-fetch", "--html", "$DIR/p.html", "--app-icon", icon.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("a damaged png image"))
    }

    // MARK: In a real browser

    /// What a page did in headless Chromium: each step's value, and everything it logged.
    struct BrowserRun {
        let results: [JSONValue]
        /// Console messages, uncaught exceptions and browser log entries (failed loads): a
        /// clean page has none.
        let problems: [JSONValue]
    }

    /// Opens a URL in headless Chromium through `Tools/Tests/Browser/cdp.py` and evaluates each
    /// JavaScript expression in turn, awaiting promises.
    static func browse(_ url: String, steps: [String]) async throws -> BrowserRun {
        let directory = try PreviewDownloadTests.temporaryDirectory()
        let stepsFile = directory.appendingPathComponent("steps.json")
        try JSONValue.array(steps.map(JSONValue.string)).encoded().write(to: stepsFile)
        let chromium = try Chromium.find()
        let result = try await HeraldProcess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", HeraldProcess.path("Tools/Tests/Browser/cdp.py"), chromium.executable.path, url, stepsFile.path])
        #expect(result.status == 0, "cdp.py: \(result.stderr) \(result.stdout)")
        let output = try JSONValue(parsing: result.stdout)
        let problems = ["console", "exceptions", "log"].flatMap { output[$0]?.arrayValue ?? [] }
        return BrowserRun(results: output["results"]?.arrayValue ?? [], problems: problems)
    }

    static let measureCards = """
        (() => {
        const out = {};
        for (const section of document.querySelectorAll('[data-appearance]')) {
          const rect = (e) => { if (!e) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
          const variant = (name) => {
            const figure = section.querySelector('[data-variant=' + name + ']');
            const avatar = figure.querySelector('[data-part=avatar]');
            return {
              card: rect(figure.querySelector('.card')), avatar: rect(avatar), badge: rect(figure.querySelector('[data-part=badge]')),
              appIcon: rect(figure.querySelector('[data-part=app-icon]')), thumbnail: rect(figure.querySelector('[data-part=thumbnail]')),
              avatarRadius: avatar ? getComputedStyle(avatar).borderTopLeftRadius : null,
              badgeImage: figure.querySelector('[data-part=badge]') ? getComputedStyle(figure.querySelector('[data-part=badge]')).backgroundImage.slice(0, 27) : null,
              avatarPixels: avatar && avatar.naturalWidth ? avatar.naturalWidth : 0,
              title: figure.querySelector('[data-part=title]').textContent,
              secondary: [...figure.querySelectorAll('[data-part=secondary]')].map((e) => e.textContent),
              body: figure.querySelector('[data-part=body]').textContent,
              bodyColor: getComputedStyle(figure.querySelector('[data-part=body]')).color,
            };
          };
          out[section.dataset.appearance] = { with: variant('with-herald'), without: variant('without-herald') };
        }
        return out;
        })()
        """

    @Test func theAvatarIsDrawnRoundAtTheLeadingEdgeWithTheAppIconAtItsCorner() async throws {
        let server = try LoopbackServer(routes: ["/maya.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: Self.avatar), "/crag.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: Self.photo)])
        defer { server.stop() }
        let (result, directory) = try await Self.preview(Self.groupMessage(server: server), ["--html", "$DIR/page.html", "--app-icon", Self.appIcon, "--app-name", "Rope"])
        #expect(result.status == 0, "\(result.stderr)")
        // The app icon's bytes are in the page once, however many cards show it.
        let html = try String(contentsOf: directory.appendingPathComponent("page.html"), encoding: .utf8)
        let iconBase64 = try Data(contentsOf: URL(fileURLWithPath: Self.appIcon)).base64EncodedString()
        #expect(html.components(separatedBy: iconBase64).count == 2)
        let run = try await Self.browse(directory.appendingPathComponent("page.html").absoluteString, steps: [Self.measureCards])
        #expect(run.problems.isEmpty, "the page logged: \(run.problems)")
        let measured = try #require(run.results.first)
        for appearance in ["light", "dark"] {
            let with = try #require(measured[appearance]?["with"])
            let card = try #require(with["card"]?.arrayValue?.compactMap { $0.numberValue?.doubleValue })
            let avatar = try #require(with["avatar"]?.arrayValue?.compactMap { $0.numberValue?.doubleValue })
            let badge = try #require(with["badge"]?.arrayValue?.compactMap { $0.numberValue?.doubleValue })
            // A 38-point circle, 14 points in from the card's leading edge, centred on the card.
            #expect(avatar[2] == 38 && avatar[3] == 38)
            #expect(with["avatarRadius"] == "50%")
            #expect(with["avatarPixels"] == 192)
            #expect(avatar[0] - card[0] == 14)
            #expect(abs((avatar[1] + avatar[3] / 2) - (card[1] + card[3] / 2)) <= 1)
            // The app icon, 16 points, overhangs the avatar's bottom-trailing corner by 4.
            #expect(badge[2] == 16 && badge[3] == 16)
            #expect(badge[0] + badge[2] == avatar[0] + avatar[2] + 4)
            #expect(badge[1] + badge[3] == avatar[1] + avatar[3] + 4)
            #expect(with["badgeImage"] == "url(\"data:image/png;base64,")
            #expect(with["title"] == "Maya Lindqvist")
            #expect(with["secondary"] == ["Weekend climbing"])
            // Payload text is text: the <b> in the body is shown, not obeyed.
            #expect(with["body"] == "Rope is packed. <b>Who</b> brings the chalk?")
            #expect(with["thumbnail"]?.arrayValue?.count == 4)
            // Without Herald: the app icon in the avatar's place, the payload's own title.
            let without = try #require(measured[appearance]?["without"])
            #expect(without["avatar"] == .null)
            #expect(without["appIcon"]?.arrayValue?.count == 4)
            #expect(without["secondary"] == ["Weekend climbing"])
        }
        #expect(measured["light"]?["with"]?["bodyColor"] == "rgb(0, 0, 0)")
        #expect(measured["dark"]?["with"]?["bodyColor"] == "rgb(255, 255, 255)")
    }

    @Test func aGroupWithItsOwnPictureIsDrawnWithItAndThePreviewSaysWhatBecameOfIt() async throws {
        let groupIcon = try Data(contentsOf: URL(fileURLWithPath: Self.appIcon))
        let server = try LoopbackServer(routes: [
            "/maya.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: Self.avatar),
            "/crew.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: groupIcon),
            "/crag.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: Self.photo),
        ])
        defer { server.stop() }
        var payload = Self.groupMessage(server: server)
        payload.set(.string(server.url("/crew.png").absoluteString), at: JSONPointer("/communication/group_avatar_url")!)
        let (result, directory) = try await Self.preview(payload, ["--html", "$DIR/page.html"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Conversation: c-1, group \"Weekend climbing\", group avatar \(server.url("/crew.png").absoluteString)"))
        #expect(result.stdout.contains("Group avatar: downloaded, \(groupIcon.count) bytes, png "))
        // The group's picture in the avatar's place (the sender's stands in only without one).
        let html = try String(contentsOf: directory.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(html.contains("class=\"avatar\" data-part=\"avatar\" alt=\"Maya Lindqvist\" src=\"data:image/png;base64,\(groupIcon.base64EncodedString())\""))
        #expect(!html.contains(Self.avatar.base64EncodedString()))
        let (json, _) = try await Self.preview(payload, ["--json"])
        let communication = try #require(try JSONValue(parsing: json.stdout)["communication"])
        #expect(communication["groupAvatarURL"]?.stringValue == server.url("/crew.png").absoluteString)
        #expect(communication["groupAvatar"]?["status"] == "downloaded")
        #expect(communication["groupAvatar"]?["bytes"]?.numberValue?.intValue == groupIcon.count)
    }

    @Test func pngIsDrawnByChromiumAtTwiceThePageSize() async throws {
        let server = try LoopbackServer(routes: ["/maya.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: Self.avatar), "/crag.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: Self.photo)])
        defer { server.stop() }
        let (result, directory) = try await Self.preview(Self.groupMessage(server: server), ["--png", "$DIR/picture.png", "--app-icon", Self.appIcon])
        #expect(result.status == 0, "\(result.stderr)")
        let png = try Data(contentsOf: directory.appendingPathComponent("picture.png"))
        #expect(png.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        let size = [16, 20].map { offset in png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(size == [PreviewPage.pictureWidth * 2, PreviewPage.pictureHeight * 2])
    }
}
