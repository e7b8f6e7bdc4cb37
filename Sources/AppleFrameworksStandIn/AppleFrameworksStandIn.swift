// AppleFrameworksStandIn: the parts of UserNotifications and Intents that Herald's iOS adapter
// uses, declared for Linux so the adapter compiles and is tested there. Only Linux builds link
// this module; on Apple platforms the adapter imports the real frameworks.
//
// Conventions in every file of this module:
// - "Source:" names where a declaration comes from. "reference" means Apple's own declarations:
//   the iOS 15 SDK headers, Apple's documentation pages and Apple's Swift overlay for Intents,
//   followed by the framework and type they are under. The Apple page or header behind each
//   declaration's availability is named in Tests/AppleFrameworksStandInTests/AvailabilityTable.swift.
// - "Model:" marks behaviour the stand-in chooses where Apple states none; tests of the adapter
//   must not treat it as Apple's.
// - "UNVERIFIED:" marks a declaration or fact the reference does not confirm (for availability:
//   that neither the reference nor an SDK header, Swift interface or documentation page read
//   confirms).
// - Classes are `open` (the reference writes `class`) because Swift imports every Objective-C
//   class as `open`, so app code and test doubles can subclass them as on iOS. Like Apple's,
//   they are not Sendable.
// - `@available` attributes are Apple's, for iOS, macOS, watchOS and tvOS, spelled as Apple's
//   Swift interface spells what the SDK declares: a declaration carries an attribute only where
//   Apple's does, and otherwise has its enclosing type's availability, as in the SDK.
//   `API_AVAILABLE(macos(12.0), ios(15.0), ...)` becomes `@available(iOS 15.0, macOS 12.0,
//   watchOS 8.0, tvOS 15.0, *)` (platforms in that order), `API_UNAVAILABLE(tvos)` becomes
//   `@available(tvOS, unavailable)` (one attribute per platform, macOS, watchOS, tvOS),
//   `API_DEPRECATED("m", ios(12.0, 15.0), ...)` one `@available(iOS, introduced: 12.0,
//   deprecated: 15.0, message: "m")` per platform, and `NS_UNAVAILABLE` `@available(*,
//   unavailable)`. A platform the SDK does not name takes the enclosing type's availability (the
//   `*`). Each declaration's doc comment says under "Availability:" where its attributes come
//   from: the reference's availability table, an SDK header or Swift interface (a public copy,
//   named by its copyright line or repository), or Apple's documentation page. Where only a
//   documentation page was read, the attribute lists the versions the page gives and marks the
//   platforms the page leaves out `unavailable` (Apple's header may leave out a platform that the
//   enclosing type already settles). A platform no primary source confirmed is marked
//   UNVERIFIED there. Stand-in-only declarations (`StandIn/`) have no Apple counterpart and carry
//   none. The attributes do nothing on Linux; AvailabilityTests checks each one against a table
//   of Apple's, so none can change or go missing unnoticed.
// - Public surface is the reference's, no more: whatever else Apple's types hold (an INPerson's
//   `isMe`, an INImage's bytes) is readable only through `StandInInspection`, so adapter code
//   cannot come to depend on an API the reference has not confirmed.
// - Tests drive and observe the stand-in through `StandInRecorder` (see that file).
//
// Deviations from the reference, each also noted at its declaration:
// - `INStartCallIntent` is intentionally not declared, though the reference lists it as a
//   `UNNotificationContentProviding`: the adapter does not use it, and declaring it would need
//   `INCallRecord`, `INCallRecordFilter`, `INCallAudioRoute` and more that the reference does
//   not give.
// - `INInteraction.donate(completion:)` takes a `@Sendable` completion: the reference's
//   signature is `((Error?) -> Void)?`, and it notes that newer SDKs (Apple's current one) mark
//   it `@Sendable`. Code that compiles here passes a Sendable closure, which both accept.
// - `UNError` keeps only its code and has `init(_:)`, not Apple's `init(_:userInfo:)`, and
//   leaves out the codes the adapter never meets (see `UNError.swift`).
// - `UNNotificationSound.criticalSoundNamed(_:withAudioVolume:)` returns `Self` as the
//   reference says, but traps when called on a subclass (see `UNNotificationSound.swift`).
// - The key-path image methods find names in the stand-in's own table, which holds
//   `INSendMessageIntent`'s `sender` and `speakableGroupName` only (see
//   `INIntent+SetImage.swift`).
// - `UNUserNotificationCenterDelegate`'s requirements, `@optional` in Objective-C, have defaults
//   in a protocol extension; calling an async form reaches the completion form an adopter wrote,
//   not the other way round (see `UNUserNotificationCenterDelegate.swift`).
// - `UNTextInputNotificationAction` does not inherit `UNNotificationAction`'s initializers, which
//   Swift imports from Objective-C factories as inherited (see `UNTextInputNotificationAction.swift`).
// - `UNNotification`, `UNNotificationCategory`, `UNNotificationAction`, `UNNotificationActionIcon`
//   and `UNNotificationResponse` conform to NSCopying but not NSSecureCoding, as
//   `UNNotificationSound` already does.
