/// Where a layout looks for each message field: for each, JSON Pointers tried in order, relative
/// to the layout's data root. The first present, non-empty value wins; encoding writes to the
/// first pointer.
public struct FieldPointers: Hashable, Sendable {
    /// The message's id (``Message/identifier``); a number is read as its digits.
    public var messageIdentifier: [JSONPointer]
    /// The id of the message an edit replaces (``MessageAction/replace(_:)``).
    public var replaces: [JSONPointer]
    /// The ids of the messages a delete or read removes (``MessageAction/retract(_:)``): read
    /// like ``recipients``.
    public var retracts: [JSONPointer]
    /// The conversation whose notifications all go (``MessageAction/clearConversation(_:)``).
    public var clearsConversation: [JSONPointer]
    /// How the app shows nothing for a retraction (``Message/retractFallback``): a
    /// ``RetractFallback`` name.
    public var retractFallback: [JSONPointer]
    /// How much the message adds to the app's unread count (``Message/badgeIncrement``): a
    /// whole number above 0, or its digits as text.
    public var badgeIncrement: [JSONPointer]
    /// The sender's id (``Person/identifier``); a number is read as its digits.
    public var senderIdentifier: [JSONPointer]
    /// The sender's display name. Without one the message has no sender and the notification keeps
    /// the standard layout.
    public var senderName: [JSONPointer]
    /// The sender's avatar URL: an absolute http(s) URL, or for a local preview a relative path or
    /// `file:` URL.
    public var senderAvatarURL: [JSONPointer]
    /// The sender's email, phone number or other handle; its kind is ``senderHandleKind``'s,
    /// else guessed from the text.
    public var senderHandle: [JSONPointer]
    /// What the sender's handle is: `phone`, `email` or `app` (``Handle/Kind``).
    public var senderHandleKind: [JSONPointer]
    /// The sender's given name (``Person/givenName``).
    public var senderGivenName: [JSONPointer]
    /// The sender's family name (``Person/familyName``).
    public var senderFamilyName: [JSONPointer]
    /// The conversation's id (``Message/conversationIdentifier``); a number is read as its digits.
    public var conversationIdentifier: [JSONPointer]
    /// The group conversation's name; a message with one is a group message.
    public var groupName: [JSONPointer]
    /// The group's picture URL, read only when there is a group name.
    public var groupAvatarURL: [JSONPointer]
    /// The recipients: an array of strings or numbers, or one comma-separated string. The first
    /// pointer that gives a non-empty list wins.
    public var recipients: [JSONPointer]
    /// Whether the message mentions the reader: `1`, `true`, `"1"` or `"true"` is on.
    public var mentionsCurrentUser: [JSONPointer]
    /// Whether the message replies to the reader's own message; read like ``mentionsCurrentUser``.
    public var isReplyToCurrentUser: [JSONPointer]
    /// Whether the push carries only ids and the extension fetches the message from the app's
    /// server; read like ``mentionsCurrentUser``.
    public var fetchContent: [JSONPointer]

    /// No pointers at all.
    public init() {
        self.messageIdentifier = []
        self.replaces = []
        self.retracts = []
        self.clearsConversation = []
        self.retractFallback = []
        self.badgeIncrement = []
        self.senderIdentifier = []
        self.senderName = []
        self.senderAvatarURL = []
        self.senderHandle = []
        self.senderHandleKind = []
        self.senderGivenName = []
        self.senderFamilyName = []
        self.conversationIdentifier = []
        self.groupName = []
        self.groupAvatarURL = []
        self.recipients = []
        self.mentionsCurrentUser = []
        self.isReplyToCurrentUser = []
        self.fetchContent = []
    }

    /// Each field's name in a custom layout file, with its place in this struct.
    public static var fields: [(name: String, keyPath: WritableKeyPath<FieldPointers, [JSONPointer]>)] {
        [
        ("messageIdentifier", \.messageIdentifier),
        ("replaces", \.replaces),
        ("retracts", \.retracts),
        ("clearsConversation", \.clearsConversation),
        ("retractFallback", \.retractFallback),
        ("badgeIncrement", \.badgeIncrement),
        ("senderIdentifier", \.senderIdentifier),
        ("senderName", \.senderName),
        ("senderAvatarURL", \.senderAvatarURL),
        ("senderHandle", \.senderHandle),
        ("senderHandleKind", \.senderHandleKind),
        ("senderGivenName", \.senderGivenName),
        ("senderFamilyName", \.senderFamilyName),
        ("conversationIdentifier", \.conversationIdentifier),
        ("groupName", \.groupName),
        ("groupAvatarURL", \.groupAvatarURL),
        ("recipients", \.recipients),
        ("mentionsCurrentUser", \.mentionsCurrentUser),
        ("isReplyToCurrentUser", \.isReplyToCurrentUser),
        ("fetchContent", \.fetchContent),
        ]
    }

    /// These pointers, each field's list followed by `base`'s for the same field.
    public func followed(by base: FieldPointers) -> FieldPointers {
        var result = self
        for field in FieldPointers.fields {
            result[keyPath: field.keyPath] += base[keyPath: field.keyPath]
        }
        return result
    }
}

/// Where a layout finds attachment URLs.
///
/// The pointer may reach a URL string, an array of URL strings or of objects with a `url` (and
/// optional `type` or `kind`), or an object whose values are URLs (OneSignal's `{id: url}`).
public struct AttachmentSource: Hashable, Sendable {
    /// Where the URL (or URLs) are.
    public var url: JSONPointer
    /// Where a declared type for them is, such as Klaviyo's `rich-media-type`.
    public var declaredType: JSONPointer?
    /// Whether `url` is relative to the layout's data root (true) or to the payload (false).
    public var isInData: Bool

    /// - Parameters:
    ///   - url: pointer to the URL or URLs.
    ///   - declaredType: pointer to a type hint; default none.
    ///   - isInData: relative to the data root (default) or to the payload.
    public init(url: JSONPointer, declaredType: JSONPointer? = nil, isInData: Bool = true) {
        self.url = url
        self.declaredType = declaredType
        self.isInData = isInData
    }
}
