import Foundation

/// The base class of intent responses; declared only as the type of
/// `INInteraction(intent:response:)`'s `response`.
///
/// Source: the reference names the type and nothing else. UNVERIFIED: that `init()` is public
/// (it is NSObject's); the adapter passes `nil`.
open class INIntentResponse: NSObject {}
