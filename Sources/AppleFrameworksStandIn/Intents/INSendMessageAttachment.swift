import Foundation

/// An attachment of an outgoing message; declared only as the type of `INSendMessageIntent`'s
/// `attachments`.
///
/// Source: the reference names the type (in the iOS 14 initializer) and nothing else.
/// UNVERIFIED: everything else; the stand-in has no public initializer, so pass `nil`.
/// Availability: Apple's documentation page, iOS 14.0, macOS 12.0, watchOS 7.0 and no tvOS.
@available(iOS 14.0, macOS 12.0, watchOS 7.0, *)
@available(tvOS, unavailable)
open class INSendMessageAttachment: NSObject {
    override init() {
        super.init()
    }
}
