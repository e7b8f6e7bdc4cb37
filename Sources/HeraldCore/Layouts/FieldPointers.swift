/// Where a layout looks for each message field: for each, JSON Pointers tried in order, relative
/// to the layout's data root. The first present, non-empty value wins; encoding writes to the
/// first pointer.
public struct FieldPointers: Hashable, Sendable {
    public var senderIdentifier: [JSONPointer]
    public var senderName: [JSONPointer]
    public var senderAvatarURL: [JSONPointer]
    public var senderHandle: [JSONPointer]
    public var conversationIdentifier: [JSONPointer]
    public var groupName: [JSONPointer]
    public var groupAvatarURL: [JSONPointer]
    public var recipients: [JSONPointer]
    public var mentionsCurrentUser: [JSONPointer]
    public var isReplyToCurrentUser: [JSONPointer]

    /// No pointers at all.
    public init() {
        self.senderIdentifier = []
        self.senderName = []
        self.senderAvatarURL = []
        self.senderHandle = []
        self.conversationIdentifier = []
        self.groupName = []
        self.groupAvatarURL = []
        self.recipients = []
        self.mentionsCurrentUser = []
        self.isReplyToCurrentUser = []
    }

    /// Each field's name in a custom layout file, with its place in this struct.
    public static var fields: [(name: String, keyPath: WritableKeyPath<FieldPointers, [JSONPointer]>)] {
        [
        ("senderIdentifier", \.senderIdentifier),
        ("senderName", \.senderName),
        ("senderAvatarURL", \.senderAvatarURL),
        ("senderHandle", \.senderHandle),
        ("conversationIdentifier", \.conversationIdentifier),
        ("groupName", \.groupName),
        ("groupAvatarURL", \.groupAvatarURL),
        ("recipients", \.recipients),
        ("mentionsCurrentUser", \.mentionsCurrentUser),
            ("isReplyToCurrentUser", \.isReplyToCurrentUser),
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
