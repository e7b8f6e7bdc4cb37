import Foundation
@_spi(HeraldTools) import HeraldCore
import HeraldSending

extension ProviderRequest {
    /// OneSignal's create-notification body, as OneSignal delivers it to an iPhone: the
    /// classic layout, data at `custom.a` (what every captured delivery shows).
    func convertOneSignal(language: String) throws(RequestConversionError) -> RequestConversion {
        let fields = body.objectValue ?? [:]
        var draft = ConversionDraft()
        var used: Set<String> = []
        var custom: [String: JSONValue] = ["i": .string(Self.assignedByOneSignal)]
        draft.note(.requestValueFilledIn, "custom.i is the notification id OneSignal assigns when it sends; shown as \"\(Self.assignedByOneSignal)\"")

        guard fields["app_id"]?.identifierText != nil else {
            throw RequestConversionError(.missingField, "OneSignal refuses a notification without app_id: add \"app_id\": \"<your OneSignal app id>\"")
        }
        // Text: one language of each map reaches the phone.
        let contents = fields["contents"]
        if contents == nil, !Self.isSet(fields["content_available"]), fields["template_id"] == nil {
            throw RequestConversionError(.missingField, "OneSignal refuses a notification without contents (unless it has content_available or template_id): add \"contents\": {\"en\": \"…\"}")
        }
        for (field, key) in [("headings", "title"), ("subtitle", "subtitle"), ("contents", "body")] {
            guard let value = fields[field] else { continue }
            used.insert(field)
            guard let map = value.objectValue else {
                throw RequestConversionError(.wrongType, "\(field) is a JSON \(value.typeName); OneSignal takes a map of language codes to text, such as {\"en\": \"…\"}")
            }
            if field == "contents", map["en"] == nil {
                throw RequestConversionError(
                    .missingField, "contents has no \"en\" entry, and OneSignal refuses a notification without one (its text may be in any language: it is what a subscription without its own language gets)")
            }
            guard let (chosen, text) = Self.text(in: map, language: language) else {
                draft.note(.requestFieldLeftOut, "\(field) has no \"\(language)\" or \"en\" text, so no \(key) reaches the phone")
                continue
            }
            draft.alert[key] = .string(text)
            draft.carry("\(field).\(chosen)", to: "aps.alert.\(key)")
            let others = map.keys.filter { $0 != chosen }.sorted()
            if chosen != language {
                // `--language DE` most likely means the `de` entry.
                let meant = map.keys.first { $0 != language && $0.lowercased() == language.lowercased() }.map { " (it has \"\($0)\": --language \($0))" } ?? ""
                draft.note(.requestLanguage, "\(field) has no \"\(language)\" text: OneSignal falls back to English\(meant)")
            }
            if !others.isEmpty {
                draft.note(.requestLanguage, "\(field) also has \(others.joined(separator: ", ")): OneSignal sends each subscription its own language's text (preview another with --language)")
            }
        }
        if let apnsAlert = fields["apns_alert"]?.objectValue {
            used.insert("apns_alert")
            draft.alert.merge(apnsAlert) { _, new in new }
            draft.carry("apns_alert", to: "aps.alert")
        }
        // Always on: OneSignal's own extension needs it, and the API cannot turn it off.
        draft.aps["mutable-content"] = 1
        used.insert("mutable_content")
        draft.carry("mutable_content (always set by OneSignal)", to: "aps.mutable-content")

        if let data = fields["data"] {
            used.insert("data")
            custom["a"] = data
            draft.carry("data", to: "custom.a")
        }
        if let attachments = fields["ios_attachments"] {
            used.insert("ios_attachments")
            draft.top["att"] = attachments
            draft.carry("ios_attachments", to: "att")
        }
        if let buttons = fields["buttons"]?.arrayValue {
            used.insert("buttons")
            // iOS buttons are {id, text}; web buttons ({action, title}) do nothing on an iPhone.
            let ios = buttons.filter { $0["text"] != nil }
            if ios.count < buttons.count {
                draft.note(.requestFieldLeftOut, "\(buttons.count - ios.count) of the buttons have no text (web buttons use action and title), so iOS does not show those")
            }
            if !ios.isEmpty {
                draft.top["buttons"] = .array(ios.map { button in
                    var converted: [String: JSONValue] = ["n": button["text"]!]
                    converted["i"] = button["id"]
                    return .object(converted)
                })
                draft.carry("buttons (id → i, text → n)", to: "buttons")
            }
        }
        for (field, key) in Self.oneSignalAPSFields {
            guard let value = fields[field] else { continue }
            used.insert(field)
            draft.aps[key] = field == "ios_interruption_level"
                ? value.stringValue.map { .string($0.replacingOccurrences(of: "_", with: "-")) } ?? value
                : value
            draft.carry(field, to: "aps.\(key)")
        }
        if let summary = fields["summary_arg"] {
            used.insert("summary_arg")
            draft.alert["summary-arg"] = summary
            draft.carry("summary_arg", to: "aps.alert.summary-arg")
        }
        if let count = fields["summary_arg_count"] {
            used.insert("summary_arg_count")
            draft.alert["summary-arg-count"] = count
            draft.carry("summary_arg_count", to: "aps.alert.summary-arg-count")
        }
        if Self.isSet(fields["content_available"]) {
            draft.aps["content-available"] = 1
            draft.carry("content_available", to: "aps.content-available")
        }
        used.insert("content_available")
        convertBadge(fields, draft: &draft, custom: &custom, used: &used)
        if let url = fields["app_url"] ?? fields["url"] {
            let field = fields["app_url"] != nil ? "app_url" : "url"
            used.insert(field)
            custom["u"] = url
            draft.carry(field, to: "custom.u")
        }
        if let collapseID = fields["collapse_id"] {
            used.insert("collapse_id")
            custom["collapse_id"] = collapseID
            draft.headers[APNSHeaderName.collapseID] = collapseID.identifierText
            draft.carry("collapse_id", to: "custom.collapse_id and the apns-collapse-id header")
        }
        if let template = fields["template_id"] {
            used.insert("template_id")
            custom["ti"] = template
            draft.carry("template_id", to: "custom.ti")
            draft.note(.requestFieldLeftOut, "template_id: OneSignal fills the text in from the template, which this body does not show")
        }
        if let priority = fields["priority"]?.identifierText {
            used.insert("priority")
            draft.headers[APNSHeaderName.priority] = priority
            draft.carry("priority", to: "the apns-priority header")
        }
        if let ttl = fields["ttl"]?.identifierText {
            used.insert("ttl")
            draft.note(.requestFieldLeftOut, "ttl \(ttl) s: OneSignal sets apns-expiration that long after it sends")
        }
        if let pushType = fields["apns_push_type_override"]?.stringValue {
            used.insert("apns_push_type_override")
            draft.headers[APNSHeaderName.pushType] = pushType
            draft.carry("apns_push_type_override", to: "the apns-push-type header")
        }
        draft.top["custom"] = .object(custom)
        draft.account(
            for: fields, used: used, known: Self.oneSignalFields, providerOnly: Self.isOneSignalOnly, otherPlatform: Self.isOtherPlatformForOneSignal,
            providerName: "OneSignal")
        return draft.conversion(provider)
    }

    /// `ios_badgeType` and `ios_badgeCount`: SetTo is the badge; Increase is added on the phone
    /// by OneSignal's extension to the count it keeps.
    private func convertBadge(_ fields: [String: JSONValue], draft: inout ConversionDraft, custom: inout [String: JSONValue], used: inout Set<String>) {
        guard let type = fields["ios_badgeType"]?.stringValue else { return }
        used.formUnion(["ios_badgeType", "ios_badgeCount"])
        let count = fields["ios_badgeCount"] ?? 0
        switch type {
        case "SetTo":
            draft.aps["badge"] = count
            draft.carry("ios_badgeCount (SetTo)", to: "aps.badge")
        case "Increase":
            custom["badge_inc"] = count
            draft.carry("ios_badgeCount (Increase)", to: "custom.badge_inc")
            draft.note(.requestFieldLeftOut, "ios_badgeType Increase: OneSignal's own extension adds custom.badge_inc to the badge count it keeps in the App Group; Herald does not, so forward to OneSignal's extension for it")
        default:
            draft.note(.requestFieldLeftOut, "ios_badgeType \"\(type)\" sets no badge (OneSignal takes None, SetTo or Increase)")
        }
    }

    /// The fields this conversion reads, and the common ones OneSignal reads itself: what a
    /// misspelt field is compared with.
    private static let oneSignalFields = [
        "contents", "headings", "subtitle", "data", "ios_attachments", "buttons", "ios_category", "thread_id", "ios_interruption_level",
        "ios_relevance_score", "ios_sound", "target_content_identifier", "summary_arg", "summary_arg_count", "content_available",
        "ios_badgeType", "ios_badgeCount", "app_url", "url", "collapse_id", "template_id", "priority", "apns_push_type_override", "ttl",
        "apns_alert", "mutable_content", "app_id", "include_aliases", "include_subscription_ids", "include_external_user_ids",
        "include_player_ids", "included_segments", "excluded_segments", "filters", "target_channel", "idempotency_key", "send_after",
    ]

    /// What OneSignal puts in the payload's `custom.i` until it sends.
    static let assignedByOneSignal = "(assigned by OneSignal)"

    /// Request fields OneSignal copies into `aps` as they are.
    private static let oneSignalAPSFields: [(String, String)] = [
        ("ios_category", "category"), ("thread_id", "thread-id"), ("ios_interruption_level", "interruption-level"),
        ("ios_relevance_score", "relevance-score"), ("ios_sound", "sound"), ("target_content_identifier", "target-content-id"),
    ]

    /// Targeting, scheduling and bookkeeping: OneSignal reads them, the phone never sees them.
    private static func isOneSignalOnly(_ field: String) -> Bool {
        let exact: Set = [
            "app_id", "included_segments", "excluded_segments", "filters", "target_channel", "idempotency_key", "external_id",
            "send_after", "delayed_option", "delivery_time_of_day", "throttle_rate_per_minute", "enable_frequency_cap", "name",
            "custom_data", "channel_for_external_user_ids",
        ]
        let platformFlags: Set = [
            "isIos", "isAndroid", "isAnyWeb", "isChromeWeb", "isChrome", "isFirefox", "isSafari", "isWP_WNS", "isAdm", "isHuawei", "isEdge",
        ]
        return exact.contains(field) || platformFlags.contains(field) || field.hasPrefix("include_") || field.hasPrefix("is_")
    }

    /// Fields for Android, Huawei, Amazon and the web.
    private static func isOtherPlatformForOneSignal(_ field: String) -> Bool {
        let prefixes = ["android_", "huawei_", "adm_", "amazon_", "chrome_", "firefox_", "safari_", "web_", "wp_"]
        let exact: Set = ["small_icon", "large_icon", "big_picture", "led_color", "accent_color", "existing_android_channel_id", "web_push_topic"]
        return exact.contains(field) || prefixes.contains { field.hasPrefix($0) }
    }
}
