/// The notification content Herald delivers, field by field, as `UNMutableNotificationContent`
/// will hold it.
public struct ContentFields: Hashable, Sendable {
    /// `aps.alert.title`; empty when none.
    public var title: String
    /// `aps.alert.subtitle`; empty when none.
    public var subtitle: String
    /// `aps.alert.body` (or the plain-string alert); empty when none.
    public var body: String
    /// `aps.thread-id`, which groups notifications; empty when none.
    public var threadIdentifier: String
    /// `aps.category`; empty when none.
    public var categoryIdentifier: String
    /// `nil` leaves the badge unchanged; 0 clears it.
    public var badge: Int?
    /// `aps.sound`; `nil` plays none.
    public var sound: Sound?
    /// `aps.interruption-level`; `nil` leaves iOS's default (active).
    public var interruptionLevel: InterruptionLevel?
    /// `aps.relevance-score`, as given.
    public var relevanceScore: Double?
    /// `aps.target-content-id`.
    public var targetContentIdentifier: String?
    /// `aps.filter-criteria`.
    public var filterCriteria: String?

    /// Empty content.
    public init() {
        self.title = ""
        self.subtitle = ""
        self.body = ""
        self.threadIdentifier = ""
        self.categoryIdentifier = ""
    }

    /// The content iOS builds from `aps` before any extension runs.
    public init(aps: APS) {
        self.init()
        title = aps.alert?.title ?? ""
        subtitle = aps.alert?.subtitle ?? ""
        body = aps.alert?.body ?? ""
        threadIdentifier = aps.threadID ?? ""
        categoryIdentifier = aps.category ?? ""
        badge = aps.badge
        sound = aps.sound
        interruptionLevel = aps.interruptionLevel
        relevanceScore = aps.relevanceScore
        targetContentIdentifier = aps.targetContentID
        filterCriteria = aps.filterCriteria
    }
}
