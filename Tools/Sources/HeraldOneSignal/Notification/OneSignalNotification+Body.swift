import Foundation
import HeraldCore

extension OneSignalNotification {
    /// The request body: the JSON object the client posts to `/notifications`.
    ///
    /// Members are written only when set: `app_id`, the targeting (`include_subscription_ids`,
    /// or `include_aliases` with `target_channel: "push"`), `contents`, `headings`, `subtitle`,
    /// `data`, `ios_attachments`, `thread_id`, `ios_category`, `ios_interruption_level`
    /// (`time_sensitive`, with OneSignal's underscore), `ios_relevance_score`, `collapse_id`,
    /// `ios_badgeType: "SetTo"` with `ios_badgeCount`,
    /// `ttl`, `idempotency_key` (lowercase UUID), and always `mutable_content: true`, without
    /// which iOS never runs the extension. It does not validate; ``validate()`` does.
    ///
    /// - Returns: the body as a JSON object.
    public func body() -> JSONValue {
        var body: [String: JSONValue] = [
            "app_id": .string(appID),
            "contents": Self.languageMap(contents),
            "mutable_content": true,
            "idempotency_key": .string(idempotencyKey.uuidString.lowercased()),
        ]
        body.merge(targeting.bodyMembers) { _, new in new }
        if !headings.isEmpty { body["headings"] = Self.languageMap(headings) }
        if !subtitle.isEmpty { body["subtitle"] = Self.languageMap(subtitle) }
        if data != .object([:]) { body["data"] = data }
        if !iosAttachments.isEmpty { body["ios_attachments"] = .object(iosAttachments.mapValues { .string($0.absoluteString) }) }
        body["thread_id"] = threadID.map(JSONValue.string)
        body["ios_category"] = category.map(JSONValue.string)
        body["ios_interruption_level"] = interruptionLevel.map { .string($0.oneSignalValue) }
        body["ios_relevance_score"] = relevanceScore.flatMap { JSONNumber($0) }.map(JSONValue.number)
        body["collapse_id"] = collapseID.map(JSONValue.string)
        if let badge {
            body["ios_badgeType"] = "SetTo"
            body["ios_badgeCount"] = .number(JSONNumber(badge))
        }
        body["ttl"] = timeToLive.map { .number(JSONNumber($0.components.seconds)) }
        return .object(body)
    }

    /// ``body()`` as compact JSON bytes, keys sorted: what goes on the wire.
    ///
    /// - Returns: UTF-8 JSON text.
    public func bodyData() -> Data {
        body().encoded()
    }

    private static func languageMap(_ texts: [String: String]) -> JSONValue {
        .object(texts.mapValues(JSONValue.string))
    }
}
