import Foundation

/// What kind of suggestion a person is.
///
/// Source: reference, Intents:
/// `enum INPersonSuggestionType : Int { case none = 0, socialProfile = 1, instantMessageAddress = 2 }`.
/// Sendable as Swift imports Apple's NS_ENUMs.
/// Availability: INPerson.h ("Copyright (c) 2016-2020"), `API_AVAILABLE(ios(10.0), macos(11.0),
/// watchos(3.2)) API_UNAVAILABLE(tvos)` on the enum, and `API_AVAILABLE(ios(12.0), watchos(5.0))`
/// on `INPersonSuggestionTypeNone` (the reference gives no version).
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
@available(tvOS, unavailable)
public enum INPersonSuggestionType: Int, Sendable {
    @available(iOS 12.0, watchOS 5.0, *)
    case none = 0
    case socialProfile = 1
    case instantMessageAddress = 2
}
