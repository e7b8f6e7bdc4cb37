import Foundation

/// A string Siri can speak: for messages, a group's name.
///
/// Source: reference, Intents: `class INSpeakableString : NSObject` with
/// `convenience init(spokenPhrase: String)  // iOS 10.2`.
/// UNVERIFIED: Apple's public `spokenPhrase` (from the INSpeakable protocol) is not in the
/// reference; read it with `StandInInspection.spokenPhrase(of:)`.
open class INSpeakableString: NSObject {
    let storedSpokenPhrase: String

    init(storing spokenPhrase: String) {
        storedSpokenPhrase = spokenPhrase
        super.init()
    }

    /// A speakable string from the phrase to say.
    ///
    /// Source: reference, `convenience init(spokenPhrase: String)  // iOS 10.2`.
    @available(iOS 10.2, *)
    public convenience init(spokenPhrase: String) {
        self.init(storing: spokenPhrase)
    }
}
