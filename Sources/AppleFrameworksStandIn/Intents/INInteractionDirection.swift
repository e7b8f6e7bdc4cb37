import Foundation

/// Whether an interaction went out from the user or came in to them.
///
/// Source: reference, Intents:
/// `enum INInteractionDirection : Int { case unspecified = 0, outgoing = 1, incoming = 2 }`.
/// Sendable as Swift imports Apple's NS_ENUMs.
/// Availability: Apple's documentation page, iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0 (the
/// reference gives none); the case pages give the same, so the cases carry none of their own.
@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
public enum INInteractionDirection: Int, Sendable {
    case unspecified = 0
    case outgoing = 1
    case incoming = 2
}
