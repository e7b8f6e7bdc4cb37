/// The typed, lenient view of a payload's `aps` dictionary.
///
/// Lenient means a value of the wrong type never stops anything: `"badge": "1"` is read as 1,
/// `"mutable-content": true` as on, a `badge` of `"BADGE"` is ignored, and each such value is
/// recorded in ``typeIssues`` for lint and preview to report.
public struct APS: Hashable, Sendable {
    /// `aps.alert`, from a string (the body) or a dictionary; `nil` when absent, `null` or of
    /// another type (the last noted in ``typeIssues``).
    public var alert: Alert?
    /// Badge count; 0 clears the badge.
    public var badge: Int?
    /// `aps.sound`, from a file name or the critical-alert dictionary; `nil` when absent.
    public var sound: Sound?
    /// `aps.thread-id`: the key iOS groups notifications by. A number is read as its digits.
    public var threadID: String?
    /// `aps.category`: the notification category, which picks the actions iOS offers.
    public var category: String?
    /// `aps.content-available`: whether the push wakes the app in the background. Off when absent;
    /// `true` and `"1"` are read as on (noted in ``typeIssues``).
    public var contentAvailable: Bool
    /// `aps.mutable-content`: whether iOS runs the Notification Service Extension, which Herald's
    /// enrichment needs. Read like ``contentAvailable``.
    public var mutableContent: Bool
    /// `aps.target-content-id`: which window or content to bring forward when the notification is opened.
    public var targetContentID: String?
    /// `aps.interruption-level`; an unknown value is kept (see ``InterruptionLevel/isKnown``).
    public var interruptionLevel: InterruptionLevel?
    /// `aps.relevance-score`, as given: a numeric string is read; the 0...1 range is not checked here
    /// (lint reports values outside it).
    public var relevanceScore: Double?
    /// `aps.filter-criteria`: the Focus filter the notification matches.
    public var filterCriteria: String?
    /// Whether `alert` was given as a plain string (the body).
    public var alertIsString: Bool
    /// Values of the wrong type, in key order.
    public var typeIssues: [TypeIssue]

    /// The keys Apple defines for `aps`, including Live Activity keys.
    public static let knownKeys: Set<String> = [
        "alert", "badge", "sound", "thread-id", "category", "content-available", "mutable-content",
        "target-content-id", "interruption-level", "relevance-score", "filter-criteria",
        "timestamp", "event", "content-state", "stale-date", "dismissal-date", "attributes-type",
        "attributes", "input-push-channel", "input-push-token", "url-args",
    ]

    /// An empty `aps`: nothing shown, nothing set.
    public init() {
        self.contentAvailable = false
        self.mutableContent = false
        self.alertIsString = false
        self.typeIssues = []
    }

    /// Reads an `aps` value leniently.
    ///
    /// - Parameter json: the value of the payload's `aps` key; anything but an object reads as
    ///   an empty `aps` with one type issue.
    public init(json: JSONValue) {
        self.init()
        guard let members = json.objectValue else {
            typeIssues.append(TypeIssue(key: "aps", expected: "an object", found: json.typeName, wasRead: false))
            return
        }
        var reader = LenientReader()
        readAlert(members["alert"], reader: &reader)
        badge = reader.count(members["badge"], key: "badge")
        sound = readSound(members["sound"], reader: &reader)
        threadID = reader.text(members["thread-id"], key: "thread-id")
        category = reader.text(members["category"], key: "category")
        contentAvailable = reader.flag(members["content-available"], key: "content-available")
        mutableContent = reader.flag(members["mutable-content"], key: "mutable-content")
        targetContentID = reader.text(members["target-content-id"], key: "target-content-id")
        interruptionLevel = reader.text(members["interruption-level"], key: "interruption-level").map(InterruptionLevel.init(rawValue:))
        relevanceScore = reader.fraction(members["relevance-score"], key: "relevance-score")
        filterCriteria = reader.text(members["filter-criteria"], key: "filter-criteria")
        typeIssues = reader.issues
    }

    private mutating func readAlert(_ value: JSONValue?, reader: inout LenientReader) {
        switch value {
        case nil, .null?:
            return
        case .string(let text)?:
            alert = Alert(body: text)
            alertIsString = true
        case .object(let fields)?:
            alert = Alert(
                title: reader.text(fields["title"], key: "alert.title"),
                subtitle: reader.text(fields["subtitle"], key: "alert.subtitle"),
                body: reader.text(fields["body"], key: "alert.body"),
                titleLocKey: reader.text(fields["title-loc-key"], key: "alert.title-loc-key"),
                titleLocArgs: reader.texts(fields["title-loc-args"], key: "alert.title-loc-args"),
                subtitleLocKey: reader.text(fields["subtitle-loc-key"], key: "alert.subtitle-loc-key"),
                subtitleLocArgs: reader.texts(fields["subtitle-loc-args"], key: "alert.subtitle-loc-args"),
                locKey: reader.text(fields["loc-key"], key: "alert.loc-key"),
                locArgs: reader.texts(fields["loc-args"], key: "alert.loc-args"),
                launchImage: reader.text(fields["launch-image"], key: "alert.launch-image")
            )
        case let other?:
            reader.issues.append(TypeIssue(key: "alert", expected: "a string or an object", found: other.typeName, wasRead: false))
        }
    }

    private func readSound(_ value: JSONValue?, reader: inout LenientReader) -> Sound? {
        switch value {
        case nil, .null?:
            return nil
        case .string(let name)?:
            return Sound(name: name)
        case .object(let fields)?:
            return Sound(
                name: reader.text(fields["name"], key: "sound.name"),
                isCritical: reader.flag(fields["critical"], key: "sound.critical"),
                volume: reader.fraction(fields["volume"], key: "sound.volume")
            )
        case let other?:
            reader.issues.append(TypeIssue(key: "sound", expected: "a string or an object", found: other.typeName, wasRead: false))
            return nil
        }
    }
}
