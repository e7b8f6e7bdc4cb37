import Foundation
import HeraldCore

/// How the pipeline behaves: time limits, byte caps, what may be fetched, where files go.
///
/// Defaults suit a notification service extension: a 25 s budget under Apple's ~30 s, 5 s for
/// the avatar, https only, Apple's attachment size limits.
public struct EnrichmentConfiguration: Sendable {
    /// The layout to read payloads with; `nil` detects one per payload.
    public var layout: Layout?
    /// The whole pipeline's time: what is not done by then is left out (with a decision).
    /// This and the timeouts below count as a day when longer.
    public var budget: Duration
    /// The avatar download's own deadline.
    public var avatarTimeout: Duration
    /// Each attachment download's own deadline (the budget still bounds it).
    public var attachmentTimeout: Duration
    /// Whether to download at all; off, avatars and attachments are `skipped`.
    public var fetchMedia: Bool
    /// Plain http URLs are refused unless this is on (development, loopback tests).
    public var allowHTTP: Bool
    /// When set, media is downloaded only from these hosts (lowercased); `nil` allows any.
    public var allowedHosts: Set<String>?
    /// Where `file:` URLs and relative paths resolve; `nil` (the default, and always on the
    /// phone) refuses them. `herald preview` sets the payload file's directory.
    public var localFileBase: URL?
    /// Redirects followed before a download fails.
    public var maximumRedirects: Int
    /// Avatar bytes read before the download is rejected.
    public var avatarByteLimit: Int
    /// Avatars with more pixels than this are rejected outright: nothing decodes them, not
    /// even to downsample. Default half of ``extensionMemoryCeiling`` decoded (3,145,728
    /// pixels, about 1773 × 1773): should ImageIO decode one in full to make its thumbnail
    /// (only JPEG is sure to shrink while decoding), half the memory is left for the rest.
    public var maximumAvatarPixels: Int
    /// Avatars with more pixels than this reach iOS only downsampled; when downsampling fails
    /// they are dropped (with a decision), never passed on as downloaded. Default a quarter of
    /// ``extensionMemoryCeiling`` decoded (1,572,864 pixels, about 1254 × 1254).
    public var maximumUndownsampledAvatarPixels: Int
    /// Avatars larger than this (in pixels, either side) are marked for downsampling.
    public var avatarDisplaySize: Int
    /// Attachment size caps per kind, applied while streaming.
    public var attachmentByteLimits: [Message.Attachment.Kind: Int]
    /// How many attachments are downloaded, the first in payload order; default 3. iOS shows
    /// only the first attachment it is given, and the next stand in when an earlier one
    /// fails. The rest are skipped, with one `attachments-dropped` decision.
    public var maximumAttachmentDownloads: Int
    /// Where attachment files are written; each notification gets its own subdirectory.
    public var attachmentDirectory: URL
    /// The avatar cache; `nil` for none.
    public var avatarCache: AvatarCacheConfiguration?
    /// Body text shown when an encrypted payload cannot be opened.
    public var encryptedFallbackText: String
    /// How the app shows nothing for a push that retracts messages, its extension's
    /// `RetractFallback` setting: `filtered` delivers empty content (the extension has the
    /// filtering entitlement), `visible` the push's own text; `nil` (no setting) or `background`
    /// deliver the push as sent, with a `retraction-shown` decision.
    public var retractFallback: RetractFallback?
    /// The longest the removal of delivered notifications (an edit's or a retraction's) may
    /// take, reading iOS's list until they are gone from it; the budget still bounds it.
    /// Default 1 s, the longest wait shipping apps use (UNVERIFIED how long iOS needs).
    public var removalTimeout: Duration
    /// The app's unread count, kept in the app group (``BadgeCounter``): a message's
    /// `badge_increment` adds to it and a retraction takes off what the removed notifications
    /// added; `nil` (no app group) leaves the badge to the payload.
    public var badgeCounter: BadgeCounter?
    /// The app's map from senders' handles to address-book contacts, kept in the app group
    /// (``ContactMap``), so that Focus recognises a matched sender; `nil` (no app group, or a
    /// preview) names senders by their handles alone.
    public var contactMap: ContactMap?
    /// Where a push that carries only ids (`fetch_content`) has its message fetched; `nil`
    /// shows such a push's own text, with a decision.
    public var contentSource: ContentSource?

    /// The memory iOS lets a notification service extension use before it kills it: about
    /// 24 MB ("exceeded mem limit: ActiveHard 24 MB"; 12–16 MB on older devices). Apple
    /// documents no figure; the avatar pixel limits derive from this one.
    public static let extensionMemoryCeiling = 24 * 1_048_576

    /// What a decoded image costs per pixel: four bytes (8-bit RGBA).
    public static let decodedBytesPerPixel = 4

    /// Apple's documented limits: image 10 MB, audio 5 MB, movie 50 MB. An attachment of
    /// unknown kind is held to the image limit.
    public static let appleAttachmentLimits: [Message.Attachment.Kind: Int] = [
        .image: 10_000_000, .audio: 5_000_000, .movie: 50_000_000, .unknown: 10_000_000,
    ]

    /// - Parameters: see the properties; every one has the default described there.
    public init(
        layout: Layout? = nil,
        budget: Duration = .seconds(25),
        avatarTimeout: Duration = .seconds(5),
        attachmentTimeout: Duration = .seconds(20),
        fetchMedia: Bool = true,
        allowHTTP: Bool = false,
        allowedHosts: Set<String>? = nil,
        localFileBase: URL? = nil,
        maximumRedirects: Int = 3,
        avatarByteLimit: Int = 1_000_000,
        maximumAvatarPixels: Int = EnrichmentConfiguration.extensionMemoryCeiling / 2 / EnrichmentConfiguration.decodedBytesPerPixel,
        maximumUndownsampledAvatarPixels: Int =
            EnrichmentConfiguration.extensionMemoryCeiling / 4 / EnrichmentConfiguration.decodedBytesPerPixel,
        avatarDisplaySize: Int = 256,
        attachmentByteLimits: [Message.Attachment.Kind: Int] = EnrichmentConfiguration.appleAttachmentLimits,
        maximumAttachmentDownloads: Int = 3,
        attachmentDirectory: URL = DefaultFolder.temporary("attachments"),
        avatarCache: AvatarCacheConfiguration? = nil,
        encryptedFallbackText: String = "(Encrypted)",
        retractFallback: RetractFallback? = nil,
        removalTimeout: Duration = .seconds(1),
        badgeCounter: BadgeCounter? = nil,
        contactMap: ContactMap? = nil,
        contentSource: ContentSource? = nil
    ) {
        self.layout = layout
        self.budget = budget
        self.avatarTimeout = avatarTimeout
        self.attachmentTimeout = attachmentTimeout
        self.fetchMedia = fetchMedia
        self.allowHTTP = allowHTTP
        self.allowedHosts = allowedHosts
        self.localFileBase = localFileBase
        self.maximumRedirects = maximumRedirects
        self.avatarByteLimit = avatarByteLimit
        self.maximumAvatarPixels = maximumAvatarPixels
        self.maximumUndownsampledAvatarPixels = maximumUndownsampledAvatarPixels
        self.avatarDisplaySize = avatarDisplaySize
        self.attachmentByteLimits = attachmentByteLimits
        self.maximumAttachmentDownloads = maximumAttachmentDownloads
        self.attachmentDirectory = attachmentDirectory
        self.avatarCache = avatarCache
        self.encryptedFallbackText = encryptedFallbackText
        self.retractFallback = retractFallback
        self.removalTimeout = removalTimeout
        self.badgeCounter = badgeCounter
        self.contactMap = contactMap
        self.contentSource = contentSource
    }
}
