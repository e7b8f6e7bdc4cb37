import Foundation
@_spi(HeraldTools) import HeraldCore
import HeraldSending

/// Checks a payload against what APNs, iOS and Herald's extension need.
///
/// APNs's rules for push type, priority and size are HeraldSending's (``APNSPushType``,
/// ``APNSPriority``, ``APNSRuleViolation``): lint reports what they find, in the words of its
/// own rules.
public enum Linter {
    /// OneSignal's limit for the `data` object.
    public static let oneSignalDataLimit = 2048

    /// Lints a parsed payload.
    ///
    /// - Parameters:
    ///   - payload: the payload.
    ///   - preview: what Herald reads from it (``Preview/init(payload:layout:)``); lint reuses
    ///     its decisions rather than reading the payload twice.
    ///   - pushOptions: the push type and priority it is sent with, where known: a background
    ///     push is judged by them, and the size by the push type's limit (an alert push's when
    ///     the type is not known).
    /// - Returns: findings, errors first, each with a one-line message that says what to change.
    public static func lint(_ payload: Payload, preview: Preview, pushOptions: APNSPushOptions = APNSPushOptions()) -> [LintFinding] {
        var findings: [LintFinding] = []
        // Made once for the rules below: most payloads have none of the top-level keys they
        // look for, and the digest rules those out without a lookup.
        let digest = MemberDigest(payload.json)
        let background = payload.aps.flatMap { BackgroundPush(aps: $0, pushOptions: pushOptions) }
        lintMessageLife(payload, preview: preview, isBackground: background != nil, into: &findings)
        lintFetchedContent(preview, into: &findings)
        if let aps = payload.aps {
            if background == nil { lintAPS(aps, payload: payload, digest: digest, preview: preview, into: &findings) }
            lintTypes(aps, payload: payload, into: &findings)
            if let background { findings += background.findings }
        } else {
            // Written out whole, as the common findings are: lint then builds no string for them.
            findings.append(LintFinding(.noAPS, payload.json["apps"] != nil
                ? "add an aps dictionary with an alert and \"mutable-content\": 1; there is an \"apps\" key: rename it to \"aps\""
                : "add an aps dictionary with an alert and \"mutable-content\": 1"))
        }
        if let tooLarge = (pushOptions.pushType ?? .default).violation(payloadByteCount: payload.byteCount) {
            let voip = APNSPushType.voip.maximumPayloadByteCount
            let hint = pushOptions.pushType == nil && payload.byteCount <= voip ? " (a voip push may have up to \(voip))" : ""
            findings.append(LintFinding(.payloadTooLarge, "\(tooLarge) (counted as compact JSON)\(hint); shorten the body or move data out"))
        }
        if let shape = serverRequestShape(payload.json, digest: digest) {
            findings.append(LintFinding(.serverRequestBody, "this looks like \(shape)"))
        }
        // Where the layout's custom data starts and its communication object, resolved once
        // for both communication rules. When the data is the payload, its digest rules the
        // object out without a lookup; elsewhere one lookup costs less than a digest of the data.
        let root = preview.layout.dataRoot(in: payload.json)
        let data = root.resolve(in: payload.json)
        let block = root.tokens.isEmpty && !digest.mayResolve(communicationBlock) ? nil : communicationBlock.resolve(in: data ?? .null)
        lintCommunication(block, preview: preview, into: &findings)
        lintCommunicationKeys(data, block: block, preview: preview, into: &findings)
        lintOneSignalData(payload, preview: preview, into: &findings)
        return errorsFirst(findings)
    }

    /// Lints the payload a provider's request body became: the payload's findings, with the
    /// request's own spelling added where the fix is made in the request, a warning for each
    /// request field the provider does not deliver, and an error for each APNs header it sets
    /// that APNs refuses.
    ///
    /// - Parameters:
    ///   - payload: the converted payload (``RequestConversion/payload``).
    ///   - preview: what Herald reads from it.
    ///   - conversion: how the request became it; `nil` lints `payload` as a device payload.
    ///   - pushOptions: the push type and priority it is sent with, over those the provider
    ///     sets (``RequestConversion/pushOptions``).
    /// - Returns: findings, errors first.
    public static func lint(
        _ payload: Payload, preview: Preview, conversion: RequestConversion?, pushOptions: APNSPushOptions = APNSPushOptions()
    ) -> [LintFinding] {
        var findings = lint(payload, preview: preview, pushOptions: sendingOptions(conversion, pushOptions))
        guard let conversion else { return findings }
        if let spelling = conversion.provider.mutableContentField {
            findings = findings.map { finding in
                guard finding.rule == .noMutableContent else { return finding }
                return LintFinding(finding.rule, finding.message + "; in the \(conversion.provider) request that is \(spelling)", severity: finding.severity)
            }
        }
        for field in conversion.unknownFields {
            let hint = field.suggestion.map { "; did you mean \($0)?" } ?? ""
            findings.append(LintFinding(.requestFieldUnknown, "\(field.name) is not a field the \(conversion.provider) delivers, so it never reaches the phone\(hint)"))
        }
        for violation in conversion.headerViolations {
            findings.append(LintFinding(.apnsHeaderInvalid, "\(violation), so APNs refuses the notification; fix the header in the \(conversion.provider) request"))
        }
        return errorsFirst(findings)
    }

    /// `findings` by severity, errors first, each severity in the order found.
    private static func errorsFirst(_ findings: [LintFinding]) -> [LintFinding] {
        // Most lists are in order already (one finding, or errors found first).
        guard findings.indices.dropFirst().contains(where: { findings[$0].severity < findings[$0 - 1].severity }) else { return findings }
        return findings.enumerated().sorted { ($0.element.severity, $0.offset) < ($1.element.severity, $1.offset) }.map(\.element)
    }

    /// The push type and priority a payload is sent with: those given, over those a provider's
    /// request sets.
    static func sendingOptions(_ conversion: RequestConversion?, _ pushOptions: APNSPushOptions) -> APNSPushOptions {
        (conversion?.pushOptions ?? APNSPushOptions()).overridden(by: pushOptions)
    }

    /// The finding for a payload that does not parse.
    public static func finding(for error: JSONParseError) -> LintFinding {
        LintFinding(.invalidJSON, "not valid JSON at line \(error.line), column \(error.column): \(error.detail)")
    }

    /// The finding for a provider's request body that its provider would refuse
    /// (``ProviderRequest/convert(language:)``), so no payload comes of it.
    public static func finding(for error: RequestConversionError, provider: ProviderRequest.Provider) -> LintFinding {
        LintFinding(.requestRefused, "the \(provider) would refuse this request: \(error.message)")
    }

    /// What is lost when the extension does not run: "the message, which it fetches, is" for an
    /// id-only push, else "the sender, avatar and attachments are".
    private static func lost(_ message: Message) -> String {
        message.fetchesContent ? "the message, which it fetches, is" : "the sender, avatar and attachments are"
    }

    /// - Parameter digest: the payload's.
    private static func lintAPS(_ aps: APS, payload: Payload, digest: MemberDigest, preview: Preview, into findings: inout [LintFinding]) {
        let hasWork = preview.message.isCommunication || preview.message.action != nil || !preview.message.attachments.isEmpty
            || preview.message.fetchesContent
        let visible = aps.alert?.isVisible ?? false
        if !aps.mutableContent {
            if let misplaced = misplacedMutableContent(payload.json, digest: digest) {
                findings.append(LintFinding(.noMutableContent, "mutable-content is at \(misplaced); iOS only reads it inside aps as \"mutable-content\": 1"))
            } else if visible || hasWork {
                findings.append(hasWork
                    ? LintFinding(.noMutableContent, "add \"mutable-content\": 1 to aps, or the extension never runs and \(Self.lost(preview.message)) lost", severity: .error)
                    : LintFinding(.noMutableContent, "add \"mutable-content\": 1 to aps, or the extension never runs", severity: .warning))
            }
        } else if !visible {
            findings.append(LintFinding(
                .noVisibleAlert,
                "give aps.alert a title, subtitle or body: without one iOS does not run the extension\(hasWork ? ", so \(Self.lost(preview.message)) lost" : "")",
                severity: hasWork ? .error : .info))
        }
        if aps.contentAvailable, visible {
            findings.append(LintFinding(
                .contentAvailableWithAlert,
                "content-available with a visible alert is sent as an alert push; send background updates separately with push type background and priority \(APNSPushType.background.requiredPriority!.rawValue)"))
        }
    }

    /// What holds for every push: values of the wrong type, unknown keys, levels and scores.
    private static func lintTypes(_ aps: APS, payload: Payload, into findings: inout [LintFinding]) {
        for issue in aps.typeIssues {
            let fix = "\(issue.key) is \(issue.found); write \(issue.expected)" + (issue.wasRead ? " (Herald reads it, other readers may not)" : " (it is ignored)")
            switch issue.key {
            case "mutable-content": findings.append(LintFinding(.mutableContentType, fix + "; iOS may not run the extension"))
            case "badge": findings.append(LintFinding(.badgeType, fix))
            default: findings.append(LintFinding(.apsValueType, fix))
            }
        }
        if case .object(let members) = payload.json["aps"] {
            for key in members.keys.filter({ !APS.knownKeys.contains($0) }).sorted() {
                let hyphenated = String(key.map { $0 == "_" ? "-" : $0 })
                let hint = APS.knownKeys.contains(hyphenated) ? "; did you mean \"\(hyphenated)\"?" : "; move it beside aps"
                findings.append(LintFinding(.customKeyInAPS, "\"\(key)\" is not an aps key\(hint)"))
            }
        }
        if let level = aps.interruptionLevel, !level.isKnown {
            let near = InterruptionLevel.known.first { $0.rawValue == level.rawValue.lowercased().replacingOccurrences(of: "_", with: "-") }
            findings.append(LintFinding(
                .unknownInterruptionLevel,
                "interruption-level \"\(level.rawValue)\" is unknown" + (near.map { "; write \"\($0.rawValue)\"" } ?? "; use passive, active, time-sensitive or critical")))
        }
        if let score = aps.relevanceScore, !(0...1).contains(score) {
            findings.append(LintFinding(.relevanceScoreRange, "relevance-score is \(score); use a value from 0 to 1"))
        }
    }

    /// What kind of provider request `json` is, when it is one rather than a device payload.
    ///
    /// - Parameter digest: `json`'s.
    private static func serverRequestShape(_ json: JSONValue, digest: MemberDigest) -> String? {
        func has(_ value: JSONValue?, _ keys: String...) -> Bool { keys.contains { value?[$0] != nil } }
        func member(_ key: String) -> JSONValue? { digest.member(key, of: json) }
        // A device payload (with aps) is no provider's request, and is read only for the two
        // shapes that keep aps.
        let hasAPS = member("aps") != nil
        if !hasAPS, let request = ProviderRequest(json, digest: digest) {
            return "a request body for the \(request.provider), not what the phone receives: `herald convert` prints the payload it becomes, and `herald lint` and `herald preview` convert it first"
        }
        if member("pn_apns") != nil {
            return "a PubNub publish body; the phone receives pn_apns without pn_push: lint that object"
        }
        if member("to") != nil || member("registration_ids") != nil, has(json, "notification", "data") {
            return "an FCM legacy HTTP request body; the phone receives its notification as aps and data as top-level keys"
        }
        if !hasAPS, let apns = member("apns"), has(apns, "aps", "payload") {
            return "a request body with an apns section (Pusher Beams, an FCM v1 template); the phone receives the object at apns\(apns["payload"] != nil ? ".payload" : ""): lint that object"
        }
        if !hasAPS, member("device_id") != nil, member("platform") != nil {
            return "a Mattermost push-proxy request; the proxy builds the APNs payload from it"
        }
        if !hasAPS, member("payload")?.stringValue != nil, member("userIds") != nil || member("namespace") != nil {
            return "a Salesforce push request; the phone receives the JSON held in its payload string"
        }
        return nil
    }

    /// The communication object, in the layout's custom data.
    static let communicationBlock = Layout.pointer("/\(CommunicationKeyNames.communicationKey)")
    private static let senderName = Layout.pointer("/sender_name")
    /// The communication block's members that carry a message's life rather than its sender:
    /// the built-in layouts' pointers for those fields, inside the block.
    private static let messageLifeKeys: Set<String> = {
        let fields: [KeyPath<FieldPointers, [JSONPointer]>] = [
            \.messageIdentifier, \.replaces, \.retracts, \.clearsConversation, \.retractFallback, \.badgeIncrement,
        ]
        return Set(fields.flatMap { Layout.apns.fields[keyPath: $0] }.compactMap { pointer in
            pointer.tokens.count == 2 && pointer.tokens[0] == CommunicationKeyNames.communicationKey ? pointer.tokens[1] : nil
        })
    }()
    private static let misplacedMutableContentPlaces: [(JSONPointer, String)] = [
        (Layout.pointer("/mutable-content"), "the top level"), (Layout.pointer("/mutable_content"), "the top level as mutable_content"),
        (Layout.pointer("/aps/mutable_content"), "aps.mutable_content (underscore)"),
    ]

    /// - Parameter digest: `json`'s.
    private static func misplacedMutableContent(_ json: JSONValue, digest: MemberDigest) -> String? {
        misplacedMutableContentPlaces.first { digest.mayResolve($0.0) && $0.0.resolve(in: json) != nil }?.1
    }

    /// The finding each kind of reading decision lint reports makes; other decisions make none.
    /// Looked up by code, one hash per decision, rather than compared with every code in turn.
    private static let decisionFindings: [Decision.Code: @Sendable (Decision) -> LintFinding] = [
        .avatarURLRejected: { LintFinding(.avatarURL, $0.message) },
        .groupAvatarURLRejected: { LintFinding(.avatarURL, $0.message) },
        .avatarURLEmpty: { _ in LintFinding(.avatarURL, "avatar URL is empty; leave the key out when there is no avatar", severity: .info) },
        .groupAvatarIgnored: { LintFinding(.avatarURL, $0.message + "; give the group's name too", severity: .warning) },
        .groupAvatarURLEmpty: { _ in
            LintFinding(.avatarURL, "group avatar URL is empty; leave the key out when the group has no picture", severity: .info)
        },
        .attachmentRelative: { LintFinding(.attachmentURL, $0.message) },
        .attachmentURLRejected: { LintFinding(.attachmentURL, $0.message) },
        .fieldTypeCoerced: { LintFinding(.communicationValueType, $0.message) },
        .fieldIgnored: { LintFinding(.communicationValueType, $0.message) },
    ]

    /// The codes of ``decisionFindings``, which rule out most other decisions' codes without
    /// hashing them (a code's text is longer than a small string, and hashed at length).
    private static let decisionCodes = MemberDigest(names: decisionFindings.keys.map(\.rawValue))

    /// - Parameter block: ``communicationBlock`` in the layout's custom data, if any.
    private static func lintCommunication(_ block: JSONValue?, preview: Preview, into findings: inout [LintFinding]) {
        // A retraction shows no person, a push whose content is fetched carries none on purpose,
        // and a block that only carries a message's life (its id, an increment) is no attempt at one.
        if let block, senderName.resolve(in: block)?.identifierText == nil, preview.message.sender == nil,
            preview.message.action?.isRetraction != true, !preview.message.fetchesContent, block.objectValue?.keys.contains(where: { !messageLifeKeys.contains($0) }) ?? true
        {
            findings.append(LintFinding(.communicationWithoutSenderName, "the communication block has no sender_name, so no sender is shown; add the sender's display name"))
        }
        // A kind the payload names that the handle is not: a phone or email handle Contacts
        // cannot match. Saying `app` of a number or address is a choice, not a mistake.
        if let handle = preview.message.sender?.handle, handle.kind != .app {
            let looks = Handle(inferringKindOf: handle.value).kind
            if looks != handle.kind {
                let what = handle.kind == .phone ? "a phone number" : "an email address"
                findings.append(LintFinding(
                    .senderHandleKind,
                    "sender_handle_kind is \(handle.kind.rawValue), but the handle is not \(what)\(looks == .app ? "" : " (it looks like \(looks == .phone ? "a phone number" : "an email address"))"): Contacts cannot match it; fix the handle or its kind"))
            }
        }
        if let sender = preview.message.sender, sender.handle == nil, preview.extensionWillRun, preview.message.action?.isRetraction != true {
            findings.append(LintFinding(
                .senderWithoutHandle,
                "the sender has no handle, so the extension names them by the app's id only: Focus will not recognise this sender; add their phone number or email as sender_handle, or sender_handle_kind \"app\" with the app's id to say that is all there is"))
        }
        for decision in preview.decisions where decisionCodes.mayContain(decision.code.rawValue) {
            if let finding = decisionFindings[decision.code] { findings.append(finding(decision)) }
        }
        // Each in turn rather than through an array of the two, which was allocated per lint.
        func lintScheme(_ url: URL?, what: String) {
            guard let url, url.scheme?.lowercased() == "http" else { return }
            findings.append(LintFinding(.avatarURL, "\(what) \(url.absoluteString) uses http; use https (the extension refuses http unless configured to allow it)", severity: .warning))
        }
        lintScheme(preview.message.sender?.avatarURL, what: "avatar")
        lintScheme(preview.message.groupAvatarURL, what: "group avatar")
        for attachment in preview.message.attachments where attachment.url.scheme?.lowercased() == "http" {
            findings.append(LintFinding(.attachmentURL, "attachment \(attachment.url.absoluteString) uses http; use https (the extension refuses http unless configured to allow it)", severity: .warning))
        }
    }

    private static func lintOneSignalData(_ payload: Payload, preview: Preview, into findings: inout [LintFinding]) {
        guard preview.layout.container == .oneSignal else { return }
        let data: JSONValue
        if let classic = payload.json["custom"]?["a"] {
            data = classic
        } else if payload.json["os_data"] != nil, let members = payload.json.objectValue {
            data = .object(members.filter { !["aps", "os_data", "custom"].contains($0.key) })
        } else {
            return
        }
        let size = data.encoded().count
        guard size > oneSignalDataLimit else { return }
        findings.append(LintFinding(.oneSignalDataTooLarge, "OneSignal data is \(size) bytes, \(size - oneSignalDataLimit) over its \(oneSignalDataLimit)-byte limit; send ids and fetch the rest"))
    }
}
