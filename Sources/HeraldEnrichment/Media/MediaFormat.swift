import HeraldCore

/// A media file format, as read from a file's first bytes.
///
/// An open set: Herald names the formats iOS accepts for notification attachments and avatars,
/// and a format it does not know is simply not one of these.
public struct MediaFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// Short lowercase name, such as `png`; also the file extension Herald gives the file.
    public let rawValue: String
    /// A format from its short name; names Herald does not know make formats of kind `.unknown`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// PNG, including APNG and Apple's CgBI variant.
    public static let png = MediaFormat(rawValue: "png")
    /// JPEG (JFIF, EXIF), baseline or progressive.
    public static let jpeg = MediaFormat(rawValue: "jpeg")
    /// GIF87a or GIF89a, animated or not.
    public static let gif = MediaFormat(rawValue: "gif")
    /// WebP: lossy (VP8), lossless (VP8L) or extended (VP8X). Not on Apple's attachment list.
    public static let webp = MediaFormat(rawValue: "webp")
    /// HEIF holding HEVC images (brands `heic`, `heix`, `hevc`, `hevx`...), as iPhones save photos.
    public static let heic = MediaFormat(rawValue: "heic")
    /// Any other HEIF image (brands `mif1`, `msf1`, `heif`).
    public static let heif = MediaFormat(rawValue: "heif")
    /// MPEG audio layer III, with or without an ID3v2 tag.
    public static let mp3 = MediaFormat(rawValue: "mp3")
    /// MPEG-4 audio (iTunes brands `M4A `, `M4B `).
    public static let m4a = MediaFormat(rawValue: "m4a")
    /// WAVE audio (RIFF or RF64).
    public static let wav = MediaFormat(rawValue: "wav")
    /// AIFF or AIFF-C audio.
    public static let aiff = MediaFormat(rawValue: "aiff")
    /// MPEG-4 video, and any ISO base media file that is not HEIF, M4A or QuickTime.
    public static let mp4 = MediaFormat(rawValue: "mp4")
    /// QuickTime movie (`ftyp` brand `qt  `, or classic atoms without `ftyp`).
    public static let mov = MediaFormat(rawValue: "mov")
    /// MPEG-1/MPEG-2 program stream or video elementary stream.
    public static let mpeg = MediaFormat(rawValue: "mpeg")
    /// AVI (RIFF `AVI `).
    public static let avi = MediaFormat(rawValue: "avi")

    /// The short name.
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
