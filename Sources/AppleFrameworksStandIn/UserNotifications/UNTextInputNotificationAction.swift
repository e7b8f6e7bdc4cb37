import Foundation

/// An action that asks the user for text; the response is a `UNTextInputNotificationResponse`.
///
/// Source: UNNotificationAction.h, `@interface UNTextInputNotificationAction : UNNotificationAction`
/// with `+actionWithIdentifier:title:options:textInputButtonTitle:textInputPlaceholder:`, its
/// `icon:` variant (iOS 15) and the read-only `copy` properties `textInputButtonTitle` and
/// `textInputPlaceholder` (macOS 12.0 SDK copy, phracker/MacOSX-SDKs MacOSX12.0.sdk); Apple's pages
/// give the Swift initializers, with `options: UNNotificationActionOptions = []`.
/// Deviation: Swift imports Apple's superclass factories as initializers this subclass inherits
/// (`UNTextInputNotificationAction(identifier:title:options:)` compiles against the SDK); the
/// stand-in's subclass does not inherit them, so such a call fails here and passes in Xcode.
/// Availability: the header's `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the class; the `icon:` initializer's own attribute below.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNTextInputNotificationAction: UNNotificationAction {
    let storedTextInputButtonTitle: String
    let storedTextInputPlaceholder: String

    init(storingIdentifier identifier: String, title: String, options: UNNotificationActionOptions,
         icon: UNNotificationActionIcon?, textInputButtonTitle: String, textInputPlaceholder: String) {
        storedTextInputButtonTitle = textInputButtonTitle
        storedTextInputPlaceholder = textInputPlaceholder
        super.init(storingIdentifier: identifier, title: title, options: options, icon: icon)
    }

    /// A text input action.
    ///
    /// Source: Apple's page, `convenience init(identifier: String, title: String, options:
    /// UNNotificationActionOptions = [], textInputButtonTitle: String, textInputPlaceholder: String)`.
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], textInputButtonTitle: String,
        textInputPlaceholder: String
    ) {
        self.init(
            storingIdentifier: identifier, title: title, options: options, icon: nil,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    /// A text input action with an icon.
    ///
    /// Source: Apple's page, `convenience init(identifier: String, title: String, options:
    /// UNNotificationActionOptions = [], icon: UNNotificationActionIcon?, textInputButtonTitle:
    /// String, textInputPlaceholder: String)`.
    /// Availability: the header's `API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0))`.
    @available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
    public convenience init(
        identifier: String, title: String, options: UNNotificationActionOptions = [], icon: UNNotificationActionIcon?,
        textInputButtonTitle: String, textInputPlaceholder: String
    ) {
        self.init(
            storingIdentifier: identifier, title: title, options: options, icon: icon,
            textInputButtonTitle: textInputButtonTitle, textInputPlaceholder: textInputPlaceholder)
    }

    /// The title of the send button. Source: header, `(copy, readonly) NSString *textInputButtonTitle`.
    open var textInputButtonTitle: String { storedTextInputButtonTitle }

    /// The placeholder in the text field. Source: header, `(copy, readonly) NSString *textInputPlaceholder`.
    open var textInputPlaceholder: String { storedTextInputPlaceholder }
}
