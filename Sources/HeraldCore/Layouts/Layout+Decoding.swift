import Foundation

extension Layout {
    /// Reads a message from a payload with this layout.
    ///
    /// Decoding is forgiving: numbers or strings for identifiers, JSON held in strings,
    /// `"1"`/`true` for flags, an array or a comma-separated string for recipients. It never
    /// fails; whatever it could not use is a ``Decision`` in the result.
    ///
    /// - Parameter payload: the whole payload (`userInfo`).
    /// - Returns: the message and the decisions taken.
    public func decode(_ payload: JSONValue) -> DecodedMessage {
        var decisions: [Decision] = []
        let decoded = decode(payload, payloadDigest: MemberDigest(payload), decisions: &decisions)
        return DecodedMessage(message: decoded.message, decisions: decisions, localAvatar: decoded.localAvatar)
    }

    /// ``decode(_:)`` with the payload's digest made beforehand, appending its decisions to
    /// `decisions` (a preview's, which start with the layout's). Most pointers find nothing;
    /// the digests rule most of those out without a lookup.
    func decode(_ payload: JSONValue, payloadDigest: MemberDigest, decisions: inout [Decision]) -> (message: Message, localAvatar: URL?) {
        let root = dataRoot(in: payload, decisions: &decisions)
        // Resolved once: every field pointer is relative to it.
        let data = root.resolve(in: payload) ?? .null
        let dataDigest = root.tokens.isEmpty ? payloadDigest : MemberDigest(data)
        /// The first pointer's value `read` takes; a value of the wrong JSON type is a decision,
        /// read as text (a number for a name) or ignored (an array, object or Boolean).
        func first(_ pointers: [JSONPointer], _ read: (JSONValue) -> String?, textOnly: Bool = false) -> String? {
            for pointer in pointers where dataDigest.mayResolve(pointer) {
                guard let value = pointer.resolve(in: data) else { continue }
                let place = (root.tokens + pointer.tokens).joined(separator: ".")
                if let text = read(value) {
                    if textOnly, value.numberValue != nil {
                        decisions.append(Decision(.fieldTypeCoerced, "\(place) is a number, read as the text \"\(text)\"; send a string"))
                    }
                    return text
                }
                switch value {
                case .string, .null: continue
                case .number where !textOnly: continue
                default: decisions.append(Decision(.fieldIgnored, "\(place) is \(value.typeName == "array" || value.typeName == "object" ? "an" : "a") \(value.typeName), not text, so it is ignored"))
                }
            }
            return nil
        }

        var message = Message()
        var localAvatar: URL?
        message.identifier = first(fields.messageIdentifier, Layout.text)
        // A push does one thing: a conversation cleared before messages retracted, before a
        // message replaced; what else the payload asks for is a decision.
        var actions: [MessageAction] = []
        if let conversation = first(fields.clearsConversation, Layout.text) { actions.append(.clearConversation(conversation)) }
        // Loops, here and for the recipients, not lazy chains: a chain's closures were allocated
        // on every payload (a tenth of a preview's instructions).
        for pointer in fields.retracts where dataDigest.mayResolve(pointer) {
            guard let retracted = pointer.resolve(in: data).map(Layout.recipientList), !retracted.isEmpty else { continue }
            actions.append(.retract(retracted))
            break
        }
        if let replaced = first(fields.replaces, Layout.text) { actions.append(.replace(replaced)) }
        message.action = actions.first
        if let fallback = first(fields.retractFallback, Layout.text) {
            if message.action?.isRetraction != true {
                decisions.append(Decision(.fieldIgnored, "retract_fallback \"\(fallback)\" ignored: the push retracts nothing"))
            } else if let known = RetractFallback(rawValue: fallback) {
                message.retractFallback = known
            } else {
                let names = RetractFallback.allCases.map(\.rawValue)
                let hint = fallback.nearest(in: names).map { "; did you mean \"\($0)\"?" } ?? ""
                decisions.append(Decision(.fieldIgnored, "retract_fallback \"\(fallback)\" is not \(names.phrase(joinedBy: "or")), so it is ignored\(hint)"))
            }
        }
        if let increment = first(fields.badgeIncrement, Layout.text) {
            if let problem = message.badgeIncrementProblem(Int(increment) ?? 0) {
                decisions.append(Decision(.fieldIgnored, "badge_increment \"\(increment)\" ignored: \(problem)"))
            } else {
                message.badgeIncrement = Int(increment)
            }
        }
        for ignored in actions.dropFirst() {
            decisions.append(Decision(.actionIgnored, "it \(Layout.describe(ignored)) too, which is ignored: a push does one thing, and this one \(Layout.describe(actions[0]))"))
        }
        if let name = first(fields.senderName, Layout.text, textOnly: true) {
            var sender = Person(identifier: first(fields.senderIdentifier, Layout.text), displayName: name)
            sender.handle = first(fields.senderHandle, Layout.text).map(Handle.init(inferringKindOf:))
            if let kind = first(fields.senderHandleKind, Layout.text) {
                if sender.handle == nil {
                    decisions.append(Decision(.fieldIgnored, "sender_handle_kind \"\(kind)\" ignored: there is no sender_handle"))
                } else if let known = Handle.Kind(rawValue: kind) {
                    sender.handle?.kind = known
                } else {
                    let names = Handle.Kind.allCases.map(\.rawValue)
                    let hint = kind.nearest(in: names).map { "; did you mean \"\($0)\"?" } ?? ""
                    decisions.append(Decision(
                        .fieldIgnored, "sender_handle_kind \"\(kind)\" is not \(names.phrase(joinedBy: "or")), so the kind is guessed from the handle\(hint)"))
                }
            }
            sender.givenName = first(fields.senderGivenName, Layout.text, textOnly: true)
            sender.familyName = first(fields.senderFamilyName, Layout.text, textOnly: true)
            let avatar = Layout.avatarURL(
                first(fields.senderAvatarURL, Layout.avatarText, textOnly: true), pointers: fields.senderAvatarURL, in: data, what: "avatar",
                codes: (.avatarURLEmpty, .avatarURLRejected), decisions: &decisions)
            sender.avatarURL = avatar.remote
            localAvatar = avatar.local
            message.sender = sender
        } else {
            decisions.append(Decision(.noSender, "no sender name found, so the notification keeps the standard layout"))
        }
        message.conversationIdentifier = first(fields.conversationIdentifier, Layout.text)
        message.groupName = first(fields.groupName, Layout.text, textOnly: true)
        if message.groupName == nil, message.sender != nil {
            for pointer in groupNameFallbacks where payloadDigest.mayResolve(pointer) {
                if let subtitle = pointer.resolve(in: payload)?.identifierText {
                    message.groupName = subtitle
                    decisions.append(Decision(.groupNameFromSubtitle, "group name \"\(subtitle)\" taken from \(pointer), as no group_name was given"))
                    break
                }
            }
        }
        let groupAvatarText = first(fields.groupAvatarURL, Layout.avatarText, textOnly: true)
        if message.groupName != nil {
            // A local group picture is never read, not even by a preview: the sender's stands in.
            message.groupAvatarURL = Layout.avatarURL(
                groupAvatarText, pointers: fields.groupAvatarURL, in: data, what: "group avatar",
                codes: (.groupAvatarURLEmpty, .groupAvatarURLRejected), decisions: &decisions).remote
        } else if let groupAvatarText {
            decisions.append(Decision(.groupAvatarIgnored, "group avatar \"\(groupAvatarText)\" ignored: without a group name this is no group conversation"))
        }
        for pointer in fields.recipients where dataDigest.mayResolve(pointer) {
            guard let recipients = pointer.resolve(in: data).map(Layout.recipientList), !recipients.isEmpty else { continue }
            message.recipients = recipients
            break
        }
        message.mentionsCurrentUser = first(fields.mentionsCurrentUser, Layout.flagText) == "1"
        message.isReplyToCurrentUser = first(fields.isReplyToCurrentUser, Layout.flagText) == "1"
        message.fetchesContent = first(fields.fetchContent, Layout.flagText) == "1"
        message.attachments = readAttachments(payload, data: data, root: root, digests: (payloadDigest, dataDigest), decisions: &decisions)
        return (message, localAvatar)
    }

    /// An action as a decision says it: `clears conversation c-1`.
    static func describe(_ action: MessageAction) -> String {
        switch action {
        case .replace: "replaces \(action.subject)"
        case .retract: "retracts \(action.subject)"
        case .clearConversation: "clears \(action.subject)"
        }
    }

    /// Where this layout's custom data starts in `payload`: `/custom/a` for a classic OneSignal
    /// payload, `/body` for an Expo payload that has that object, the payload itself otherwise.
    public func dataRoot(in payload: JSONValue) -> JSONPointer {
        var ignored: [Decision] = []
        return dataRoot(in: payload, decisions: &ignored)
    }

    /// Where this layout's custom data starts in `payload`, noting where OneSignal's was found.
    func dataRoot(in payload: JSONValue, decisions: inout [Decision]) -> JSONPointer {
        switch container {
        case .apns, .fcm:
            return JSONPointer(tokens: [])
        case .expo:
            return Layout.holdsObject(Layout.expoDataRoot.resolve(in: payload)) ? Layout.expoDataRoot : JSONPointer(tokens: [])
        case .oneSignal:
            break
        }
        if Layout.holdsObject(Layout.oneSignalClassicDataRoot.resolve(in: payload)) {
            return Layout.oneSignalClassicDataRoot
        }
        if payload["os_data"] != nil {
            decisions.append(Decision(.oneSignalDataLocation, "no custom.a object, so OneSignal data is read from top-level keys beside os_data (newer SDK layout)"))
        }
        return JSONPointer(tokens: [])
    }

    /// Expo's data root, when it holds an object; parsed once, not on every payload.
    private static let expoDataRoot = Layout.pointer("/body")
    /// Classic OneSignal's data root, when it holds an object.
    private static let oneSignalClassicDataRoot = Layout.pointer("/custom/a")

    /// Whether a value is an object, or an object or array held as JSON text: a data root.
    private static func holdsObject(_ value: JSONValue?) -> Bool {
        guard let value else { return false }
        return value.objectValue != nil || JSONPointer.embeddedContainer(value.stringValue ?? "") != nil
    }

    /// Whether text is plausibly a URL rather than a name or type: an http(s) or file URL, or
    /// a path starting with `/`.
    static func looksLikeURL(_ text: String) -> Bool {
        switch MediaReference(text) {
        case .remote: return true
        case .local(let url): return url.isFileURL || text.hasPrefix("/")
        case .rejected: return false
        }
    }

    /// An avatar's URL read from `text` (the first non-empty string of `pointers`): remote, or
    /// local (a relative path or `file:` URL, which only a preview reads), noting why there is
    /// none.
    ///
    /// - Parameters:
    ///   - what: "avatar" or "group avatar", for the decisions.
    ///   - codes: the decision codes for an empty URL and a rejected one.
    private static func avatarURL(
        _ text: String?, pointers: [JSONPointer], in data: JSONValue, what: String, codes: (empty: Decision.Code, rejected: Decision.Code),
        decisions: inout [Decision]
    ) -> (remote: URL?, local: URL?) {
        guard let text else {
            // An empty URL names no avatar; the next pointer was tried, and none gave one.
            if pointers.contains(where: { $0.resolve(in: data)?.stringValue?.isEmpty == true }) {
                decisions.append(Decision(codes.empty, "\(what) URL is empty, so no \(what) is shown"))
            }
            return (nil, nil)
        }
        switch MediaReference(text) {
        case .remote(let url):
            return (url, nil)
        case .local(let url):
            decisions.append(Decision(codes.rejected, "\(what) URL \"\(text)\" is not an absolute http(s) URL, so the phone shows no \(what)"))
            return (nil, url)
        case .rejected(let reason):
            decisions.append(Decision(codes.rejected, "\(what) URL ignored: \(reason)"))
            return (nil, nil)
        }
    }

    /// A non-empty string, as an avatar URL must be.
    static func avatarText(_ value: JSONValue) -> String? {
        guard let text = value.stringValue, !text.isEmpty else { return nil }
        return text
    }

    /// A value's text as an identifier or name; see ``JSONValue/identifierText``.
    static func text(_ value: JSONValue) -> String? { value.identifierText }

    /// Recipients from an array (of strings or numbers) or a comma-separated string.
    static func recipientList(_ value: JSONValue) -> [String] {
        switch value {
        case .array(let elements):
            return elements.compactMap(\.identifierText)
        case .string(let text):
            if let nested = JSONPointer.embeddedContainer(text) { return recipientList(nested) }
            return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isBlank }
        case .number(let number):
            return [number.text]
        default:
            return []
        }
    }

    /// A flag as `"1"` (on) or `"0"` (off), accepting `1`, `true`, `"1"`, `"true"`; `nil` for
    /// anything else, so the next pointer is tried.
    static func flagText(_ value: JSONValue) -> String? {
        switch value {
        case .bool(let flag): return flag ? "1" : "0"
        case .number(let number): return number.intValue == 0 ? "0" : "1"
        case .string(let text):
            switch text.lowercased() {
            case "1", "true", "yes": return "1"
            case "0", "false", "no": return "0"
            default: return nil
            }
        default: return nil
        }
    }

    private func readAttachments(
        _ payload: JSONValue, data: JSONValue, root: JSONPointer, digests: (payload: MemberDigest, data: MemberDigest), decisions: inout [Decision]
    ) -> [Message.Attachment] {
        var attachments: [Message.Attachment] = []
        var seen: Set<String> = []
        for source in self.attachments where (source.isInData ? digests.data : digests.payload).mayResolve(source.url) {
            let base = source.isInData ? data : payload
            guard let value = source.url.resolve(in: base) else { continue }
            let declared = source.declaredType.flatMap { $0.resolve(in: base)?.identifierText }
            for (text, type) in Layout.urlCandidates(value, declaredType: declared) where !text.isEmpty && seen.insert(text).inserted {
                switch MediaReference(text) {
                case .remote(let url):
                    attachments.append(Layout.attachment(url: url, type: type))
                case .local(let url):
                    attachments.append(Layout.attachment(url: url, type: type))
                    decisions.append(Decision(.attachmentRelative, "attachment \"\(text)\" is a local path, not a web URL: the phone never reads it; only `herald preview` reads it, from the payload file's folder"))
                case .rejected(let reason):
                    let location = source.isInData ? root.appending(source.url) : source.url
                    decisions.append(Decision(.attachmentURLRejected, "attachment at \(location) ignored: \(reason)"))
                }
            }
        }
        return attachments
    }

    /// An attachment whose `type` is either a kind Herald wrote (`image`) or a declared type.
    private static func attachment(url: URL, type: (kind: Message.Attachment.Kind?, declared: String?)) -> Message.Attachment {
        if let kind = type.kind {
            return Message.Attachment(url: url, kind: kind, declaredType: type.declared)
        }
        return Message.Attachment(url: url, declaredType: type.declared)
    }

    /// The URL strings a value holds, each with its kind and declared type when given.
    private static func urlCandidates(_ value: JSONValue, declaredType: String?) -> [(String, (kind: Message.Attachment.Kind?, declared: String?))] {
        switch value {
        case .string(let text):
            if let nested = JSONPointer.embeddedContainer(text) { return urlCandidates(nested, declaredType: declaredType) }
            return [(text, (nil, declaredType))]
        case .array(let elements):
            return elements.flatMap { urlCandidates($0, declaredType: declaredType) }
        case .object(let members):
            if let url = members["url"] {
                let kind = members["kind"]?.stringValue.flatMap(Message.Attachment.Kind.init(rawValue:))
                let declared = (members["type"] ?? members["content-type"] ?? members["mime_type"])?.identifierText ?? declaredType
                return urlCandidates(url, declaredType: declared).map { ($0.0, (kind ?? $0.1.kind, $0.1.declared)) }
            }
            // OneSignal's {id: url} map. Only values that look like URLs count, so an object of
            // other fields (Twilio's media metadata) is not mistaken for one.
            return members.keys.sorted().compactMap { key in
                guard let text = members[key]?.stringValue, Layout.looksLikeURL(text) else { return nil }
                return (text, (nil, declaredType))
            }
        default:
            return []
        }
    }
}
