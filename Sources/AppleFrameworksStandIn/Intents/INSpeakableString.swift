import Foundation

/// A string Siri can speak: for messages, a group's name.
///
/// Source: reference, Intents: `class INSpeakableString : NSObject` with
/// `convenience init(spokenPhrase: String)  // iOS 10.2`.
/// UNVERIFIED: Apple's public `spokenPhrase` (from the INSpeakable protocol) is not in the
/// reference; read it with `StandInInspection.spokenPhrase(of:)`.
/// Availability: INSpeakableString.h ("Copyright (c) 2016-2020"), `API_AVAILABLE(ios(10.0),
/// macos(11.0), watchos(3.2))`, which names no tvOS version: available there (Apple's
/// documentation page gives tvOS 10.0).
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
open class INSpeakableString: NSObject {
    let storedSpokenPhrase: String

    init(storing spokenPhrase: String) {
        storedSpokenPhrase = spokenPhrase
        super.init()
    }

    /// A speakable string from the phrase to say.
    ///
    /// Source: reference, `convenience init(spokenPhrase: String)  // iOS 10.2`.
    /// Availability: INSpeakableString.h, `API_AVAILABLE(ios(10.2))`; Apple's documentation page
    /// gives iOS 10.2, macOS 11.0, tvOS 10.1 and watchOS 3.1, versions the header does not spell
    /// (the class bounds macOS and watchOS to 11.0 and 3.2).
    @available(iOS 10.2, *)
    public convenience init(spokenPhrase: String) {
        self.init(storing: spokenPhrase)
    }
}
