import HeraldCore

/// Everything the extension delivers for one notification, as a value.
///
/// The iOS adapter only maps this onto Apple types; the CLI prints it. ``stage`` says how far
/// the pipeline got: on expiry the best value reached so far is delivered.
public struct EnrichedNotification: Hashable, Sendable {
    /// How far the pipeline got.
    public enum Stage: Int, Hashable, Sendable, Comparable, CustomStringConvertible {
        /// The payload as received (iOS's own content, or the fallback text).
        case original
        /// Decrypted (or not encrypted) and decoded: final text, message, no media yet.
        case decoded
        /// Every download finished, timed out or failed.
        case complete

        public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .original: "original"
            case .decoded: "decoded"
            case .complete: "complete"
            }
        }
    }

    /// How far the pipeline had got when this value was made.
    public var stage: Stage
    /// The layout that read the payload.
    public var layoutName: String
    /// Whether iOS runs an extension for the payload at all.
    public var extensionWillRun: Bool
    /// Final title, subtitle, body and the other content fields.
    public var content: ContentFields
    /// Sender, conversation, group, recipients and the attachments the payload named.
    public var message: Message
    /// The avatar download; `nil` when there is no sender or no avatar URL.
    public var avatar: AvatarResult?
    /// The group avatar download; `nil` when there is no sender, no group or no group avatar URL.
    public var groupAvatar: AvatarResult?
    /// One result per attachment in ``message``, in the same order.
    public var attachments: [AttachmentResult]
    /// Every decision, in the order taken.
    public var decisions: [Decision]
    /// Whether the content to deliver is empty, so that iOS shows nothing: a retraction, in an
    /// app with the filtering entitlement (``EnrichmentConfiguration/retractFallback``).
    public var deliversNothing: Bool
    /// What this notification stands for in the app's unread count (``BadgeCounter``): what a
    /// new message added, or what the notifications an edit replaced had added; a later
    /// retraction takes it off again. 0 for none.
    public var countedInBadge: Int
    /// The address-book contact the app's ``ContactMap`` matched to the sender; `nil` when it
    /// has none, or there is no map (``EnrichmentConfiguration/contactMap``).
    public var senderContactIdentifier: String?
    /// For a push that carries only ids (`fetch_content`): whether its message was fetched, and
    /// why not; `nil` for any other push.
    public var contentFetch: ContentFetchOutcome?

    /// - Parameters: see the properties.
    public init(
        stage: Stage, layoutName: String, extensionWillRun: Bool, content: ContentFields, message: Message,
        avatar: AvatarResult? = nil, groupAvatar: AvatarResult? = nil, attachments: [AttachmentResult] = [], decisions: [Decision] = [],
        deliversNothing: Bool = false
    ) {
        self.stage = stage
        self.layoutName = layoutName
        self.extensionWillRun = extensionWillRun
        self.content = content
        self.message = message
        self.avatar = avatar
        self.groupAvatar = groupAvatar
        self.attachments = attachments
        self.decisions = decisions
        self.deliversNothing = deliversNothing
        self.countedInBadge = 0
        self.senderContactIdentifier = nil
        self.contentFetch = nil
    }

    /// Whether iOS can show the communication layout (``/HeraldCore/Message/isCommunication``).
    public var isCommunication: Bool { message.isCommunication }
}
