import Foundation

/// Notification content whose every property can be set.
///
/// Source: reference, UserNotifications: "`UNMutableNotificationContent` redeclares each
/// `{ get set }`"; the types and iOS versions are those of the UNNotificationContent table.
/// Setting a property changes only this instance: copies never share values.
/// Availability: UNNotificationContent.h, `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0))` on `UNMutableNotificationContent`.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNMutableNotificationContent: UNNotificationContent {
    // Source (all properties): reference, the UNNotificationContent table ("`UNMutableNotificationContent`
    // redeclares each `{ get set }`"), with its types and iOS versions. Availability: the
    // header redeclares each property with the same attribute as UNNotificationContent's
    // (UNNotificationContent.h, iOS 13 and iOS 15 SDK copies; `filterCriteria` from the
    // reference's availability table), so each override repeats its superclass's annotation.
    @available(tvOS, unavailable)
    open override var title: String {
        get { fields.title }
        set { fields.title = newValue }
    }
    @available(tvOS, unavailable)
    open override var subtitle: String {
        get { fields.subtitle }
        set { fields.subtitle = newValue }
    }
    @available(tvOS, unavailable)
    open override var body: String {
        get { fields.body }
        set { fields.body = newValue }
    }
    open override var badge: NSNumber? {
        get { fields.badge }
        set { fields.badge = newValue }
    }
    @available(tvOS, unavailable)
    open override var sound: UNNotificationSound? {
        get { fields.sound }
        set { fields.sound = newValue }
    }
    @available(tvOS, unavailable)
    open override var userInfo: [AnyHashable: Any] {
        get { fields.userInfo }
        set { fields.userInfo = newValue }
    }
    @available(tvOS, unavailable)
    open override var attachments: [UNNotificationAttachment] {
        get { fields.attachments }
        set { fields.attachments = newValue }
    }
    @available(tvOS, unavailable)
    open override var categoryIdentifier: String {
        get { fields.categoryIdentifier }
        set { fields.categoryIdentifier = newValue }
    }
    @available(tvOS, unavailable)
    open override var threadIdentifier: String {
        get { fields.threadIdentifier }
        set { fields.threadIdentifier = newValue }
    }
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    open override var launchImageName: String {
        get { fields.launchImageName }
        set { fields.launchImageName = newValue }
    }
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgument is ignored")
    @available(watchOS, introduced: 5.0, deprecated: 8.0, message: "summaryArgument is ignored")
    @available(tvOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgument is ignored")
    open override var summaryArgument: String {
        get { fields.summaryArgument }
        set { fields.summaryArgument = newValue }
    }
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgumentCount is ignored")
    @available(watchOS, introduced: 5.0, deprecated: 8.0, message: "summaryArgumentCount is ignored")
    @available(tvOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgumentCount is ignored")
    open override var summaryArgumentCount: Int {
        get { fields.summaryArgumentCount }
        set { fields.summaryArgumentCount = newValue }
    }
    @available(iOS 13.0, *)
    open override var targetContentIdentifier: String? {
        get { fields.targetContentIdentifier }
        set { fields.targetContentIdentifier = newValue }
    }
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open override var interruptionLevel: UNNotificationInterruptionLevel {
        get { fields.interruptionLevel }
        set { fields.interruptionLevel = newValue }
    }
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open override var relevanceScore: Double {
        get { fields.relevanceScore }
        set { fields.relevanceScore = newValue }
    }
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    open override var filterCriteria: String? {
        get { fields.filterCriteria }
        set { fields.filterCriteria = newValue }
    }
}
