import Foundation
import HeraldCore
import HeraldEnrichment
import HeraldTestSupport
import Testing

@testable import herald

/// A sender or group without a picture: the preview draws the initials Herald's extension draws,
/// on the same colour.
///
/// The expected colours are worked out by hand, not by asking `AvatarColor`: the 32-bit FNV-1a
/// hash of the seed's UTF-8 bytes, modulo the palette's eight colours, in order red `#c62828`,
/// orange `#ad4e00`, green `#2e7d32`, teal `#00796b`, blue `#1565c0`, indigo `#3949ab`, purple
/// `#7b1fa2`, pink `#ad1457`.
@Suite("herald preview initials")
struct PreviewInitialsTests {
    /// The avatar element a page draws for `letters` on `color`: what the with-Herald card shows
    /// in each appearance.
    static func initials(_ letters: String, _ color: String) -> String {
        let size = letters.count > 1 ? " two" : ""
        let label = letters.isEmpty ? "no initials" : "initials \(letters)"
        return "<div class=\"avatar initials\(size)\" data-part=\"avatar\" role=\"img\" aria-label=\"\(label)\" data-initials=\"\(letters)\" "
            + "data-color=\"\(color)\" style=\"background-color: \(color)\">\(letters)</div>"
    }

    /// Each avatar element in a page, in order (light, then dark).
    static func avatars(in html: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"<img class="avatar"[^>]*>|<div class="avatar[^"]*" data-part="avatar"[^>]*>[^<]*</div>"#)
        return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { String(html[Range($0.range, in: html)!]) }
    }

    /// A direct message from a sender named by `communication`.
    static func message(_ communication: JSONValue, avatarURL: String? = nil) -> JSONValue {
        var communication = communication
        if let avatarURL { communication.set(.string(avatarURL), at: JSONPointer(tokens: ["avatar_url"])) }
        return ["aps": ["alert": ["title": "Maya", "body": "On my way"], "mutable-content": 1], "communication": communication]
    }

    /// The page `herald preview --html` writes for a payload.
    static func page(_ payload: JSONValue, fetch: Bool = false) async throws -> (html: String, file: URL) {
        let (result, directory) = try await PreviewPictureTests.preview(payload, (fetch ? [] : ["--no-fetch"]) + ["--html", "$DIR/page.html"])
        #expect(result.status == 0, "\(result.stderr)")
        let file = directory.appendingPathComponent("page.html")
        return (try String(contentsOf: file, encoding: .utf8), file)
    }

    @Test(arguments: [
        // FNV-1a("u-maya") = 2254394599; mod 8 = 7: pink.
        (["sender_name": "Maya Lindqvist", "sender_id": "u-maya"], "ML", "#ad1457"),
        // No id: the name is the seed. FNV-1a("Maya Lindqvist") = 3125263651; mod 8 = 3: teal.
        (["sender_name": "Maya Lindqvist"], "ML", "#00796b"),
        // The given and family names, when the payload names them apart, give the letters.
        (["sender_name": "Maya", "sender_given_name": "Maya", "sender_family_name": "Lindqvist", "sender_id": "u-maya"], "ML", "#ad1457"),
        // One word, one letter. FNV-1a("u-ann") = 2562881326; mod 8 = 6: purple.
        (["sender_name": "ann", "sender_id": "u-ann"], "A", "#7b1fa2"),
        // No letter at all: the colour alone. FNV-1a("u-q") = 1060402626; mod 8 = 2: green.
        (["sender_name": "???", "sender_id": "u-q"], "", "#2e7d32"),
    ])
    func aSenderWithoutAPictureIsDrawnAsTheirInitialsOnTheirColour(_ communication: [String: String], _ letters: String, _ color: String) async throws {
        let (html, _) = try await Self.page(Self.message(.object(communication.mapValues(JSONValue.string))))
        #expect(Self.avatars(in: html) == [Self.initials(letters, color), Self.initials(letters, color)])
        #expect(!html.contains("silhouette"))
    }

    @Test(arguments: [
        LoopbackServer.Behavior.respond(status: 404, body: Data("gone".utf8)),
        .respond(status: 200, headers: ["Content-Type": "image/png"], body: Data("not an image".utf8)),
    ])
    func aFailedOrRefusedDownloadIsDrawnAsInitials(_ answer: LoopbackServer.Behavior) async throws {
        let server = try LoopbackServer(routes: ["/maya.png": answer])
        defer { server.stop() }
        let payload = Self.message(["sender_name": "Maya Lindqvist", "sender_id": "u-maya"], avatarURL: server.url("/maya.png").absoluteString)
        let (html, _) = try await Self.page(payload, fetch: true)
        #expect(server.requestCount("/maya.png") == 1)
        #expect(Self.avatars(in: html) == [Self.initials("ML", "#ad1457"), Self.initials("ML", "#ad1457")])
    }

    @Test func aNameWithMarkupIsTextAndItsInitialsAreItsLetters() async throws {
        let (html, _) = try await Self.page(Self.message(["sender_name": "<b>x</b> \"y", "sender_id": "u-x", "group_name": "<i>crew</i>"]))
        #expect(!html.contains("<b>") && !html.contains("<i>"))
        #expect(html.contains("data-part=\"title\">&lt;b&gt;x&lt;/b&gt; &quot;y</span>"))
        // A group: the group's letters (the first letter is the i of <i>), on its name's colour,
        // with no conversation id. FNV-1a("<i>crew</i>") = 612748591; mod 8 = 7: pink.
        #expect(Self.avatars(in: html) == [Self.initials("I", "#ad1457"), Self.initials("I", "#ad1457")])
        // Direct: FNV-1a("u-x") = 1211401197; mod 8 = 5: indigo.
        let direct = try await Self.page(Self.message(["sender_name": "<b>x</b> \"y", "sender_id": "u-x"])).html
        #expect(Self.avatars(in: direct).first == Self.initials("BY", "#3949ab"))
    }

    @Test func aDownloadedAvatarIsDrawnNotInitials() async throws {
        let server = try LoopbackServer(routes: ["/maya.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: PreviewPictureTests.avatar)])
        defer { server.stop() }
        let payload = Self.message(["sender_name": "Maya Lindqvist", "sender_id": "u-maya"], avatarURL: server.url("/maya.png").absoluteString)
        let (html, _) = try await Self.page(payload, fetch: true)
        let image = "<img class=\"avatar\" data-part=\"avatar\" alt=\"Maya Lindqvist\" src=\"data:image/png;base64,\(PreviewPictureTests.avatar.base64EncodedString())\">"
        #expect(Self.avatars(in: html) == [image, image])
        #expect(!html.contains("data-initials"))
    }

    @Test func aGroupWithoutAPictureIsDrawnAsTheGroupsInitialsAndWithTheSendersAsThat() async throws {
        let server = try LoopbackServer(routes: [
            "/maya.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: PreviewPictureTests.avatar),
            "/crag.png": .respond(status: 200, headers: ["Content-Type": "image/png"], body: PreviewPictureTests.photo),
        ])
        defer { server.stop() }
        // "Weekend climbing" in conversation c-1: FNV-1a("c-1") = 1244703572; mod 8 = 4: blue.
        var withoutPictures = PreviewPictureTests.groupMessage(server: server, avatar: false)
        withoutPictures.set("u-maya", at: JSONPointer(tokens: ["communication", "sender_id"]))
        let (html, _) = try await Self.page(withoutPictures, fetch: true)
        #expect(Self.avatars(in: html) == [Self.initials("WC", "#1565c0"), Self.initials("WC", "#1565c0")])
        // The sender's picture stands in for the group's, as on the phone.
        let (withSenders, _) = try await Self.page(PreviewPictureTests.groupMessage(server: server), fetch: true)
        #expect(Self.avatars(in: withSenders).allSatisfy { $0.hasPrefix("<img class=\"avatar\"") })
        #expect(!withSenders.contains("data-initials"))
    }

    @Test func aPictureABrowserCannotDrawIsNamedNotReplacedByInitials() {
        let payload = Payload(json: Self.message(["sender_name": "Maya Lindqvist"], avatarURL: "https://example.com/maya.heic"))
        let notification = EnrichedNotification(
            stage: .complete, layoutName: "apns", extensionWillRun: true, content: ContentFields(aps: payload.aps!), message: Layout.apns.decode(payload.json).message,
            avatar: AvatarResult(status: .downloaded, data: Data([0, 1, 2]), info: ImageInfo(format: .heic, width: 192, height: 192)))
        let card = NotificationCard.withHerald(PreviewReport(notification: notification, lint: [], elapsed: .zero), payload: payload, appName: "Rope")
        #expect(card.leading == .avatar(.undrawable("HEIC")))
    }

    @Test func theInitialsAreWhiteAndCentredOnAColouredCircleAtTheLeadingEdge() async throws {
        let (_, file) = try await Self.page(Self.message(["sender_name": "Maya Lindqvist", "sender_id": "u-maya"]))
        let measure = """
            (() => {
            const out = {};
            for (const section of document.querySelectorAll('[data-appearance]')) {
              const figure = section.querySelector('[data-variant=with-herald]');
              const avatar = figure.querySelector('[data-part=avatar]');
              const style = getComputedStyle(avatar);
              const range = document.createRange();
              range.selectNodeContents(avatar);
              const box = (r) => [r.left, r.top, r.width, r.height];
              out[section.dataset.appearance] = {
                card: box(figure.querySelector('.card').getBoundingClientRect()), avatar: box(avatar.getBoundingClientRect()),
                text: box(range.getBoundingClientRect()), radius: style.borderTopLeftRadius, background: style.backgroundColor,
                color: style.color, fontSize: style.fontSize, letters: avatar.textContent,
              };
            }
            return out;
            })()
            """
        let run = try await PreviewPictureTests.browse(file.absoluteString, steps: [measure])
        #expect(run.problems.isEmpty, "the page logged: \(run.problems)")
        let measured = try #require(run.results.first)
        for appearance in ["light", "dark"] {
            let drawn = try #require(measured[appearance])
            let numbers = { (key: String) in drawn[key]?.arrayValue?.compactMap { $0.numberValue?.doubleValue } ?? [] }
            let (card, avatar, text) = (numbers("card"), numbers("avatar"), numbers("text"))
            try #require(card.count == 4 && avatar.count == 4 && text.count == 4)
            // The 38-point circle, 14 points in from the card's edge, in pink #ad1457.
            #expect(avatar[2] == 38 && avatar[3] == 38)
            #expect(avatar[0] - card[0] == 14)
            #expect(drawn["radius"] == "50%")
            #expect(drawn["background"] == "rgb(173, 20, 87)")
            // White letters, set for two, centred both ways.
            #expect(drawn["letters"] == "ML")
            #expect(drawn["color"] == "rgb(255, 255, 255)")
            #expect(drawn["fontSize"] == "14px")
            #expect(text[2] > 10 && text[2] < 38)
            #expect(abs((text[0] + text[2] / 2) - (avatar[0] + avatar[2] / 2)) <= 1)
            #expect(abs((text[1] + text[3] / 2) - (avatar[1] + avatar[3] / 2)) <= 1)
        }
    }
}
