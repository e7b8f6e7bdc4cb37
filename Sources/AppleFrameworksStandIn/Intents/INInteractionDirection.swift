import Foundation

/// Whether an interaction went out from the user or came in to them.
///
/// Source: reference, Intents:
/// `enum INInteractionDirection : Int { case unspecified = 0, outgoing = 1, incoming = 2 }`.
/// The reference gives no version for the enum; INInteraction is iOS 10. Sendable as Swift
/// imports Apple's NS_ENUMs.
public enum INInteractionDirection: Int, Sendable {
    case unspecified = 0
    case outgoing = 1
    case incoming = 2
}
