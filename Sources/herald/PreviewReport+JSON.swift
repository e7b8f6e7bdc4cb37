import HeraldCore

extension PreviewReport {
    /// The preview contract: field names are pinned by tests and documented in the README.
    var json: JSONValue {
        let content = preview.content
        let communication: JSONValue
        if let sender = preview.message.sender {
            communication = [
                "sender": [
                    "identifier": sender.identifier.map(JSONValue.string) ?? .null,
                    "displayName": .string(sender.displayName),
                    "avatarURL": sender.avatarURL.map { .string($0.absoluteString) } ?? .null,
                    "handle": sender.handle.map { ["value": .string($0.value), "kind": .string($0.kind.rawValue)] } ?? .null,
                ],
                "conversationIdentifier": preview.message.conversationIdentifier.map(JSONValue.string) ?? .null,
                "groupName": preview.message.groupName.map(JSONValue.string) ?? .null,
                "recipients": .array(preview.message.recipients.map(JSONValue.string)),
                "mentionsCurrentUser": .bool(preview.message.mentionsCurrentUser),
                "isReplyToCurrentUser": .bool(preview.message.isReplyToCurrentUser),
            ]
        } else {
            communication = .null
        }
        return [
            "layout": .string(preview.layout.name),
            "extensionWillRun": .bool(preview.extensionWillRun),
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
            "communication": communication,
            "attachments": .array(preview.message.attachments.map { attachment in
                [
                    "url": .string(attachment.url.absoluteString), "kind": .string(attachment.kind.rawValue),
                    "declaredType": attachment.declaredType.map(JSONValue.string) ?? .null,
                ]
            }),
            "decisions": .array(preview.decisions.map { ["code": .string($0.code.rawValue), "message": .string($0.message)] }),
            "lint": .array(lint.map(\.json)),
        ]
    }
}

extension LintFinding {
    var json: JSONValue {
        ["rule": .string(rule.id), "severity": .string(severity.rawValue), "message": .string(message)]
    }
}
