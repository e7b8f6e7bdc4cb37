import Foundation

/// What kind of suggestion a person is.
///
/// Source: reference, Intents:
/// `enum INPersonSuggestionType : Int { case none = 0, socialProfile = 1, instantMessageAddress = 2 }`.
/// No version given in the reference. Sendable as Swift imports Apple's NS_ENUMs.
public enum INPersonSuggestionType: Int, Sendable {
    case none = 0
    case socialProfile = 1
    case instantMessageAddress = 2
}
