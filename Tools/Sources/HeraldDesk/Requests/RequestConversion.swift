@_spi(HeraldTools) import HeraldCore
import HeraldSending

/// What a provider makes of a request body: the payload the phone receives, and the headers the
/// provider sends to APNs with it.
public struct RequestConversion: Hashable, Sendable {
    /// Whose request it was.
    public var provider: ProviderRequest.Provider
    /// The payload as the phone receives it (`userInfo`).
    public var payload: JSONValue
    /// The APNs headers the provider sets from the request (`apns-collapse-id`,
    /// `apns-priority`, `apns-push-type`), by name. They never reach `userInfo`.
    public var headers: [String: String]
    /// For every request field: where it went in the payload, or why it did not reach the
    /// phone (provider-only, another platform's, unknown); and each value the provider fills in.
    public var decisions: [Decision]
    /// Request fields that are no field the provider delivers, each with the known field it is
    /// most likely a misspelling of: lint warns of them (`request-field-unknown`).
    public var unknownFields: [UnknownField]

    /// A request field Herald does not know the provider to read.
    public struct UnknownField: Hashable, Sendable {
        /// Its place in the request, such as `heading` or `apns.fcm_option`.
        public var name: String
        /// The known field nearest to it, such as `headings`.
        public var suggestion: String?
    }
}

extension RequestConversion {
    /// The push type and priority the provider sets, typed: what lint judges a background push
    /// by. A header APNs would refuse is left out here and named in ``headerViolations``.
    public var pushOptions: APNSPushOptions { readPushHeaders().options }

    /// What APNs refuses of the push type and priority headers the provider sets: an unknown
    /// `apns-push-type`, an `apns-priority` other than 10, 5 or 1. Lint reports each as
    /// `apns-header-invalid`.
    public var headerViolations: [APNSRuleViolation] { readPushHeaders().violations }

    /// Reads `apns-push-type` and `apns-priority` from ``headers`` as APNs does.
    private func readPushHeaders() -> (options: APNSPushOptions, violations: [APNSRuleViolation]) {
        var options = APNSPushOptions()
        var violations: [APNSRuleViolation] = []
        if let text = headers[APNSHeaderName.pushType] {
            do { options.pushType = try APNSPushType(headerValue: text) } catch { violations.append(error) }
        }
        if let text = headers[APNSHeaderName.priority] {
            do { options.priority = try APNSPriority(headerValue: text) } catch { violations.append(error) }
        }
        return (options, violations)
    }
}

/// A device payload under construction, and the account of every request field.
struct ConversionDraft {
    var aps: [String: JSONValue] = [:]
    var alert: [String: JSONValue] = [:]
    /// Keys beside `aps`.
    var top: [String: JSONValue] = [:]
    var headers: [String: String] = [:]
    /// "request field → payload place", in the order written.
    private var carried: [String] = []
    private var notes: [Decision] = []
    private var unknown: [RequestConversion.UnknownField] = []

    /// Records that a request field became a payload field.
    mutating func carry(_ field: String, to place: String) {
        carried.append("\(field) → \(place)")
    }

    mutating func note(_ code: Decision.Code, _ message: String) {
        notes.append(Decision(code, message))
    }

    /// Notes request fields that are no field the provider delivers, suggesting the nearest of
    /// `known` for each, under `parent` (such as `apns.`).
    mutating func noteUnknown(_ fields: [String], known: [String], parent: String = "", providerName: String) {
        guard !fields.isEmpty else { return }
        let found = fields.map { RequestConversion.UnknownField(name: parent + $0, suggestion: $0.nearest(in: known).map { parent + $0 }) }
        unknown += found
        let named = found.map { field in field.name + (field.suggestion.map { " (did you mean \($0)?)" } ?? "") }
        note(.requestFieldLeftOut, "\(named.joined(separator: ", ")): not a field Herald knows \(providerName) to deliver, so left out")
    }

    /// Notes the request fields no rule used, by why: the provider's own, another platform's,
    /// or unknown.
    mutating func account(
        for fields: [String: JSONValue], used: Set<String>, known: [String], providerOnly: (String) -> Bool, otherPlatform: (String) -> Bool,
        providerName: String
    ) {
        let rest = fields.keys.filter { !used.contains($0) }.sorted()
        let own = rest.filter(providerOnly)
        let platforms = rest.filter { !providerOnly($0) && otherPlatform($0) }
        let unknownFields = rest.filter { !providerOnly($0) && !otherPlatform($0) }
        if !own.isEmpty {
            note(.requestFieldLeftOut, "\(own.joined(separator: ", ")): read by \(providerName) itself, not sent to the phone")
        }
        if !platforms.isEmpty {
            note(.requestFieldLeftOut, "\(platforms.joined(separator: ", ")): for other platforms, not sent to an iPhone")
        }
        noteUnknown(unknownFields, known: known, providerName: providerName)
    }

    /// The conversion: `aps` with its alert, the keys beside it, and the decisions, the
    /// summary of carried fields first.
    func conversion(_ provider: ProviderRequest.Provider) -> RequestConversion {
        var aps = aps
        if !alert.isEmpty { aps["alert"] = .object(alert) }
        var payload = top
        payload["aps"] = .object(aps)
        let summary = Decision(
            .requestConverted,
            "converted a request body for the \(provider) into the payload the phone receives: "
                + (carried.isEmpty ? "no field reaches the phone" : carried.joined(separator: ", ")))
        return RequestConversion(provider: provider, payload: .object(payload), headers: headers, decisions: [summary] + notes, unknownFields: unknown)
    }
}

extension ProviderRequest {
    /// A language map's text in `language`, else in English; `nil` when it has neither.
    static func text(in map: [String: JSONValue], language: String) -> (language: String, text: String)? {
        for candidate in [language, "en"] {
            if let text = map[candidate]?.stringValue { return (candidate, text) }
        }
        return nil
    }

    /// `true`, `1` or `"1"`/`"true"`, as providers' flags are written.
    static func isSet(_ value: JSONValue?) -> Bool {
        switch value {
        case .bool(let flag)?: flag
        case .number(let number)?: number.doubleValue != 0
        case .string(let text)?: ["1", "true"].contains(text.lowercased())
        default: false
        }
    }
}
