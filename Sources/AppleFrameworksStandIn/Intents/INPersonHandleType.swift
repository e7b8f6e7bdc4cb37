import Foundation

/// What a person handle's value is.
///
/// Source: reference, Intents:
/// `enum INPersonHandleType : Int { case unknown = 0, emailAddress = 1, phoneNumber = 2 }`.
/// Sendable as Swift imports Apple's NS_ENUMs.
/// Availability: INPersonHandle.h ("Copyright (c) 2016-2020"), `API_AVAILABLE(ios(10.0),
/// macos(11.0), watchos(3.2)) API_UNAVAILABLE(tvos)` on the enum, none on its cases (the
/// reference gives no version).
@available(iOS 10.0, macOS 11.0, watchOS 3.2, *)
@available(tvOS, unavailable)
public enum INPersonHandleType: Int, Sendable {
    case unknown = 0
    case emailAddress = 1
    case phoneNumber = 2
}
