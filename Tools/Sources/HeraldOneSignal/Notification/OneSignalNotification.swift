import Foundation
import HeraldCore
import HeraldSending

/// One OneSignal create-notification request (`POST /notifications`), as a value.
///
/// Build one from an ``OutgoingMessage`` with ``init(_:appID:targeting:language:attachments:idempotencyKey:)``,
/// which writes the message with ``Layout/oneSignal`` into ``data`` (the phone finds it at
/// `custom.a`, where Herald's extension reads it), or field by field. ``validate()`` checks
/// OneSignal's limits before anything is sent; ``body()`` is the JSON the client posts. Both are
/// pure, so a request can be inspected or tested without a network.
public struct OneSignalNotification: Hashable, Sendable {
    /// The OneSignal app id (`app_id`).
    public var appID: String
    /// Who receives it.
    public var targeting: OneSignalTargeting
    /// The alert title by language code (`headings`); empty for none.
    public var headings: [String: String]
    /// The alert subtitle by language code (`subtitle`); empty for none.
    public var subtitle: [String: String]
    /// The alert body by language code (`contents`); OneSignal requires an `en` entry, which it
    /// shows on every device whose language has none.
    public var contents: [String: String]
    /// Custom data (`data`): a JSON object of at most 2048 bytes, delivered as `custom.a`.
    /// Empty objects are left out of the request.
    public var data: JSONValue
    /// Media OneSignal's own extension downloads (`ios_attachments`, delivered as `att`), by id.
    public var iosAttachments: [String: URL]
    /// How iOS groups it in Notification Center (`thread_id`, delivered as `aps.thread-id`).
    public var threadID: String?
    /// The category, for actions (`ios_category`).
    public var category: String?
    /// How insistently iOS presents it (`ios_interruption_level`).
    public var interruptionLevel: InterruptionLevel?
    /// How iOS ranks it in the summary, 0...1 (`ios_relevance_score`).
    public var relevanceScore: Double?
    /// Replaces an earlier notification with the same id on the device (`collapse_id`, ≤ 64 bytes).
    public var collapseID: String?
    /// The app icon's badge as an absolute count (`ios_badgeType: "SetTo"` and `ios_badgeCount`);
    /// `nil` leaves it.
    public var badge: Int?
    /// How long OneSignal and APNs keep trying to deliver it (`ttl`, whole seconds; OneSignal's
    /// default is three days).
    public var timeToLive: Duration?
    /// Makes a repeated request a no-op for 30 days (`idempotency_key`): every retry of this
    /// notification sends the same key, so it is delivered at most once.
    public var idempotencyKey: UUID

    /// A notification from its fields.
    ///
    /// - Parameters: see the properties. `idempotencyKey` defaults to a new random UUID.
    public init(
        appID: String,
        targeting: OneSignalTargeting,
        headings: [String: String] = [:],
        subtitle: [String: String] = [:],
        contents: [String: String],
        data: JSONValue = .object([:]),
        iosAttachments: [String: URL] = [:],
        threadID: String? = nil,
        category: String? = nil,
        interruptionLevel: InterruptionLevel? = nil,
        relevanceScore: Double? = nil,
        collapseID: String? = nil,
        badge: Int? = nil,
        timeToLive: Duration? = nil,
        idempotencyKey: UUID = UUID()
    ) {
        self.appID = appID
        self.targeting = targeting
        self.headings = headings
        self.subtitle = subtitle
        self.contents = contents
        self.data = data
        self.iosAttachments = iosAttachments
        self.threadID = threadID
        self.category = category
        self.interruptionLevel = interruptionLevel
        self.relevanceScore = relevanceScore
        self.collapseID = collapseID
        self.badge = badge
        self.timeToLive = timeToLive
        self.idempotencyKey = idempotencyKey
    }

    /// A notification that shows `outgoing` as a communication notification through Herald's
    /// extension.
    ///
    /// The alert's title, subtitle and body (``OutgoingMessage/alertTitle``,
    /// ``OutgoingMessage/alertSubtitle``, ``OutgoingMessage/text``) are written under
    /// `language`, and also under `en` when `language` is another one, because OneSignal
    /// requires English and shows it to every device whose language has no entry. The message
    /// goes into ``data`` as ``Layout/oneSignal`` writes it; ``threadID`` is the conversation,
    /// so iOS groups the thread as Herald's APNs payloads do; ``collapseID`` is the id of the
    /// message the notification stands for (``APNSCollapseID/default(for:isSealed:)``).
    /// Category, interruption level and relevance score are copied. Where the attachments travel is `attachments`' choice.
    ///
    /// - Parameters:
    ///   - outgoing: the message and its presentation.
    ///   - appID: the OneSignal app id.
    ///   - targeting: who receives it.
    ///   - language: the language code the text is in; default `en`.
    ///   - attachments: where the message's attachments travel; default ``AttachmentPlacement/data``.
    ///   - idempotencyKey: the request's idempotency key; default a new random UUID.
    public init(
        _ outgoing: OutgoingMessage,
        appID: String,
        targeting: OneSignalTargeting,
        language: String = "en",
        attachments: AttachmentPlacement = .data,
        idempotencyKey: UUID = UUID()
    ) {
        func localized(_ text: String?) -> [String: String] {
            guard let text else { return [:] }
            return language == "en" ? ["en": text] : [language: text, "en": text]
        }
        var message = outgoing.message
        if !attachments.includesData { message.attachments = [] }
        self.init(
            appID: appID,
            targeting: targeting,
            headings: localized(outgoing.alertTitle),
            subtitle: localized(outgoing.alertSubtitle),
            contents: localized(outgoing.text),
            data: Layout.oneSignal.encodedData(message),
            iosAttachments: attachments.includesIOSAttachments ? Self.iosAttachments(outgoing.message.attachments) : [:],
            threadID: outgoing.message.conversationIdentifier,
            category: outgoing.categoryIdentifier,
            interruptionLevel: outgoing.interruptionLevel,
            relevanceScore: outgoing.relevanceScore,
            collapseID: APNSCollapseID.default(for: outgoing.message, isSealed: false),
            badge: outgoing.badge,
            idempotencyKey: idempotencyKey
        )
    }

    /// Attachments as `ios_attachments`, keyed by their position, zero-padded so that the key
    /// order Herald's extension reads them in (sorted) is the message's order.
    static func iosAttachments(_ attachments: [Message.Attachment]) -> [String: URL] {
        let width = String(attachments.count).count
        var result: [String: URL] = [:]
        for (index, attachment) in attachments.enumerated() {
            let number = String(index + 1)
            result[String(repeating: "0", count: width - number.count) + number] = attachment.url
        }
        return result
    }
}
