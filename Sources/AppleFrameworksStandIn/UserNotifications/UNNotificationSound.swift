import Foundation

/// A sound to play when a notification arrives.
///
/// Source: reference, UserNotifications: `class UNNotificationSound : NSObject` with
/// `init()` unavailable, `default`, `init(named:)`, `defaultCritical` (iOS 12) and
/// `criticalSoundNamed(_:withAudioVolume:)` (iOS 12). NSCopying is implied by the reference's
/// `@NSCopying class var`. UNVERIFIED: Apple's class also conforms to NSSecureCoding; the
/// stand-in's does not.
open class UNNotificationSound: NSObject, NSCopying {
    /// What the sound is, for `StandInInspection.sound(_:)`.
    let kind: StandInInspection.SoundKind

    init(kind: StandInInspection.SoundKind) {
        self.kind = kind
        super.init()
    }

    /// Source: reference, "init() unavailable".
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationSound.init() is unavailable")
    }

    /// The default sound.
    ///
    /// Source: reference, `@NSCopying class var default: UNNotificationSound { get }`.
    /// Model: every read returns a new instance, which is what `@NSCopying` promises a caller.
    open class var `default`: UNNotificationSound {
        UNNotificationSound(kind: .default)
    }

    /// A sound from a file in the app's bundle or `Library/Sounds`.
    ///
    /// Source: reference, `convenience init(named name: UNNotificationSoundName)`.
    /// Model: the stand-in does not look for the file (iOS plays the default sound when it is
    /// missing; UNVERIFIED).
    public convenience init(named name: UNNotificationSoundName) {
        self.init(kind: .named(name))
    }

    /// The default critical-alert sound.
    ///
    /// Source: reference, `@NSCopying class var defaultCritical: UNNotificationSound { get }  // iOS 12`.
    @available(iOS 12.0, *)
    open class var defaultCritical: UNNotificationSound {
        UNNotificationSound(kind: .critical(name: nil, volume: nil))
    }

    /// A critical-alert sound from a file, at `volume` (0...1).
    ///
    /// Source: reference,
    /// `class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> Self  // iOS 12`.
    /// Deviation: called on a subclass of `UNNotificationSound`, the stand-in traps (Apple's
    /// returns an instance of the subclass; Swift needs a public `required` initializer for
    /// that, which Apple's surface does not have).
    @available(iOS 12.0, *)
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> Self {
        guard let sound = UNNotificationSound(kind: .critical(name: name, volume: volume)) as? Self else {
            fatalError("stand-in: criticalSoundNamed(_:withAudioVolume:) is not modelled for subclasses")
        }
        return sound
    }

    /// A copy; sounds are immutable, so the receiver itself.
    ///
    /// Source: NSCopying, implied by the reference's `@NSCopying`.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
