import Foundation

/// The kind of an outgoing message.
///
/// Source: reference, Intents:
/// `enum INOutgoingMessageType : Int { case unknown = 0, outgoingMessageText = 1, outgoingMessageAudio = 2 }  // iOS 14`.
/// Sendable as Swift imports Apple's NS_ENUMs.
@available(iOS 14.0, *)
public enum INOutgoingMessageType: Int, Sendable {
    case unknown = 0
    case outgoingMessageText = 1
    case outgoingMessageAudio = 2
}
