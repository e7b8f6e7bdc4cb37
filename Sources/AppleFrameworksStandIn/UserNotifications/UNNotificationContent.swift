import Foundation

/// A notification's content, read-only; `UNMutableNotificationContent` has the setters.
///
/// Copy idiom, as on iOS: `request.content.mutableCopy() as? UNMutableNotificationContent`
/// gives an independent mutable copy. `copy()` gives an independent immutable
/// `UNNotificationContent`, also from mutable content (Foundation's NSCopying/NSMutableCopying
/// convention; UNVERIFIED for this class, the reference gives only the idiom).
///
/// Source: reference, UserNotifications: "`UNNotificationContent : NSObject, NSCopying,
/// NSMutableCopying, NSSecureCoding` (iOS 10) has these read-only properties", and the table
/// of properties with their types and iOS versions.
/// Availability: UNNotificationContent.h, `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0),
/// tvos(10.0))` on the class, and each property's own attribute (iOS 13 and iOS 15 SDK copies
/// of the header; `filterCriteria` from the reference's availability table).
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
open class UNNotificationContent: NSObject, NSCopying, NSMutableCopying, NSSecureCoding {
    var fields: Fields

    /// Empty content.
    ///
    /// UNVERIFIED: the reference does not list initializers; this is NSObject's `init()`, which
    /// `UNMutableNotificationContent()` is created with.
    public override init() {
        fields = Fields()
        super.init()
    }

    init(fields: Fields) {
        self.fields = fields
        super.init()
    }

    /// Source (all properties): reference, the UNNotificationContent table (types, iOS versions).
    /// Availability (all properties): UNNotificationContent.h. `title`, `subtitle`, `body`,
    /// `sound`, `userInfo`, `attachments`, `categoryIdentifier` and `threadIdentifier` are
    /// `API_UNAVAILABLE(tvos)`; `launchImageName` is `API_UNAVAILABLE(macos, tvos)`; `badge`
    /// carries no attribute (the class's availability); the others as annotated, with the
    /// header's deprecation messages.
    @available(tvOS, unavailable)
    open var title: String { fields.title }
    @available(tvOS, unavailable)
    open var subtitle: String { fields.subtitle }
    @available(tvOS, unavailable)
    open var body: String { fields.body }
    /// `nil`: leave the badge as it is; 0: clear it.
    open var badge: NSNumber? { fields.badge }
    @available(tvOS, unavailable)
    open var sound: UNNotificationSound? { fields.sound }
    @available(tvOS, unavailable)
    open var userInfo: [AnyHashable: Any] { fields.userInfo }
    @available(tvOS, unavailable)
    open var attachments: [UNNotificationAttachment] { fields.attachments }
    @available(tvOS, unavailable)
    open var categoryIdentifier: String { fields.categoryIdentifier }
    @available(tvOS, unavailable)
    open var threadIdentifier: String { fields.threadIdentifier }
    @available(macOS, unavailable)
    @available(tvOS, unavailable)
    open var launchImageName: String { fields.launchImageName }
    /// Ignored since iOS 15. Header: `API_DEPRECATED("summaryArgument is ignored", ios(12.0, 15.0),
    /// watchos(5.0, 8.0), tvos(12.0, 15.0))`; it names no macOS version, so on macOS the
    /// property has the class's availability and no deprecation.
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgument is ignored")
    @available(watchOS, introduced: 5.0, deprecated: 8.0, message: "summaryArgument is ignored")
    @available(tvOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgument is ignored")
    open var summaryArgument: String { fields.summaryArgument }
    /// Ignored since iOS 15. Header: as `summaryArgument`, message "summaryArgumentCount is ignored".
    @available(iOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgumentCount is ignored")
    @available(watchOS, introduced: 5.0, deprecated: 8.0, message: "summaryArgumentCount is ignored")
    @available(tvOS, introduced: 12.0, deprecated: 15.0, message: "summaryArgumentCount is ignored")
    open var summaryArgumentCount: Int { fields.summaryArgumentCount }
    /// Header: `API_AVAILABLE(ios(13.0))` only; the other platforms have the class's availability.
    @available(iOS 13.0, *)
    open var targetContentIdentifier: String? { fields.targetContentIdentifier }
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open var interruptionLevel: UNNotificationInterruptionLevel { fields.interruptionLevel }
    /// 0...1. Model: stored as given, not clamped (UNVERIFIED what iOS does out of range).
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open var relevanceScore: Double { fields.relevanceScore }
    /// Source: the reference's table, "16 (from docs, not headers)"; availability from the
    /// reference's availability table (UNNotificationContent.h: iOS 16.0, macOS 13.0, watchOS 9.0,
    /// unavailable on tvOS), which Apple's documentation page repeats (no tvOS).
    @available(iOS 16.0, macOS 13.0, watchOS 9.0, *)
    @available(tvOS, unavailable)
    open var filterCriteria: String? { fields.filterCriteria }

    /// New content with what `provider` adds: for an `INSendMessageIntent`, a communication
    /// notification. The receiver is left as it was.
    ///
    /// Source: reference, `func updating(from provider: any UNNotificationContentProviding)
    /// throws -> UNNotificationContent` (iOS 15); "the result should go straight to the content
    /// handler"; Apple's page: "Returns a copy of the notification that includes content from
    /// the specified provider" and throws a `UNError.Code` when the provider is invalid.
    /// Model (UNVERIFIED, Apple does not say which fields change): see
    /// `UNNotificationContent+Updating.swift`. The call and its result are recorded in
    /// `StandInRecorder.current`, whose behaviour can make it throw.
    ///
    /// Availability: UNNotificationContent.h, `-contentByUpdatingWithProvider:error:`
    /// `API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0))`.
    ///
    /// - Throws: `UNError` with the code `StandInRecorder.current.behavior.updating` names.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    open func updating(from provider: any UNNotificationContentProviding) throws -> UNNotificationContent {
        try StandInRecorder.current.update(self, from: provider)
    }

    /// An independent immutable copy.
    ///
    /// Source: NSCopying, in the reference's conformance list.
    /// Model (UNVERIFIED): a copy of updated content keeps the update's provider unless
    /// `StandInBehavior.copiesKeepContentProvider` was false at the update.
    open func copy(with zone: NSZone? = nil) -> Any {
        UNNotificationContent(fields: fields.forCopy)
    }

    /// An independent `UNMutableNotificationContent` with the same values.
    ///
    /// Source: NSMutableCopying, in the reference's conformance list; the reference's copy idiom.
    /// Model (UNVERIFIED): the update's provider, as for `copy()`.
    open func mutableCopy(with zone: NSZone? = nil) -> Any {
        UNMutableNotificationContent(fields: fields.forCopy)
    }

    /// Source: NSSecureCoding, in the reference's conformance list.
    public class var supportsSecureCoding: Bool { true }

    /// Source: NSSecureCoding. Model: the archive's keys and layout are the stand-in's own
    /// (see `UNNotificationContent+Coding.swift`); it does not keep an update's provider.
    open func encode(with coder: NSCoder) {
        encodeFields(with: coder)
    }

    /// Source: NSSecureCoding.
    public required init?(coder: NSCoder) {
        guard let fields = Self.decodeFields(with: coder) else { return nil }
        self.fields = fields
        super.init()
    }
}
