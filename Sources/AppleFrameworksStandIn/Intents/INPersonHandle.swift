import Foundation

/// How to reach a person: an address, phone number or app-specific identifier.
///
/// Source: reference, Intents: `class INPersonHandle : NSObject  // iOS 10` with
/// `convenience init(value:type:)` and the designated `init(value:type:label:)` (iOS 10.2).
/// UNVERIFIED: Apple's public `value`, `type` and `label` properties are not in the reference;
/// read them with `StandInInspection.handle(_:)`.
/// Availability: INPersonHandle.h ("Copyright (c) 2016-2020"), `API_AVAILABLE(ios(10.0),
/// macos(11.0), watchos(3.2)) API_UNAVAILABLE(tvos)` on the class; Apple's documentation page
/// gives the same, without tvOS.
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
@available(tvOS, unavailable)
open class INPersonHandle: NSObject {
    let value: String?
    let type: INPersonHandleType
    let label: INPersonHandleLabel?

    /// A handle with a label.
    ///
    /// Source: reference, `init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?)  // iOS 10.2`.
    /// Availability: iOS 10.2 (reference; INPersonHandle.h copies of 2017 and 2019); Apple's
    /// documentation page gives iOS 10.2, macOS 11.0, watchOS 3.1. UNVERIFIED: whether the current
    /// header also names macOS or watchOS (the copies read are older: `API_AVAILABLE(ios(10.2),
    /// macosx(10.12.2))` and `API_AVAILABLE(ios(10.2)) API_UNAVAILABLE(macosx)`); either way the
    /// class bounds it to macOS 11.0 and watchOS 3.2.
    @available(iOS 10.2, *)
    public init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?) {
        self.value = value
        self.type = type
        self.label = label
        super.init()
    }

    /// A handle without a label.
    ///
    /// Source: reference, `convenience init(value: String?, type: INPersonHandleType)`.
    /// Availability: none of its own (INPersonHandle.h; the documentation page gives the class's).
    public convenience init(value: String?, type: INPersonHandleType) {
        self.init(value: value, type: type, label: nil)
    }
}
