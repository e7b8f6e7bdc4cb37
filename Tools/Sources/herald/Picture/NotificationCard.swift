import Foundation
import HeraldCore
import HeraldEnrichment

/// One notification as iOS draws it in the Lock Screen's list, as values a page draws.
///
/// Two come from each preview: ``withHerald(_:appName:)``, what the extension delivers, and
/// ``withoutHerald(_:appName:)``, the payload as iOS shows it when no extension changes it.
struct NotificationCard: Hashable {
    /// What sits at the leading edge.
    enum Leading: Hashable {
        /// The app's icon: the standard layout.
        case appIcon
        /// The sender's (or the group's) picture, badged with the app's icon: the communication
        /// layout.
        case avatar(Avatar)
    }

    /// What the communication layout draws in the avatar's place.
    enum Avatar: Hashable {
        /// A downloaded picture.
        case image(EmbeddedImage)
        /// A downloaded picture the phone shows but a browser cannot draw (HEIC), by format.
        case undrawable(String)
        /// No picture: the letters and colour Herald's extension draws instead.
        case initials(InitialsAvatar)
        /// Neither a picture nor drawn initials (the extension's `InitialsAvatar` is off): iOS's
        /// own default, drawn as a plain circle.
        case none
    }

    /// The attachment's thumbnail at the trailing edge.
    enum Thumbnail: Hashable {
        case image(EmbeddedImage)
        /// Media the page cannot draw (a movie, a sound, a HEIC image), by kind.
        case placeholder(String)
    }

    var leading: Leading
    /// The bold first line: the sender's name, else the title, else the app's name.
    var title: String
    /// Lines under the title: a group's name, a subtitle.
    var secondary: [String]
    var body: String
    var thumbnail: Thumbnail?
    /// Set when iOS shows no alert at all, saying why; the other fields are then empty.
    var nothingShown: String?

    /// The payload as iOS shows it when no extension runs or changes it.
    ///
    /// - Parameters:
    ///   - payload: the payload as the phone receives it.
    ///   - appName: the app's name, which iOS shows in the title's place when there is no title.
    static func withoutHerald(_ payload: Payload, appName: String) -> NotificationCard {
        guard let alert = payload.aps?.alert, alert.isVisible else {
            return NotificationCard(
                leading: .appIcon, title: "", secondary: [], body: "", thumbnail: nil,
                nothingShown: payload.aps == nil ? "iOS shows nothing: the payload has no aps" : "iOS shows no alert: aps has no alert text")
        }
        let content = ContentFields(aps: payload.aps ?? APS())
        var body = content.body
        if body.isEmpty, let key = alert.locKey {
            body = "(the app's localized text \(key))"
        }
        return NotificationCard(
            leading: .appIcon, title: content.title.isEmpty ? appName : content.title,
            secondary: content.subtitle.isEmpty ? [] : [content.subtitle], body: body, thumbnail: nil, nothingShown: nil)
    }

    /// What Herald's extension delivers: the communication layout when there is a sender.
    ///
    /// - Parameters:
    ///   - report: the preview, downloads done.
    ///   - appName: the app's name, for the title's place when there is no title.
    static func withHerald(_ report: PreviewReport, payload: Payload, appName: String) -> NotificationCard {
        let notification = report.notification
        guard notification.extensionWillRun else { return withoutHerald(payload, appName: appName) }
        let content = notification.content
        if notification.deliversNothing {
            return NotificationCard(
                leading: .appIcon, title: appName, secondary: [], body: "", thumbnail: nil,
                nothingShown: "iOS shows nothing: the extension removes the retracted notifications and delivers empty content")
        }
        let thumbnail = notification.attachments.lazy.compactMap(Self.thumbnail).first
        // A retraction's own text ("Message deleted") is shown without the sender's layout.
        guard let sender = notification.message.sender, notification.isCommunication else {
            return NotificationCard(
                leading: .appIcon, title: content.title.isEmpty ? appName : content.title,
                secondary: content.subtitle.isEmpty ? [] : [content.subtitle], body: content.body, thumbnail: thumbnail, nothingShown: nil)
        }
        let group = notification.message.groupName
        var secondary = group.map { [$0] } ?? []
        if !content.subtitle.isEmpty, content.subtitle != group, content.subtitle != sender.displayName {
            secondary.append(content.subtitle)
        }
        // A local avatar file is read by a preview only; the phone, given no https URL, shows none.
        let senderPicture = sender.avatarURL == nil ? nil : notification.avatar.flatMap(Self.picture)
        // The picture the communication layout gave the sender, or in a group the group line
        // (estimated from developer reports: its own, else the sender's); without one, the
        // initials the layout had the extension draw.
        let layout = report.communication
        let picture: Avatar?
        switch (group, layout?.groupImage) {
        case (nil, _): picture = senderPicture
        case (_, .group?): picture = notification.groupAvatar.flatMap(Self.picture)
        case (_, .sender?): picture = senderPicture
        case (_, nil): picture = nil
        }
        let drawn = (group == nil ? layout?.senderInitials : layout?.groupInitials).map(Avatar.initials)
        let avatar = picture ?? drawn ?? .none
        return NotificationCard(
            leading: .avatar(avatar), title: sender.displayName, secondary: secondary, body: content.body, thumbnail: thumbnail, nothingShown: nil)
    }

    /// A downloaded avatar as a page draws it: the image when a browser draws its format, else
    /// a placeholder naming the format; `nil` when none was downloaded.
    private static func picture(_ avatar: AvatarResult) -> Avatar? {
        guard let data = avatar.data, let info = avatar.info else { return nil }
        return EmbeddedImage(data: data, format: info.format).map(Avatar.image) ?? .undrawable(info.format.rawValue.uppercased())
    }

    /// The first downloaded attachment's thumbnail: the image itself when a browser draws its
    /// format, else a placeholder naming the kind.
    private static func thumbnail(_ result: AttachmentResult) -> Thumbnail? {
        guard let file = result.file, let format = result.format else { return nil }
        if format.kind == .image, let data = try? Data(contentsOf: file, options: .mappedIfSafe), let image = EmbeddedImage(data: data, format: format) {
            return .image(image)
        }
        return .placeholder(format.kind == .image ? format.rawValue.uppercased() : format.kind.rawValue)
    }
}

/// Image bytes a page carries inline, as a `data:` URI.
struct EmbeddedImage: Hashable {
    let mimeType: String
    let data: Data

    /// Formats every browser draws; `nil` for others (HEIC).
    init?(data: Data, format: MediaFormat) {
        let types: [MediaFormat: String] = [.png: "image/png", .jpeg: "image/jpeg", .gif: "image/gif", .webp: "image/webp"]
        guard let mimeType = types[format] else { return nil }
        self.mimeType = mimeType
        self.data = data
    }

    var dataURI: String { "data:\(mimeType);base64,\(data.base64EncodedString())" }
}
