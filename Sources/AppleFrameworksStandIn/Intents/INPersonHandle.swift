import Foundation

/// How to reach a person: an address, phone number or app-specific identifier.
///
/// Source: reference, Intents: `class INPersonHandle : NSObject  // iOS 10` with
/// `convenience init(value:type:)` and the designated `init(value:type:label:)` (iOS 10.2).
/// UNVERIFIED: Apple's public `value`, `type` and `label` properties are not in the reference;
/// read them with `StandInInspection.handle(_:)`.
@available(iOS 10.0, *)
open class INPersonHandle: NSObject {
    let value: String?
    let type: INPersonHandleType
    let label: INPersonHandleLabel?

    /// A handle with a label.
    ///
    /// Source: reference, `init(value: String?, type: INPersonHandleType, label: INPersonHandleLabel?)  // iOS 10.2`.
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
    public convenience init(value: String?, type: INPersonHandleType) {
        self.init(value: value, type: type, label: nil)
    }
}
