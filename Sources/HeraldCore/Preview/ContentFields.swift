/// The notification content Herald delivers, field by field, as `UNMutableNotificationContent`
/// will hold it.
public struct ContentFields: Hashable, Sendable {
    public var title: String
    public var subtitle: String
    public var body: String
    public var threadIdentifier: String
    public var categoryIdentifier: String
    /// `nil` leaves the badge unchanged; 0 clears it.
    public var badge: Int?
    public var sound: Sound?
    public var interruptionLevel: InterruptionLevel?
    public var relevanceScore: Double?
    public var targetContentIdentifier: String?
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
