@_spi(HeraldTools) import HeraldCore

extension ProviderRequest {
    /// FCM's HTTP v1 body, as FCM delivers it to an iPhone: `notification` as `aps.alert`,
    /// `apns.payload` as the payload (its `aps` over the alert), `data` as top-level strings.
    func convertFCM() throws(RequestConversionError) -> RequestConversion {
        let message = body["message"]?.objectValue ?? [:]
        let targets = ["token", "topic", "condition"].filter { message[$0] != nil }
        guard targets.count <= 1 else {
            throw RequestConversionError(
                .wrongTarget, "the message has \(targets.joined(separator: " and ")), and FCM refuses a message with more than one of token, topic and condition")
        }
        var draft = ConversionDraft()
        if targets.isEmpty {
            // A template (the docs of many SDKs show the message without it): shown as it would be sent.
            draft.note(.requestValueFilledIn, "the message has no token, topic or condition; FCM needs exactly one to send it, so add it before sending")
        }
        var used: Set<String> = ["apns"]
        let apns = message["apns"]?.objectValue ?? [:]
        let payload = apns["payload"]?.objectValue ?? [:]

        if let notification = message["notification"]?.objectValue {
            used.insert("notification")
            for key in ["title", "body"] {
                guard let text = notification[key] else { continue }
                draft.alert[key] = text
                draft.carry("notification.\(key)", to: "aps.alert.\(key)")
            }
        }
        if let aps = payload["aps"]?.objectValue {
            var aps = aps
            switch aps.removeValue(forKey: "alert") {
            case .object(let alert)?:
                draft.alert.merge(alert) { _, new in new }
                draft.carry("apns.payload.aps.alert", to: "aps.alert (over notification)")
            case .string(let text)?:
                draft.alert = ["body": .string(text)]
                draft.carry("apns.payload.aps.alert", to: "aps.alert (instead of notification)")
            case let other?:
                aps["alert"] = other
            case nil:
                break
            }
            draft.aps.merge(aps) { _, new in new }
            if !aps.isEmpty { draft.carry("apns.payload.aps", to: "aps") }
            if aps["mutable_content"] != nil || aps["content_available"] != nil {
                draft.note(.requestFieldLeftOut, "apns.payload.aps has an underscore key (mutable_content or content_available): iOS reads only the hyphenated spelling")
            }
        }
        for (key, value) in payload.sorted(by: { $0.key < $1.key }) where key != "aps" {
            draft.top[key] = value
            draft.carry("apns.payload.\(key)", to: key)
        }
        if let data = message["data"] {
            used.insert("data")
            guard let members = data.objectValue else {
                throw RequestConversionError(.wrongType, "data is a JSON \(data.typeName); FCM takes an object of string values")
            }
            for key in members.keys.sorted() {
                let value = members[key]!
                if value.stringValue == nil {
                    throw RequestConversionError(
                        .wrongType, "data.\(key) is a JSON \(value.typeName), and FCM refuses data values that are not strings: write it as JSON text (\"\(key)\": \(JSONValue.string(value.jsonText()).jsonText()))")
                }
                if ["from", "message_type", "notification"].contains(key) || key.hasPrefix("google") || key.hasPrefix("gcm") {
                    throw RequestConversionError(.reservedKey, "data.\(key): FCM reserves \"from\", \"message_type\", \"notification\" and keys starting with google or gcm, and refuses the request")
                }
                if draft.top[key] != nil {
                    draft.note(.requestFieldLeftOut, "data.\(key) is also in apns.payload; the phone gets the data value")
                }
                draft.top[key] = value
            }
            if !members.isEmpty { draft.carry("data", to: "top-level keys (strings)") }
        }
        let notificationImage = message["notification"]?["image"]
        if let image = apns["fcm_options"]?["image"] ?? notificationImage {
            draft.top["fcm_options"] = ["image": image]
            draft.carry(apns["fcm_options"]?["image"] != nil ? "apns.fcm_options.image" : "notification.image", to: "fcm_options.image")
            if notificationImage != nil, apns["fcm_options"]?["image"] != nil {
                draft.note(.requestFieldLeftOut, "notification.image: apns.fcm_options.image is the image an iPhone gets")
            }
        }
        draft.top["gcm.message_id"] = .string(Self.assignedByFCM)
        draft.note(.requestValueFilledIn, "gcm.message_id is the message id FCM assigns when it sends (it also adds google.c.sender.id); shown as \"\(Self.assignedByFCM)\"")
        for (name, value) in (apns["headers"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key }) {
            draft.headers[name.lowercased()] = value.identifierText ?? value.jsonText()
        }
        if !(apns["headers"]?.objectValue ?? [:]).isEmpty { draft.carry("apns.headers", to: "the APNs headers") }
        let apnsFields = ["payload", "headers", "fcm_options"]
        draft.noteUnknown(apns.keys.filter { !apnsFields.contains($0) }.sorted(), known: apnsFields, parent: "apns.", providerName: "FCM")
        draft.account(
            for: message, used: used, known: ["notification", "data", "apns", "token", "topic", "condition", "fcm_options", "android", "webpush"],
            providerOnly: { ["token", "topic", "condition", "name", "fcm_options"].contains($0) },
            otherPlatform: { ["android", "webpush"].contains($0) }, providerName: "FCM")
        let outer = (body.objectValue ?? [:]).keys.filter { $0 != "message" }.sorted()
        if !outer.isEmpty {
            draft.note(.requestFieldLeftOut, "\(outer.joined(separator: ", ")) beside message: read by FCM itself (validate_only sends nothing), not sent to the phone")
        }
        return draft.conversion(provider)
    }

    /// What FCM puts in the payload's `gcm.message_id` until it sends.
    static let assignedByFCM = "(assigned by FCM)"
}
