/// One thing Herald decided about a notification, and why.
///
/// Decisions are values so the preview shows exactly what the phone will do, and a fallback is
/// never silent: every substitution, omission or guess is one of these.
public struct Decision: Hashable, Sendable, CustomStringConvertible {
    /// A stable name for the kind of decision, for tests and for filtering logs.
    public struct Code: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// No layout was configured, and the payload's keys chose one (the message says why).
        public static let layoutDetected = Code(rawValue: "layout-detected")
        /// The configured layout read the payload; none was detected.
        public static let layoutChosen = Code(rawValue: "layout-chosen")
        /// A OneSignal payload without a `custom.a` object: its data is read from the top-level keys
        /// beside `os_data`, as newer SDKs send it.
        public static let oneSignalDataLocation = Code(rawValue: "onesignal-data-location")
        /// No sender name was found, so the notification keeps the standard layout.
        public static let noSender = Code(rawValue: "no-sender")
        /// The payload gave no group name, and a subtitle (`aps.alert.subtitle`, or OneSignal's)
        /// stands in for it.
        public static let groupNameFromSubtitle = Code(rawValue: "group-name-from-subtitle")
        /// The sender's avatar URL is not an absolute http(s) URL ``MediaReference`` accepts, so no
        /// avatar is shown.
        public static let avatarURLRejected = Code(rawValue: "avatar-url-rejected")
        /// The sender's avatar URL is an empty string, so no avatar is shown.
        public static let avatarURLEmpty = Code(rawValue: "avatar-url-empty")
        /// The group's picture URL is not an absolute http(s) URL, so no group picture is shown.
        public static let groupAvatarURLRejected = Code(rawValue: "group-avatar-url-rejected")
        /// The group's picture URL is an empty string, so no group picture is shown.
        public static let groupAvatarURLEmpty = Code(rawValue: "group-avatar-url-empty")
        /// A group picture URL without a group name: without one the message is no group conversation.
        public static let groupAvatarIgnored = Code(rawValue: "group-avatar-ignored")
        /// The payload asks for more than one of replacing a message, retracting messages and
        /// clearing a conversation; a push does one, and the others are ignored.
        public static let actionIgnored = Code(rawValue: "action-ignored")
        /// An attachment URL ``MediaReference`` rejects, left out.
        public static let attachmentURLRejected = Code(rawValue: "attachment-url-rejected")
        /// An attachment given as a relative path or `file:` URL: the phone cannot load it, only
        /// `herald preview` reads it from the payload file's folder.
        public static let attachmentRelative = Code(rawValue: "attachment-relative-url")
        /// An `aps` value of the wrong JSON type that was still read (`"badge": "1"`); see
        /// ``APS/typeIssues``.
        public static let valueTypeCoerced = Code(rawValue: "value-type-coerced")
        /// A value of the wrong JSON type that was ignored: an `aps` value, or a key the sealed content
        /// may not carry.
        public static let valueIgnored = Code(rawValue: "value-ignored")
        /// A message field (sender name, conversation id, avatar URL, …) of another JSON type
        /// than it takes, read as text: `"sender_name": 42`.
        public static let fieldTypeCoerced = Code(rawValue: "field-type-coerced")
        /// A message field of a JSON type it cannot be read as (an array for a name), ignored.
        public static let fieldIgnored = Code(rawValue: "field-ignored")
        /// iOS will not run the extension (no `mutable-content: 1`, or nothing visible in the alert), so
        /// the phone shows the payload as sent.
        public static let extensionWillNotRun = Code(rawValue: "extension-will-not-run")
        /// The body is a localization key that iOS fills in from the app bundle.
        public static let localizedText = Code(rawValue: "localized-text")
        /// The payload has no `aps` dictionary, so iOS shows nothing.
        public static let noAPS = Code(rawValue: "no-aps")
        /// The payload set no thread identifier, so the conversation identifier stands in and the
        /// conversation's notifications group together.
        public static let threadFromConversation = Code(rawValue: "thread-from-conversation")
        // Desk only: `herald convert`, and a preview or lint of a provider's request body.
        /// A provider's request body was converted into the payload the phone receives.
        public static let requestConverted = Code(rawValue: "request-converted")
        /// A field of a provider's request body that does not reach the phone, left out of the
        /// converted payload.
        public static let requestFieldLeftOut = Code(rawValue: "request-field-left-out")
        /// A value the provider fills in when it sends (shown as a placeholder), or a target the
        /// request still lacks.
        public static let requestValueFilledIn = Code(rawValue: "request-value-filled-in")
        /// A request with text in several languages (OneSignal): the language shown is missing
        /// and English stands in, or other languages' texts go to other subscriptions.
        public static let requestLanguage = Code(rawValue: "request-language")
    }

    /// What kind of decision this is.
    public let code: Code
    /// One line for a person.
    public let message: String

    /// - Parameters:
    ///   - code: what kind of decision.
    ///   - message: one line saying what was decided and why.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
