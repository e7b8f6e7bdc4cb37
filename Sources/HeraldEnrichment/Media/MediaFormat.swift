import HeraldCore

/// A media file format, as read from a file's first bytes.
///
/// An open set: Herald names the formats iOS accepts for notification attachments and avatars,
/// and a format it does not know is simply not one of these.
public struct MediaFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Short lowercase name, such as `png`; also the file extension Herald gives the file.
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let png = MediaFormat(rawValue: "png")
    public static let jpeg = MediaFormat(rawValue: "jpeg")
    public static let gif = MediaFormat(rawValue: "gif")
    public static let webp = MediaFormat(rawValue: "webp")
    public static let heic = MediaFormat(rawValue: "heic")
    public static let heif = MediaFormat(rawValue: "heif")
    public static let mp3 = MediaFormat(rawValue: "mp3")
    public static let m4a = MediaFormat(rawValue: "m4a")
    public static let wav = MediaFormat(rawValue: "wav")
    public static let aiff = MediaFormat(rawValue: "aiff")
    public static let mp4 = MediaFormat(rawValue: "mp4")
    public static let mov = MediaFormat(rawValue: "mov")
    public static let mpeg = MediaFormat(rawValue: "mpeg")
    public static let avi = MediaFormat(rawValue: "avi")

    public var description: String { rawValue }

    /// What iOS does with the format: each kind has its own attachment size limit.
    public var kind: Message.Attachment.Kind {
        switch self {
        case .png, .jpeg, .gif, .webp, .heic, .heif: .image
        case .mp3, .m4a, .wav, .aiff: .audio
        case .mp4, .mov, .mpeg, .avi: .movie
        default: .unknown
        }
    }

    /// The extension a file of this format gets on disk: iOS tells an attachment's type by it.
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .mpeg: "mpg"
        default: rawValue
        }
    }

    /// The uniform type identifier (for `UNNotificationAttachmentOptionsTypeHintKey`).
    public var uniformTypeIdentifier: String {
        switch self {
        case .png: "public.png"
        case .jpeg: "public.jpeg"
        case .gif: "com.compuserve.gif"
        case .webp: "org.webmproject.webp"
        case .heic: "public.heic"
        case .heif: "public.heif"
        case .mp3: "public.mp3"
        case .m4a: "com.apple.m4a-audio"
        case .wav: "com.microsoft.waveform-audio"
        case .aiff: "public.aiff-audio"
        case .mp4: "public.mpeg-4"
        case .mov: "com.apple.quicktime-movie"
        case .mpeg: "public.mpeg"
        case .avi: "public.avi"
        default: "public.data"
        }
    }

    /// Whether iOS accepts this format as a notification attachment (Apple's
    /// UNNotificationAttachment page: JPEG, GIF, PNG; AIFF, WAV, MP3, MPEG-4 audio; MPEG,
    /// MPEG-2, MPEG-4, AVI). HEIC, WebP and QuickTime are not on Apple's list.
    /// UNVERIFIED: recent iOS versions show HEIC attachments; Herald keeps to the documented list.
    public var isDocumentedAttachmentFormat: Bool {
        [.png, .jpeg, .gif, .mp3, .m4a, .wav, .aiff, .mp4, .mpeg, .avi].contains(self)
    }
}
