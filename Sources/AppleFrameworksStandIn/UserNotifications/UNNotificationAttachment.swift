import Foundation

/// A media file shown with a notification.
///
/// Source: reference, UserNotifications: `class UNNotificationAttachment : NSObject  // iOS 10`
/// with `identifier`, `url`, `type` (a UTI) and the throwing `init(identifier:url:options:)`.
/// UNVERIFIED: Apple's class also conforms to NSCopying and NSSecureCoding; the stand-in's does
/// not, and it has no public `init()` (neither does the reference).
/// Availability: UNNotificationAttachment.h, `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0))
/// API_UNAVAILABLE(tvos)` on the class, none on its members (iOS 13 SDK copy, mkalmes/moby
/// UserNotifications.framework.h); Apple's documentation page gives the same, without tvOS.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, *)
@available(tvOS, unavailable)
open class UNNotificationAttachment: NSObject {
    let storedIdentifier: String
    let storedURL: URL
    let storedType: String
    /// The options as given, for `StandInInspection.options(of:)`.
    let options: [AnyHashable: Any]

    init(identifier: String, fileURL: URL, type: String, options: [AnyHashable: Any]) {
        storedIdentifier = identifier
        storedURL = fileURL
        storedType = type
        self.options = options
        super.init()
    }

    /// An attachment for the file at `URL`, checked as iOS checks it.
    ///
    /// Source: reference,
    /// `convenience init(identifier: String, url URL: URL, options: [AnyHashable : Any]? = nil) throws`.
    /// What it checks (see `AttachmentValidation`): the reference says the file must be on disk
    /// and gives the types and limits; Apple's page for this initializer adds that the URL must
    /// be a file URL to a readable file and that an empty `identifier` gets a unique one. The
    /// error code for each failure is the stand-in's model.
    ///
    /// - Parameters:
    ///   - identifier: the attachment's identifier; empty for a generated one.
    ///   - URL: a file URL to a readable file of a supported type.
    ///   - options: `UNNotificationAttachmentOptions…Key` values; the type hint is honoured.
    /// - Throws: `UNError` with `.attachmentInvalidURL` (not a file URL, missing, unreadable or a
    ///   directory), `.attachmentUnrecognizedType` (neither the hint nor the extension names a
    ///   supported type) or `.attachmentInvalidFileSize` (empty, or over the type's limit).
    public convenience init(identifier: String, url URL: URL, options: [AnyHashable: Any]? = nil) throws {
        let options = options ?? [:]
        let type = try AttachmentValidation.validate(fileURL: URL, options: options)
        self.init(
            identifier: identifier.isEmpty ? UUID().uuidString : identifier,
            fileURL: URL, type: type.uniformTypeIdentifier, options: options)
    }

    /// The attachment's identifier (generated when it was created with an empty one).
    ///
    /// Source: reference, `var identifier: String { get }`.
    open var identifier: String { storedIdentifier }

    /// The file's URL.
    ///
    /// Source: reference, `var url: URL { get }`. Model: the stand-in never moves the file
    /// (iOS moves it after the extension finishes, per the reference).
    open var url: URL { storedURL }

    /// The file's uniform type identifier: the type hint when one was given, else the one the
    /// extension names.
    ///
    /// Source: reference, `var type: String { get }  // UTI`.
    open var type: String { storedType }
}
