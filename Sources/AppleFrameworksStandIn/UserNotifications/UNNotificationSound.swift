import Foundation

/// A sound to play when a notification arrives.
///
/// Source: reference, UserNotifications: `class UNNotificationSound : NSObject` with
/// `init()` unavailable, `default`, `init(named:)`, `defaultCritical` (iOS 12) and
/// `criticalSoundNamed(_:withAudioVolume:)` (iOS 12). NSCopying is implied by the reference's
/// `@NSCopying class var`. UNVERIFIED: Apple's class also conforms to NSSecureCoding; the
/// stand-in's does not.
/// Availability: UNNotificationSound.h, `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the class; each member's own attribute below (the iOS 13 and a later
/// SDK copy of the header agree; mkalmes/moby UserNotifications.framework.h is the former).
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationSound: NSObject, NSCopying {
    /// What the sound is, for `StandInInspection.sound(_:)`.
    let kind: StandInInspection.SoundKind

    init(kind: StandInInspection.SoundKind) {
        self.kind = kind
        super.init()
    }

    /// Source: reference, "init() unavailable"; UNNotificationSound.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationSound.init() is unavailable")
    }

    /// The default sound.
    ///
    /// Source: reference, `@NSCopying class var default: UNNotificationSound { get }`.
    /// Model: every read returns a new instance, which is what `@NSCopying` promises a caller.
    /// Availability: none of its own (`defaultSound` carries no attribute in the header).
    open class var `default`: UNNotificationSound {
        UNNotificationSound(kind: .default)
    }

    /// A sound from a file in the app's bundle or `Library/Sounds`.
    ///
    /// Source: reference, `convenience init(named name: UNNotificationSoundName)`.
    /// Model: the stand-in does not look for the file (iOS plays the default sound when it is
    /// missing; UNVERIFIED).
    /// Availability: UNNotificationSound.h, `+soundNamed:` `API_UNAVAILABLE(watchos, tvos)`; Apple's
    /// documentation page gives iOS 10.0 and macOS 10.14 only.
    @available(watchOS, unavailable)
    @available(tvOS, unavailable)
    public convenience init(named name: UNNotificationSoundName) {
        self.init(kind: .named(name))
    }

    /// The default critical-alert sound.
    ///
    /// Source: reference, `@NSCopying class var defaultCritical: UNNotificationSound { get }  // iOS 12`.
    /// Availability: UNNotificationSound.h, `defaultCriticalSound` `API_AVAILABLE(ios(12.0),
    /// watchos(5.0)) API_UNAVAILABLE(tvos)`; no macOS version, so the class's.
    @available(iOS 12.0, watchOS 5.0, *)
    @available(tvOS, unavailable)
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
    /// Availability: UNNotificationSound.h, `+criticalSoundNamed:withAudioVolume:`
    /// `API_AVAILABLE(ios(12.0)) API_UNAVAILABLE(watchos, tvos)`.
    @available(iOS 12.0, *)
    @available(watchOS, unavailable)
    @available(tvOS, unavailable)
    open class func criticalSoundNamed(_ name: UNNotificationSoundName, withAudioVolume volume: Float) -> Self {
        guard let sound = UNNotificationSound(kind: .critical(name: name, volume: volume)) as? Self else {
            fatalError("stand-in: criticalSoundNamed(_:withAudioVolume:) is not modelled for subclasses")
        }
        return sound
    }

    /// The default critical-alert sound at `volume` (0...1).
    ///
    /// Source: UNNotificationSound.h, `+ (instancetype)defaultCriticalSoundWithAudioVolume:(float)volume`
    /// (iOS 12, unavailable on tvOS), as docs/architecture.md's availability table gives it.
    /// Availability: the header's `API_AVAILABLE(ios(12.0), watchos(5.0)) API_UNAVAILABLE(tvos)`.
    /// Deviation: traps on a subclass, as `criticalSoundNamed(_:withAudioVolume:)` does.
    @available(iOS 12.0, watchOS 5.0, *)
    @available(tvOS, unavailable)
    open class func defaultCriticalSound(withAudioVolume volume: Float) -> Self {
        guard let sound = UNNotificationSound(kind: .critical(name: nil, volume: volume)) as? Self else {
            fatalError("stand-in: defaultCriticalSound(withAudioVolume:) is not modelled for subclasses")
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
