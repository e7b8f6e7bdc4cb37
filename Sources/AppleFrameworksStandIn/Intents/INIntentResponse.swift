import Foundation

/// The base class of intent responses; declared only as the type of
/// `INInteraction(intent:response:)`'s `response`.
///
/// Source: the reference names the type and nothing else. UNVERIFIED: that `init()` is public
/// (it is NSObject's); the adapter passes `nil`.
/// Availability: Apple's documentation page, iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0.
@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
open class INIntentResponse: NSObject {}
