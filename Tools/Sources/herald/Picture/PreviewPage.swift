import Foundation
import HeraldCore
import HeraldDesk

/// The page `herald preview --html` writes: the notification drawn as iOS lays it out, with
/// Herald and without, in light and dark appearance; below it the decisions and lint findings,
/// and what in the drawing is Apple's documented behaviour and what is an approximation.
///
/// One self-contained HTML document: no script, no network, images as `data:` URIs.
struct PreviewPage {
    var title: String
    var withHerald: NotificationCard
    var withoutHerald: NotificationCard
    var app: AppLook
    /// A line under the title: the layout, whether the extension runs.
    var summary: String
    var decisions: [Decision]
    var lint: [LintFinding]

    /// The window `--png` draws the picture-only page in, in CSS pixels: both cards side by
    /// side, light above dark.
    static let pictureWidth = 860
    static let pictureHeight = 640

    /// The whole document. `pictureOnly` leaves out the decisions, lint and notes (for `--png`).
    func html(pictureOnly: Bool = false) -> String {
        var page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(title))</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <header><h1>\(HTMLText.escape(title))</h1><p>\(HTMLText.escape(summary))</p></header>

            """
        page += picture
        if !pictureOnly {
            page += details
            page += Self.notes
        }
        page += "</body>\n</html>\n"
        return page
    }

    /// Both appearances, each with the pair of cards: the part the playground updates too.
    var picture: String {
        // The app icon appears four times (two cards, two appearances): its bytes go in the page
        // once, as a background every icon element shares.
        let iconStyle = app.icon.map { "<style>.icon-image { background: center / cover no-repeat url(\"\($0.dataURI)\"); }</style>\n" } ?? ""
        return iconStyle + ["light", "dark"].map { appearance in
            """
            <section class="appearance \(appearance)" data-appearance="\(appearance)">
            <h2>\(appearance == "light" ? "Light" : "Dark")</h2>
            <div class="pair">
            <figure data-variant="with-herald"><figcaption>With Herald</figcaption><div class="screen">\(card(withHerald))</div></figure>
            <figure data-variant="without-herald"><figcaption>Without Herald (as sent)</figcaption><div class="screen">\(card(withoutHerald))</div></figure>
            </div>
            </section>

            """
        }.joined()
    }

    private func card(_ card: NotificationCard) -> String {
        if let nothing = card.nothingShown {
            return "<p class=\"nothing\">\(HTMLText.escape(nothing))</p>"
        }
        var html = "<div class=\"card\" data-layout=\"\(card.leading == .appIcon ? "standard" : "communication")\">"
        switch card.leading {
        case .appIcon:
            html += "<div class=\"leading\">\(appIcon(class: "app-icon"))</div>"
        case .avatar(let avatar):
            html += "<div class=\"leading\">\(Self.avatar(avatar, alt: card.title))\(appIcon(class: "badge"))</div>"
        }
        html += "<div class=\"text\"><div class=\"first\"><span class=\"title\" data-part=\"title\">\(HTMLText.escape(card.title))</span><span class=\"time\">now</span></div>"
        for line in card.secondary {
            html += "<div class=\"secondary\" data-part=\"secondary\">\(HTMLText.escape(line))</div>"
        }
        if !card.body.isEmpty {
            html += "<div class=\"body\" data-part=\"body\">\(HTMLText.escape(card.body))</div>"
        }
        html += "</div>"
        switch card.thumbnail {
        case .image(let image)?: html += "<img class=\"thumbnail\" data-part=\"thumbnail\" alt=\"attachment\" src=\"\(image.dataURI)\">"
        case .placeholder(let kind)?: html += "<div class=\"thumbnail placeholder\" data-part=\"thumbnail\">\(HTMLText.escape(kind))</div>"
        case nil: break
        }
        return html + "</div>"
    }

    /// The avatar's element: the picture, a placeholder naming a format the page cannot draw,
    /// or the initials as Herald's extension draws them, white on their colour.
    private static func avatar(_ avatar: NotificationCard.Avatar, alt: String) -> String {
        switch avatar {
        case .image(let image):
            return "<img class=\"avatar\" data-part=\"avatar\" alt=\"\(HTMLText.escape(alt))\" src=\"\(image.dataURI)\">"
        case .undrawable(let format):
            return "<div class=\"avatar placeholder\" data-part=\"avatar\" role=\"img\" aria-label=\"\(HTMLText.escape(alt)): a \(HTMLText.escape(format)) picture\">\(HTMLText.escape(format))</div>"
        case .none:
            return "<div class=\"avatar placeholder\" data-part=\"avatar\" role=\"img\" aria-label=\"no picture\"></div>"
        case .initials(let initials):
            let letters = HTMLText.escape(initials.letters)
            let color = initials.color.cssHex
            // Two letters are set smaller than one, so both fit the circle.
            let size = initials.letters.count > 1 ? " two" : ""
            return "<div class=\"avatar initials\(size)\" data-part=\"avatar\" role=\"img\" aria-label=\"\(letters.isEmpty ? "no initials" : "initials " + letters)\" data-initials=\"\(letters)\" "
                + "data-color=\"\(color)\" style=\"background-color: \(color)\">\(letters)</div>"
        }
    }

    private func appIcon(class name: String) -> String {
        if app.icon != nil {
            return "<div class=\"\(name) icon-image\" data-part=\"\(name)\" role=\"img\" aria-label=\"\(HTMLText.escape(app.name)) icon\"></div>"
        }
        let letter = app.name.first.map { String($0).uppercased() } ?? "A"
        return "<div class=\"\(name) placeholder-icon\" data-part=\"\(name)\" role=\"img\" aria-label=\"app icon placeholder\">\(HTMLText.escape(letter))</div>"
    }

    private var details: String {
        var html = "<section class=\"details\">\n<h2>Decisions</h2>\n<ul class=\"decisions\">\n"
        html += decisions.map { "<li><code>\(HTMLText.escape($0.code.rawValue))</code> \(HTMLText.escape($0.message))</li>\n" }.joined()
        html += "</ul>\n<h2>Lint: \(HTMLText.escape(PreviewReport.summary(lint)))</h2>\n<ul class=\"lint\">\n"
        html += lint.map {
            "<li class=\"\($0.severity.rawValue)\"><strong>\($0.severity.rawValue)</strong> <code>\(HTMLText.escape($0.rule.id))</code> \(HTMLText.escape($0.message))</li>\n"
        }.joined()
        return html + "</ul>\n</section>\n"
    }

    /// What is Apple's documented behaviour and what is drawn by estimate; docs/preview-picture.md
    /// gives the sources.
    static let notes = """
        <section class="notes">
        <h2>How this picture is drawn</h2>
        <p>Documented by Apple: a communication notification shows the sender's picture badged with a \
        small app icon, the sender's name, and the group's name for a group conversation; the \
        standard layout shows the app icon at the leading edge; an attachment shows as a thumbnail; \
        with no title, iOS shows the app's name in its place.</p>
        <p>Approximated: sizes, spacing and the corner radius (measured from screenshots by others, \
        not published by Apple); the font (SF Pro is Apple's and not on this machine); the frosted \
        background (a blur and tint stand in for iOS's material); the body clipped at four lines \
        as in the Lock Screen list; the time, always "now"; the thumbnail's size. The group's name is \
        drawn as the line under the sender's, and a group's own picture in the sender's place, as \
        developers report them. Details: docs/preview-picture.md.</p>
        <p>Herald's own: for a sender without a picture (none given, or a download that failed or \
        was refused), Herald's extension draws the sender's initials on a colour chosen from \
        their id, the same as here; for a group without one, the group's initials.</p>
        </section>

        """
}
