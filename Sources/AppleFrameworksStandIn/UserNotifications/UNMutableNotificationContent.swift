import Foundation

/// Notification content whose every property can be set.
///
/// Source: reference, UserNotifications: "`UNMutableNotificationContent` redeclares each
/// `{ get set }`"; the types and iOS versions are those of the UNNotificationContent table.
/// Setting a property changes only this instance: copies never share values.
@available(iOS 10.0, *)
open class UNMutableNotificationContent: UNNotificationContent {
    // Source (all properties): reference, the UNNotificationContent table ("`UNMutableNotificationContent`
    // redeclares each `{ get set }`"), with its types and iOS versions; the availability of
    // each override repeats the table's. The deprecation of `summaryArgument` and
    // `summaryArgumentCount` has no message: the reference gives "deprecated 15 (ignored)",
    // a note, not a quoted message.
    open override var title: String {
        get { fields.title }
        set { fields.title = newValue }
    }
    open override var subtitle: String {
        get { fields.subtitle }
        set { fields.subtitle = newValue }
    }
    open override var body: String {
        get { fields.body }
        set { fields.body = newValue }
    }
    open override var badge: NSNumber? {
        get { fields.badge }
        set { fields.badge = newValue }
    }
    open override var sound: UNNotificationSound? {
        get { fields.sound }
        set { fields.sound = newValue }
    }
    open override var userInfo: [AnyHashable: Any] {
        get { fields.userInfo }
        set { fields.userInfo = newValue }
    }
    open override var attachments: [UNNotificationAttachment] {
        get { fields.attachments }
        set { fields.attachments = newValue }
    }
    open override var categoryIdentifier: String {
        get { fields.categoryIdentifier }
        set { fields.categoryIdentifier = newValue }
    }
    open override var threadIdentifier: String {
        get { fields.threadIdentifier }
        set { fields.threadIdentifier = newValue }
    }
    open override var launchImageName: String {
        get { fields.launchImageName }
        set { fields.launchImageName = newValue }
    }
    @available(iOS, introduced: 12.0, deprecated: 15.0)
    open override var summaryArgument: String {
        get { fields.summaryArgument }
        set { fields.summaryArgument = newValue }
    }
    @available(iOS, introduced: 12.0, deprecated: 15.0)
    open override var summaryArgumentCount: Int {
        get { fields.summaryArgumentCount }
        set { fields.summaryArgumentCount = newValue }
    }
    @available(iOS 13.0, *)
    open override var targetContentIdentifier: String? {
        get { fields.targetContentIdentifier }
        set { fields.targetContentIdentifier = newValue }
    }
    @available(iOS 15.0, *)
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fields.interruptionLevel }
        set { fields.interruptionLevel = newValue }
    }
    @available(iOS 15.0, *)
    open override var relevanceScore: Double {
        get { fields.relevanceScore }
        set { fields.relevanceScore = newValue }
    }
    @available(iOS 16.0, *)
    open override var filterCriteria: String? {
        get { fields.filterCriteria }
        set { fields.filterCriteria = newValue }
    }
}
