import Foundation

/// The kind of an outgoing message.
///
/// Source: reference, Intents:
/// `enum INOutgoingMessageType : Int { case unknown = 0, outgoingMessageText = 1, outgoingMessageAudio = 2 }  // iOS 14`.
/// Sendable as Swift imports Apple's NS_ENUMs.
/// Availability: Apple's documentation page, iOS 14.0, macOS 12.0, watchOS 7.0 and no tvOS; the
/// case pages give the same, so the cases carry none of their own.
@available(iOS 14.0, macOS 12.0, watchOS 7.0, *)
@available(tvOS, unavailable)
public enum INOutgoingMessageType: Int, Sendable {
    case unknown = 0
    case outgoingMessageText = 1
    case outgoingMessageAudio = 2
}
