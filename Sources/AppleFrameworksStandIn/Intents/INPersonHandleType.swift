import Foundation

/// What a person handle's value is.
///
/// Source: reference, Intents:
/// `enum INPersonHandleType : Int { case unknown = 0, emailAddress = 1, phoneNumber = 2 }`.
/// No version given in the reference. Sendable as Swift imports Apple's NS_ENUMs.
public enum INPersonHandleType: Int, Sendable {
    case unknown = 0
    case emailAddress = 1
    case phoneNumber = 2
}
