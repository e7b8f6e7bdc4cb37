import HeraldCore
import HeraldDesk
import HeraldEnrichment

extension PreviewReport {
    /// The preview contract: field names are pinned by tests and documented in the README.
    var json: JSONValue {
        let content = notification.content
        let message = notification.message
        let communicationJSON: JSONValue
        if let sender = message.sender {
            communicationJSON = [
                "sender": [
                    "identifier": sender.identifier.map(JSONValue.string) ?? .null,
                    "displayName": .string(sender.displayName),
                    "avatarURL": sender.avatarURL.map { .string($0.absoluteString) } ?? .null,
                    "handle": sender.handle.map { ["value": .string($0.value), "kind": .string($0.kind.rawValue)] } ?? .null,
                    "givenName": sender.givenName.map(JSONValue.string) ?? .null,
                    "familyName": sender.familyName.map(JSONValue.string) ?? .null,
                    "avatar": Self.avatarJSON(notification.avatar ?? AvatarResult(status: .skipped)),
                ],
                "conversationIdentifier": message.conversationIdentifier.map(JSONValue.string) ?? .null,
                "groupName": message.groupName.map(JSONValue.string) ?? .null,
                "groupAvatarURL": message.groupAvatarURL.map { .string($0.absoluteString) } ?? .null,
                "groupAvatar": notification.groupAvatar.map(Self.avatarJSON) ?? .null,
                "recipients": .array(message.recipients.map(JSONValue.string)),
                // What the intent is given; null when the extension does not run.
                "intent": communication.map(Self.intentJSON) ?? .null,
                "mentionsCurrentUser": .bool(message.mentionsCurrentUser),
                "isReplyToCurrentUser": .bool(message.isReplyToCurrentUser),
            ]
        } else {
            communicationJSON = .null
        }
        return [
            "layout": .string(notification.layoutName),
            "extensionWillRun": .bool(notification.extensionWillRun),
            // What the push does to the notifications already shown (PreviewReport.action).
            "action": action.map(JSONValue.string) ?? .null,
            "deliversNothing": .bool(notification.deliversNothing),
            "content": [
                "title": .string(content.title),
                "subtitle": .string(content.subtitle),
                "body": .string(content.body),
                "threadIdentifier": .string(content.threadIdentifier),
                "categoryIdentifier": .string(content.categoryIdentifier),
                "badge": content.badge.map { .number(JSONNumber($0)) } ?? .null,
                "interruptionLevel": content.interruptionLevel.map { .string($0.rawValue) } ?? .null,
                "relevanceScore": content.relevanceScore.flatMap(JSONNumber.init).map(JSONValue.number) ?? .null,
                "sound": content.sound.map { sound in
                    [
                        "name": sound.name.map(JSONValue.string) ?? .null, "critical": .bool(sound.isCritical),
                        "volume": sound.volume.flatMap(JSONNumber.init).map(JSONValue.number) ?? .null,
                    ]
                } ?? .null,
            ],
            "communication": communicationJSON,
            "attachments": .array(notification.attachments.map { result in
                [
                    "url": .string(result.source.url.absoluteString),
                    "kind": .string((result.format?.kind ?? result.source.kind).rawValue),
                    "declaredType": result.source.declaredType.map(JSONValue.string) ?? .null,
                    "status": .string(result.status.rawValue),
                    "bytes": .number(JSONNumber(result.byteCount)),
                    "file": result.file.map { .string($0.path) } ?? .null,
                ]
            }),
            // A push that carries only ids: whether its message was fetched, and why not.
            "fetch": notification.contentFetch.map { outcome -> JSONValue in
                switch outcome {
                case .fetched: ["fetched": true, "reason": .null]
                case .notFetched(let failure): ["fetched": false, "reason": .string(failure.reason)]
                }
            } ?? .null,
            "decisions": .array(notification.decisions.map(\.json)),
            "request": conversion?.json ?? .null,
            "lint": .array(lint.map(\.json)),
            "elapsedMilliseconds": .number(JSONNumber(elapsedMilliseconds)),
        ]
    }

    /// `communication.intent`: the recipients the intent is given (placeholders marked), the
    /// recipient count iOS reads, which picture the group line shows, and how the sender is
    /// named (``SenderMatch``: `matched-contact`, `phone-handle`, `email-handle` or
    /// `app-id-only`).
    private static func intentJSON(_ layout: CommunicationLayout) -> JSONValue {
        let recipients: [JSONValue] = layout.recipients.map { ["identifier": .string($0.identifier), "placeholder": .bool($0.isPlaceholder)] }
        let groupImage: JSONValue
        switch layout.groupImage {
        case .group?: groupImage = "group"
        case .sender?: groupImage = "sender"
        case nil: groupImage = .null
        }
        let match: JSONValue
        switch layout.senderMatch {
        case .contact(let identifier): match = ["path": "matched-contact", "contactIdentifier": .string(identifier)]
        case .phone: match = ["path": "phone-handle", "contactIdentifier": .null]
        case .email: match = ["path": "email-handle", "contactIdentifier": .null]
        case .appIDOnly: match = ["path": "app-id-only", "contactIdentifier": .null]
        }
        return [
            "recipients": .array(recipients), "recipientCount": .number(JSONNumber(layout.recipientCount)), "groupImage": groupImage,
            "senderMatch": match,
        ]
    }

    /// `communication.sender.avatar` and `communication.groupAvatar`: what became of an avatar
    /// (the sender's is `skipped` when there was none to get).
    private static func avatarJSON(_ avatar: AvatarResult) -> JSONValue {
        [
            "status": .string(avatar.status.rawValue),
            "bytes": .number(JSONNumber(avatar.data?.count ?? 0)),
            "format": avatar.info.map { .string($0.format.rawValue) } ?? .null,
            "width": avatar.info.map { .number(JSONNumber($0.width)) } ?? .null,
            "height": avatar.info.map { .number(JSONNumber($0.height)) } ?? .null,
            "needsDownsampling": .bool(avatar.needsDownsampling),
        ]
    }
}

extension LintFinding {
    var json: JSONValue {
        ["rule": .string(rule.id), "severity": .string(severity.rawValue), "message": .string(message)]
    }
}

extension Decision {
    var json: JSONValue {
        ["code": .string(code.rawValue), "message": .string(message)]
    }
}

extension RequestConversion {
    /// "APNs headers: name: value, …", sorted; `nil` when the provider sets none.
    var headerLine: String? {
        guard !headers.isEmpty else { return nil }
        return "APNs headers: " + headers.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
    }

    /// `{"provider", "payload", "headers", "decisions"}`: `herald convert --json`, and a preview's `request`.
    var json: JSONValue {
        [
            "provider": .string(provider.rawValue), "payload": payload,
            "headers": .object(headers.mapValues(JSONValue.string)), "decisions": .array(decisions.map(\.json)),
        ]
    }
}
