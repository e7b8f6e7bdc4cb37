@_spi(HeraldTools) import HeraldCore
import HeraldSending

extension ProviderRequest {
    /// An Expo push message, as Expo's service delivers it to an iPhone: `data` as the `body`
    /// object (what expo-notifications shows as the notification's data), beside `aps` and the
    /// project's `experienceId` and `scopeKey`.
    func convertExpo() throws(RequestConversionError) -> RequestConversion {
        let messages = body.arrayValue ?? [body]
        guard let first = messages.first else {
            throw RequestConversionError(.missingField, "the request is an empty list: Expo takes one message or a list of messages")
        }
        // Each message of a list becomes a notification of its own: all are checked, the first is shown.
        var conversion = try Self.convertExpoMessage(first)
        for (index, other) in messages.enumerated().dropFirst() {
            do {
                _ = try Self.convertExpoMessage(other)
            } catch {
                throw RequestConversionError(error.code, "message \(index + 1) of \(messages.count): \(error.message)")
            }
        }
        if messages.count > 1 {
            conversion.decisions.append(Decision(
                .requestFieldLeftOut, "the request holds \(messages.count) messages, each a notification of its own; this is the first (all were checked)"))
        }
        return conversion
    }

    /// One Expo message, as Expo's service delivers it.
    private static func convertExpoMessage(_ value: JSONValue) throws(RequestConversionError) -> RequestConversion {
        var draft = ConversionDraft()
        guard let message = value.objectValue else {
            throw RequestConversionError(.wrongType, "a message is a JSON \(value.typeName); Expo takes an object with to, title, body and data")
        }
        var used: Set<String> = []
        for key in ["title", "subtitle", "body"] {
            guard let text = message[key] else { continue }
            used.insert(key)
            draft.alert[key] = text
            draft.carry(key, to: "aps.alert.\(key)")
        }
        for (field, key) in [("sound", "sound"), ("badge", "badge"), ("categoryId", "category"), ("interruptionLevel", "interruption-level")] {
            guard let value = message[field] else { continue }
            used.insert(field)
            draft.aps[key] = field == "sound" ? Self.expoSound(value) : value
            draft.carry(field, to: "aps.\(key)")
        }
        for (field, key) in [("mutableContent", "mutable-content"), ("_contentAvailable", "content-available")] {
            guard let value = message[field] else { continue }
            used.insert(field)
            if Self.isSet(value) {
                draft.aps[key] = 1
                draft.carry(field, to: "aps.\(key)")
            }
        }
        var data: [String: JSONValue] = [:]
        if let given = message["data"] {
            used.insert("data")
            guard let members = given.objectValue else {
                throw RequestConversionError(.wrongType, "data is a JSON \(given.typeName); Expo takes a JSON object")
            }
            data = members
            draft.carry("data", to: "body")
        }
        if let rich = message["richContent"] {
            used.insert("richContent")
            data["_richContent"] = rich
            draft.carry("richContent", to: "body._richContent")
        }
        if message["data"] != nil || message["richContent"] != nil {
            draft.top["body"] = .object(data)
        }
        draft.top["experienceId"] = .string(Self.expoProject)
        draft.top["scopeKey"] = .string(Self.expoProject)
        draft.top["projectId"] = .string(Self.expoProjectID)
        draft.note(
            .requestValueFilledIn,
            "experienceId and scopeKey are your project's @owner/slug, and projectId its EAS project id, which Expo adds; shown as \"\(Self.expoProject)\" and \"\(Self.expoProjectID)\"")
        if let priority = message["priority"]?.stringValue {
            used.insert("priority")
            switch priority {
            case "high": draft.headers[APNSHeaderName.priority] = String(APNSPriority.immediately.rawValue)
            case "normal": draft.headers[APNSHeaderName.priority] = String(APNSPriority.considerPower.rawValue)
            default: draft.note(.requestFieldLeftOut, "priority \"\(priority)\": Expo chooses the APNs priority")
            }
            if draft.headers[APNSHeaderName.priority] != nil { draft.carry("priority", to: "the apns-priority header") }
        }
        draft.account(
            for: message, used: used, known: Self.expoFields, providerOnly: { ["to", "ttl", "expiration"].contains($0) },
            otherPlatform: { ["channelId", "icon"].contains($0) }, providerName: "Expo")
        return draft.conversion(.expo)
    }

    /// Expo's `sound`: a name, or `{critical, name, volume}` as APNs writes a critical sound.
    private static func expoSound(_ value: JSONValue) -> JSONValue {
        guard var sound = value.objectValue else { return value }
        if let critical = sound["critical"] { sound["critical"] = isSet(critical) ? 1 : 0 }
        return .object(sound)
    }

    /// An Expo message's fields: what a misspelt field is compared with.
    private static let expoFields = [
        "to", "title", "subtitle", "body", "data", "sound", "badge", "categoryId", "interruptionLevel", "mutableContent", "_contentAvailable",
        "richContent", "priority", "ttl", "expiration", "channelId", "icon",
    ]

    /// What stands for the project in `experienceId` and `scopeKey`.
    static let expoProject = "@owner/slug"
    /// What stands for the EAS project id in `projectId`.
    static let expoProjectID = "(your EAS project id)"
}
