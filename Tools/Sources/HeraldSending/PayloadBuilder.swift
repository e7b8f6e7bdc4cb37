import Foundation
@_spi(HeraldTools) import HeraldCore

/// Builds the APNs payload for an ``OutgoingMessage``: exactly what the extension reads.
///
/// The payload has `aps.mutable-content: 1` (so the extension runs), the alert
/// (``OutgoingMessage/alertTitle``, ``OutgoingMessage/alertSubtitle``, the text as body),
/// `thread-id` from the conversation, the category (by default Herald's message category, with
/// Reply and Mark as Read: ``OutgoingMessage/categoryIdentifier``), interruption level and
/// relevance score, and the message's data where the ``layout`` puts it.
///
/// Size-aware: when the payload would be larger than ``maximumByteCount``, the body is
/// shortened on a grapheme boundary and ends with ``ellipsis``, as long as the rest fits; the
/// result is the longest such body that fits. A payload that is too large even with the body
/// reduced to the ellipsis is an error that says by how much.
///
/// With ``sealing``, the text and the message's data travel sealed: the visible alert is a
/// placeholder, and the extension opens the sealed field before it reads the message.
public struct PayloadBuilder: Sendable {
    /// How the content is sealed for end-to-end encryption.
    ///
    /// HeraldCore does no cryptography: HeraldEnrichment provides the AES-GCM sealing the
    /// extension opens (`PayloadBuilder.Sealing.aesGCM(keyID:key:)`).
    public struct Sealing: Sendable {
        /// The data-root key the sealed value is written under.
        public var fieldName: String
        /// The alert title shown if the extension cannot open the content; `nil` for none.
        public var placeholderTitle: String?
        /// The alert body shown if the extension cannot open the content.
        public var placeholderBody: String
        /// Seals a JSON object (`title`, `subtitle`, `body` and the message's data keys) into
        /// the value stored under ``fieldName``.
        public var seal: @Sendable (JSONValue) throws -> JSONValue

        /// - Parameters: see the properties.
        public init(
            fieldName: String, placeholderTitle: String? = nil, placeholderBody: String = "New message",
            seal: @escaping @Sendable (JSONValue) throws -> JSONValue
        ) {
            self.fieldName = fieldName
            self.placeholderTitle = placeholderTitle
            self.placeholderBody = placeholderBody
            self.seal = seal
        }
    }

    /// What ends a shortened body.
    public static let ellipsis = "…"

    /// Where the message's data goes; its container must be one an APNs payload can carry.
    public var layout: Layout
    /// The largest encoded payload, in bytes: the push type's
    /// (``APNSPushType/maximumPayloadByteCount``).
    public var maximumByteCount: Int
    /// Seals the content when set.
    public var sealing: Sealing?

    /// - Parameters:
    ///   - layout: where the message's data goes; default ``Layout/apns``.
    ///   - maximumByteCount: the size limit; default an alert push's, 4096.
    ///   - sealing: seals the content when set.
    public init(layout: Layout = .apns, maximumByteCount: Int = APNSPushType.alert.maximumPayloadByteCount, sealing: Sealing? = nil) {
        self.layout = layout
        self.maximumByteCount = maximumByteCount
        self.sealing = sealing
    }

    /// Builds the payload.
    ///
    /// - Parameter outgoing: the message, its text and presentation options.
    /// - Returns: the payload as a value and as compact bytes, and how many characters of the
    ///   text were left out.
    /// - Throws: ``PayloadBuildError`` with ``PayloadBuildError/Code/tooLarge`` (and
    ///   ``PayloadBuildError/excessByteCount``) when even the shortest body does not fit,
    ///   ``PayloadBuildError/Code/invalidRelevanceScore``,
    ///   ``PayloadBuildError/Code/unknownInterruptionLevel``,
    ///   ``PayloadBuildError/Code/invalidBadge``,
    ///   ``PayloadBuildError/Code/invalidMessageIdentifier``, ``PayloadBuildError/Code/retractFallback``
    ///   (a retraction whose ``Message/retractFallback`` is not `filtered` or `visible`), or
    ///   ``PayloadBuildError/Code/sealingFailed``.
    public func build(_ outgoing: OutgoingMessage) throws(PayloadBuildError) -> BuiltPayload {
        try validate(outgoing)
        let collapseID = APNSCollapseID.default(for: outgoing.message, isSealed: sealing != nil)
        let whole = try render(outgoing, body: outgoing.text)
        if whole.data.count <= maximumByteCount {
            return BuiltPayload(json: whole.json, data: whole.data, omittedCharacterCount: 0, collapseID: collapseID)
        }
        let characters = Array(outgoing.text)
        // Binary search for the longest prefix that fits with the ellipsis; `fitting` always fits.
        var fitting = try shortened(outgoing, characters, keeping: 0)
        guard fitting.data.count <= maximumByteCount else {
            let excess = fitting.data.count - maximumByteCount
            throw PayloadBuildError(
                .tooLarge,
                "the payload is \(fitting.data.count) bytes even with the body shortened to \"\(Self.ellipsis)\": \(excess) bytes over the \(maximumByteCount)-byte limit",
                excessByteCount: excess)
        }
        var kept = 0
        var low = 1
        var high = characters.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let candidate = try shortened(outgoing, characters, keeping: middle)
            if candidate.data.count <= maximumByteCount {
                (fitting, kept, low) = (candidate, middle, middle + 1)
            } else {
                high = middle - 1
            }
        }
        return BuiltPayload(json: fitting.json, data: fitting.data, omittedCharacterCount: characters.count - kept, collapseID: collapseID)
    }

    /// Builds a background push for `message`: `content-available: 1` and the message's data
    /// where the ``layout`` puts it (sealed with ``sealing``), and no alert, sound or badge.
    ///
    /// Apple's rule for a background notification; send it with push type `background` and
    /// priority 5. iOS wakes the app with it (throttled), and the extension does not run.
    ///
    /// - Parameter message: the data the app receives.
    /// - Returns: the payload; nothing is shortened.
    /// A retraction (``MessageAction/isRetraction``) is built for ``RetractFallback/background``,
    /// which the payload then says.
    ///
    /// - Throws: ``PayloadBuildError`` with ``PayloadBuildError/Code/tooLarge`` when it is larger
    ///   than ``maximumByteCount``, ``PayloadBuildError/Code/invalidMessageIdentifier``,
    ///   ``PayloadBuildError/Code/retractFallback`` (a retraction for another fallback), or
    ///   ``PayloadBuildError/Code/sealingFailed``.
    public func buildBackground(_ message: Message) throws(PayloadBuildError) -> BuiltPayload {
        try Self.validateIdentifiers(of: message)
        if let problem = message.fetchedContentProblem(text: nil, isSealed: sealing != nil) {
            throw PayloadBuildError(.fetchedContent, problem)
        }
        var message = message
        // A background push is the background fallback: said in the payload for a preview.
        if message.action?.isRetraction == true, message.retractFallback == nil { message.retractFallback = .background }
        if case .needsAlertPush(let fallback)? = RetractionPush.problem(with: message, isBackground: true) {
            throw PayloadBuildError(
                .retractFallback, "a background push retracts for the background fallback, not \"\(fallback.rawValue)\": build an alert push for it")
        }
        let root: JSONValue = ["aps": ["content-available": 1]]
        let json: JSONValue
        if let sealing {
            json = layout.place([sealing.fieldName: try seal(layout.encodedData(message), with: sealing)], into: root)
        } else {
            json = layout.encode(message, into: root)
        }
        let data = json.encoded()
        guard data.count <= maximumByteCount else {
            let excess = data.count - maximumByteCount
            throw PayloadBuildError(.tooLarge, "the background payload is \(data.count) bytes: \(excess) bytes over the \(maximumByteCount)-byte limit", excessByteCount: excess)
        }
        return BuiltPayload(json: json, data: data, omittedCharacterCount: 0, collapseID: APNSCollapseID.default(for: message, isSealed: sealing != nil))
    }

    /// Builds the push `outgoing` needs: ``buildBackground(_:)`` for a retraction for the app's
    /// background fallback (a background push shows nothing, so its text is left out), else
    /// ``build(_:)``.
    ///
    /// - Throws: ``PayloadBuildError``, as the one it calls.
    public func buildAsNeeded(_ outgoing: OutgoingMessage) throws(PayloadBuildError) -> BuiltPayload {
        let message = outgoing.message
        return message.action?.isRetraction == true && message.retractFallback == .background ? try buildBackground(message) : try build(outgoing)
    }

    private func seal(_ plaintext: JSONValue, with sealing: Sealing) throws(PayloadBuildError) -> JSONValue {
        do {
            return try sealing.seal(plaintext)
        } catch {
            throw PayloadBuildError(.sealingFailed, "sealing the content failed: \(error)")
        }
    }

    /// Every message id the payload carries can be a collapse id: at most
    /// ``APNSCollapseID/maximumByteCount`` bytes.
    private static func validateIdentifiers(of message: Message) throws(PayloadBuildError) {
        guard let (key, identifier) = APNSCollapseID.overlongIdentifiers(in: message).first else { return }
        throw PayloadBuildError(
            .invalidMessageIdentifier,
            "\(key) is \(identifier.utf8.count) bytes; at most \(APNSCollapseID.maximumByteCount), as it may be sent as the collapse id")
    }

    private func validate(_ outgoing: OutgoingMessage) throws(PayloadBuildError) {
        try Self.validateIdentifiers(of: outgoing.message)
        if let problem = outgoing.message.fetchedContentProblem(text: outgoing.text, isSealed: sealing != nil) {
            throw PayloadBuildError(.fetchedContent, problem)
        }
        switch RetractionPush.problem(with: outgoing.message, isBackground: false) {
        case .noFallback?:
            throw PayloadBuildError(
                .retractFallback,
                "a retraction needs the app's retract fallback: filtered (its extension has the filtering entitlement), visible (this push's text is shown), or background (build a background push)")
        case .needsBackgroundPush?:
            throw PayloadBuildError(.retractFallback, "the background fallback is a background push: build it with buildBackground")
        case .needsAlertPush?, nil:
            break
        }
        if let score = outgoing.relevanceScore, !(score.isFinite && (0...1).contains(score)) {
            throw PayloadBuildError(.invalidRelevanceScore, "relevance score \(score) is outside 0...1")
        }
        if let increment = outgoing.message.badgeIncrement, let problem = outgoing.message.badgeIncrementProblem(increment) {
            throw PayloadBuildError(.invalidBadge, "badge increment \(increment) does not count: \(problem)")
        }
        if let badge = outgoing.badge, badge < 0 {
            throw PayloadBuildError(.invalidBadge, "badge \(badge) is negative; a badge is a count of unread items, and 0 clears it")
        }
        if let level = outgoing.interruptionLevel, !level.isKnown {
            let known = InterruptionLevel.known.map(\.rawValue).joined(separator: ", ")
            throw PayloadBuildError(.unknownInterruptionLevel, "interruption level \"\(level.rawValue)\" is not one of \(known)")
        }
    }

    private func shortened(_ outgoing: OutgoingMessage, _ characters: [Character], keeping count: Int) throws(PayloadBuildError) -> (json: JSONValue, data: Data) {
        var prefix = String(characters[..<count])
        while prefix.last?.isWhitespace == true { prefix.removeLast() }
        return try render(outgoing, body: prefix + Self.ellipsis)
    }

    private func render(_ outgoing: OutgoingMessage, body: String) throws(PayloadBuildError) -> (json: JSONValue, data: Data) {
        var aps: [String: JSONValue] = ["mutable-content": 1]
        aps["category"] = outgoing.categoryIdentifier.map(JSONValue.string)
        aps["interruption-level"] = outgoing.interruptionLevel.map { .string($0.rawValue) }
        aps["relevance-score"] = outgoing.relevanceScore.flatMap(JSONNumber.init).map(JSONValue.number)
        // In the clear even when sealed: iOS sets it from aps, with or without the extension.
        aps["badge"] = outgoing.badge.map { .number(JSONNumber($0)) }
        var text: [String: JSONValue] = ["body": .string(body)]
        text["title"] = outgoing.alertTitle.map(JSONValue.string)
        text["subtitle"] = outgoing.alertSubtitle.map(JSONValue.string)
        let json: JSONValue
        if let sealing {
            var alert: [String: JSONValue] = ["body": .string(sealing.placeholderBody)]
            alert["title"] = sealing.placeholderTitle.map(JSONValue.string)
            aps["alert"] = .object(alert)
            // No thread-id either: it would show the conversation; the extension sets the
            // thread from the opened conversation identifier.
            var plaintext = layout.encodedData(outgoing.message).objectValue ?? [:]
            plaintext.merge(text) { _, new in new }
            let sealed = try seal(.object(plaintext), with: sealing)
            json = layout.place([sealing.fieldName: sealed], into: ["aps": .object(aps)])
        } else {
            aps["alert"] = .object(text)
            aps["thread-id"] = outgoing.message.normalized.conversationIdentifier.map(JSONValue.string)
            json = layout.encode(outgoing.message, into: ["aps": .object(aps)])
        }
        return (json, json.encoded())
    }
}
