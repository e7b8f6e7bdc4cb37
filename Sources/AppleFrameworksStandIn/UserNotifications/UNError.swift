import Foundation

/// The domain of UserNotifications errors.
///
/// Source: not in the reference; UNError.h declares `extern NSString * const UNErrorDomain`.
/// UNVERIFIED: the constant's value (the stand-in uses its name, as Apple's error domains do).
/// Availability: UNError.h, `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))`.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public let UNErrorDomain: String = "UNErrorDomain"

/// A UserNotifications error, in the shape Swift gives Apple's `UNErrorCode` (NS_ERROR_ENUM):
/// a struct with a nested `Code`.
///
/// Both `catch let error as UNError where error.code == .contentProvidingInvalid` and
/// `catch UNError.contentProvidingInvalid` compile, as they do against the SDK.
///
/// Source: reference, UserNotifications, "Error codes (`UNError.Code`)"; the struct-with-`Code`
/// shape from Apple's documentation pages (`struct UNError`, `UNError.Code`).
/// Deviation: Apple's `UNError` wraps an `NSError` and also has `init(_:userInfo:)`; the
/// stand-in keeps only the code (arbitrary user info would not be Sendable) and has `init(_:)`.
/// Availability: Swift gives the error struct the availability of the enum it wraps, UNError.h's
/// `UNErrorCode` `API_AVAILABLE(macos(10.14), ios(10.0), watchos(3.0), tvos(10.0))`; the enum's
/// cases carry none of their own (iOS 15 SDK copy of UNError.h, with 1500 and 1501), so neither
/// `Code`, its cases nor the struct's members are annotated. Apple's documentation pages give
/// these four versions for `UNError`, `UNError.Code`, its cases and `UNError`'s statics.
@available(iOS 10.0, macOS 10.14, watchOS 3.0, tvOS 10.0, *)
public struct UNError: CustomNSError, Hashable {
    /// The error codes the adapter can meet.
    ///
    /// Source: reference (attachment errors 100–105; 1500, 1501). The names of 103–105 are from
    /// UNError.h and Apple's `UNError.Code` documentation page, not from the reference.
    /// Deviation: Apple's enum also has `notificationsNotAllowed` (1),
    /// `notificationInvalidNoDate` (1400), `notificationInvalidNoContent` (1401) and
    /// `badgeInputInvalid` (1600, iOS 16), which the adapter never meets; they are left out.
    /// Apple's imported enum is non-frozen, so on iOS a `switch` over it needs
    /// `@unknown default`; a Swift enum in this module cannot model that: write one anyway.
    public enum Code: Int, Sendable {
        /// The attachment's URL is invalid (Apple's page: "The URL for an attachment was invalid").
        case attachmentInvalidURL = 100
        /// The attachment's file type is not supported.
        case attachmentUnrecognizedType = 101
        /// The attachment is too large (or, in the stand-in's model, empty).
        case attachmentInvalidFileSize = 102
        /// The attachment is not in the system's data store. Never thrown by the stand-in.
        case attachmentNotInDataStore = 103
        /// Moving the attachment into the data store failed. Never thrown by the stand-in.
        case attachmentMoveIntoDataStoreFailed = 104
        /// The attachment's file is corrupt. Never thrown by the stand-in.
        case attachmentCorrupt = 105
        /// The content provider is not an object that may provide content.
        case contentProvidingObjectNotAllowed = 1500
        /// The content provider is invalid.
        case contentProvidingInvalid = 1501
    }

    /// The error's code.
    ///
    /// UNVERIFIED: the reference names the type `UNError.Code`, not this property; Swift's
    /// bridged NS_ERROR_ENUM errors (`_BridgedStoredNSError`) have `var code: Code`.
    public let code: Code

    /// An error with `code`.
    ///
    /// UNVERIFIED: not in the reference. Apple's `_BridgedStoredNSError` has
    /// `init(_ code: Code, userInfo: [String: Any] = [:])`, which a call `UNError(code)` also
    /// matches; the stand-in's takes no user info (see the deviation above).
    public init(_ code: Code) {
        self.code = code
    }

    /// `UNErrorDomain`.
    ///
    /// UNVERIFIED: not in the reference; CustomNSError's requirement, which Apple's bridged
    /// error also meets.
    public static var errorDomain: String { UNErrorDomain }

    /// The code's raw value, as in the `NSError`.
    ///
    /// UNVERIFIED: not in the reference as a member; CustomNSError's requirement. The raw
    /// values are the reference's (100–105, 1500, 1501).
    public var errorCode: Int { code.rawValue }

    /// A description of the code.
    ///
    /// UNVERIFIED: the text is the one-line summary on Apple's `UNError.Code` pages, not the
    /// runtime's localized description.
    public var errorUserInfo: [String: Any] {
        [NSLocalizedDescriptionKey: code.summary]
    }

    // One static per code, so `catch UNError.contentProvidingInvalid` compiles, as the Swift
    // importer gives every NS_ERROR_ENUM's error struct (URLError.badURL, for one). UNVERIFIED
    // (all eight): the reference lists the codes, not these members.

    /// UNVERIFIED: as a static of `UNError`; the reference lists the code `.attachmentInvalidURL` (100).
    public static var attachmentInvalidURL: Code { .attachmentInvalidURL }
    /// UNVERIFIED: as a static of `UNError`; the reference lists the code `.attachmentUnrecognizedType` (101).
    public static var attachmentUnrecognizedType: Code { .attachmentUnrecognizedType }
    /// UNVERIFIED: as a static of `UNError`; the reference lists the code `.attachmentInvalidFileSize` (102).
    public static var attachmentInvalidFileSize: Code { .attachmentInvalidFileSize }
    /// UNVERIFIED: code 103's name is from UNError.h, not the reference; as a static of `UNError`.
    public static var attachmentNotInDataStore: Code { .attachmentNotInDataStore }
    /// UNVERIFIED: code 104's name is from UNError.h, not the reference; as a static of `UNError`.
    public static var attachmentMoveIntoDataStoreFailed: Code { .attachmentMoveIntoDataStoreFailed }
    /// UNVERIFIED: code 105's name is from UNError.h, not the reference; as a static of `UNError`.
    public static var attachmentCorrupt: Code { .attachmentCorrupt }
    /// UNVERIFIED: as a static of `UNError`; the reference lists the code `.contentProvidingObjectNotAllowed` (1500).
    public static var contentProvidingObjectNotAllowed: Code { .contentProvidingObjectNotAllowed }
    /// UNVERIFIED: as a static of `UNError`; the reference lists the code `.contentProvidingInvalid` (1501).
    public static var contentProvidingInvalid: Code { .contentProvidingInvalid }
}

extension UNError.Code {
    /// Whether `error` is a `UNError` with this code, so `catch UNError.attachmentInvalidURL`
    /// matches.
    ///
    /// Source: Apple's `_ErrorCodeProtocol` gives every imported error code this operator.
    public static func ~= (match: UNError.Code, error: any Error) -> Bool {
        (error as? UNError)?.code == match
    }

    var summary: String {
        switch self {
        case .attachmentInvalidURL: "The URL for an attachment was invalid."
        case .attachmentUnrecognizedType: "The file type of an attachment isn’t supported."
        case .attachmentInvalidFileSize: "An attachment is too large."
        case .attachmentNotInDataStore: "The specified attachment isn’t in the system data store."
        case .attachmentMoveIntoDataStoreFailed:
            "An error occurred when trying to move an attachment to the system data store."
        case .attachmentCorrupt: "The file for an attachment is corrupt."
        case .contentProvidingObjectNotAllowed: "The content providing object is not allowed."
        case .contentProvidingInvalid: "The content providing object is invalid."
        }
    }
}
