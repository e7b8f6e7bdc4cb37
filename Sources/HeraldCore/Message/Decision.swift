/// One thing Herald decided about a notification, and why.
///
/// Decisions are values so the preview shows exactly what the phone will do, and a fallback is
/// never silent: every substitution, omission or guess is one of these.
public struct Decision: Hashable, Sendable, CustomStringConvertible {
    /// A stable name for the kind of decision, for tests and for filtering logs.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let layoutDetected = Code(rawValue: "layout-detected")
        public static let layoutChosen = Code(rawValue: "layout-chosen")
        public static let oneSignalDataLocation = Code(rawValue: "onesignal-data-location")
        public static let noSender = Code(rawValue: "no-sender")
        public static let groupNameFromSubtitle = Code(rawValue: "group-name-from-subtitle")
        public static let avatarURLRejected = Code(rawValue: "avatar-url-rejected")
        public static let avatarURLEmpty = Code(rawValue: "avatar-url-empty")
        public static let groupAvatarURLRejected = Code(rawValue: "group-avatar-url-rejected")
        public static let groupAvatarURLEmpty = Code(rawValue: "group-avatar-url-empty")
        public static let groupAvatarIgnored = Code(rawValue: "group-avatar-ignored")
        public static let attachmentURLRejected = Code(rawValue: "attachment-url-rejected")
        public static let attachmentRelative = Code(rawValue: "attachment-relative-url")
        public static let valueTypeCoerced = Code(rawValue: "value-type-coerced")
        public static let valueIgnored = Code(rawValue: "value-ignored")
        /// A message field (sender name, conversation id, avatar URL, …) of another JSON type
        /// than it takes, read as text: `"sender_name": 42`.
        public static let fieldTypeCoerced = Code(rawValue: "field-type-coerced")
        /// A message field of a JSON type it cannot be read as (an array for a name), ignored.
        public static let fieldIgnored = Code(rawValue: "field-ignored")
        public static let extensionWillNotRun = Code(rawValue: "extension-will-not-run")
        public static let localizedText = Code(rawValue: "localized-text")
        public static let noAPS = Code(rawValue: "no-aps")
        public static let threadFromConversation = Code(rawValue: "thread-from-conversation")
        // Desk only: `herald convert`, and a preview or lint of a provider's request body.
        public static let requestConverted = Code(rawValue: "request-converted")
        public static let requestFieldLeftOut = Code(rawValue: "request-field-left-out")
        public static let requestValueFilledIn = Code(rawValue: "request-value-filled-in")
        public static let requestLanguage = Code(rawValue: "request-language")
    }

    public let code: Code
    /// One line for a person.
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
