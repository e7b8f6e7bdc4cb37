extension Layout {
    /// Writes a message into a payload the way this layout's readers expect it.
    ///
    /// Encoding is canonical: each field goes to the first pointer of its list, attachments to
    /// the first attachment source in the data root, as an array of `{"url", "kind", "type"}`.
    /// The container then places the data: top-level keys (``Container/apns``), top-level keys
    /// with objects as JSON text (``Container/fcm``), `custom.a` (``Container/oneSignal``), or
    /// `body` (``Container/expo``).
    /// Blank strings are left out, as the reader would ignore them: `decode(encode(message))`
    /// gives ``Message/normalized`` back for every layout, which is `message` itself when it
    /// holds no blank string.
    ///
    /// - Parameters:
    ///   - message: the message to write.
    ///   - payload: the payload to add to, usually one with `aps` already set; default empty.
    /// - Returns: `payload` with the message's data added.
    public func encode(_ message: Message, into payload: JSONValue = .object([:])) -> JSONValue {
        place(encodedData(message), into: payload)
    }

    /// The message's data object before the container places it: what a provider's API takes
    /// as custom data (OneSignal's `data`, which arrives on the phone as `custom.a`).
    ///
    /// - Parameter message: the message to write.
    /// - Returns: an object with each field at the first pointer of its list, blank strings
    ///   left out, as in ``encode(_:into:)``.
    public func encodedData(_ message: Message) -> JSONValue {
        let message = message.normalized
        var data = JSONValue.object([:])
        func put(_ value: JSONValue?, _ pointers: [JSONPointer]) {
            guard let value, let pointer = pointers.first else { return }
            data.set(value, at: pointer)
        }
        put(message.identifier.map(JSONValue.string), fields.messageIdentifier)
        switch message.action {
        case .replace(let identifier): put(.string(identifier), fields.replaces)
        case .retract(let identifiers): put(.array(identifiers.map(JSONValue.string)), fields.retracts)
        case .clearConversation(let identifier): put(.string(identifier), fields.clearsConversation)
        case nil: break
        }
        put(message.retractFallback.map { .string($0.rawValue) }, fields.retractFallback)
        put(message.badgeIncrement.map { .number(JSONNumber($0)) }, fields.badgeIncrement)
        if let sender = message.sender {
            put(.string(sender.displayName), fields.senderName)
            put(sender.identifier.map(JSONValue.string), fields.senderIdentifier)
            put(sender.handle.map { .string($0.value) }, fields.senderHandle)
            // The kind only where reading the handle would guess another.
            if let handle = sender.handle, Handle(inferringKindOf: handle.value).kind != handle.kind {
                put(.string(handle.kind.rawValue), fields.senderHandleKind)
            }
            put(sender.givenName.map(JSONValue.string), fields.senderGivenName)
            put(sender.familyName.map(JSONValue.string), fields.senderFamilyName)
            put(sender.avatarURL.map { .string($0.absoluteString) }, fields.senderAvatarURL)
        }
        put(message.conversationIdentifier.map(JSONValue.string), fields.conversationIdentifier)
        put(message.groupName.map(JSONValue.string), fields.groupName)
        put(message.groupAvatarURL.map { .string($0.absoluteString) }, fields.groupAvatarURL)
        if !message.recipients.isEmpty {
            put(.array(message.recipients.map(JSONValue.string)), fields.recipients)
        }
        if message.mentionsCurrentUser { put(.bool(true), fields.mentionsCurrentUser) }
        if message.isReplyToCurrentUser { put(.bool(true), fields.isReplyToCurrentUser) }
        if message.fetchesContent { put(.bool(true), fields.fetchContent) }
        if !message.attachments.isEmpty, let target = attachments.first(where: \.isInData) {
            data.set(.array(message.attachments.map(Layout.encodeAttachment)), at: target.url)
        }
        return data
    }

    private static func encodeAttachment(_ attachment: Message.Attachment) -> JSONValue {
        var object: [String: JSONValue] = ["url": .string(attachment.url.absoluteString), "kind": .string(attachment.kind.rawValue)]
        object["type"] = attachment.declaredType.map(JSONValue.string)
        return .object(object)
    }

    /// Puts a data object where this layout's container keeps it, merged into what the payload
    /// already has there (a layout that writes under `/aps` adds to `aps`, it does not replace it).
    @_spi(HeraldTools) public func place(_ data: JSONValue, into payload: JSONValue) -> JSONValue {
        let base = JSONValue.object(payload.objectValue ?? [:])
        switch container {
        case .apns:
            return base.merging(data)
        case .fcm:
            // FCM data values are strings; a reader parses JSON held in a string.
            var result = base.objectValue ?? [:]
            let members = data.objectValue ?? [:]
            result.merge(members.mapValues { value in value.stringValue == nil ? .string(value.jsonText()) : value }) { _, new in new }
            return .object(result)
        case .oneSignal:
            return base.merging(["custom": ["a": data]])
        case .expo:
            return base.merging(["body": data])
        }
    }
}
