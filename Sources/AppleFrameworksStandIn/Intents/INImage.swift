import Foundation

/// An image for an intent: a person's avatar, a group's picture.
///
/// Source: reference, Intents: `class INImage : NSObject  // iOS 10` with
/// `convenience init(named:)`, `convenience init(imageData:)` and `convenience init?(url:)`.
/// The reference's runtime facts: an `INImage(url:)` with a remote URL shows no avatar; pass
/// downloaded bytes to `INImage(imageData:)`.
/// UNVERIFIED: Apple's class has no public accessor for its bytes; read what an image was made
/// from with `StandInInspection.source(of:)`.
/// Availability: INImage.h ("Copyright (c) 2016-2020"), `API_AVAILABLE(ios(10.0), macos(11.0),
/// watchos(3.2), tvos(14.0))` on the class and no attribute on `+imageNamed:`,
/// `+imageWithImageData:` or `+imageWithURL:`; Apple's documentation page gives the same four
/// versions.
@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
open class INImage: NSObject {
    let source: StandInInspection.ImageSource

    init(source: StandInInspection.ImageSource) {
        self.source = source
        super.init()
    }

    /// An image from the app's asset catalog.
    ///
    /// Source: reference, `convenience init(named name: String)`. Model: the name is not looked up.
    public convenience init(named name: String) {
        self.init(source: .named(name))
    }

    /// An image from encoded bytes (PNG, JPEG...).
    ///
    /// Source: reference, `convenience init(imageData: Data)`. Model: the bytes are not decoded.
    public convenience init(imageData: Data) {
        self.init(source: .data(imageData))
    }

    /// An image from a URL.
    ///
    /// Source: reference, `convenience init?(url URL: URL)  // local files only in practice`.
    /// Model: never fails. The reference says a remote URL gives an image that shows no avatar,
    /// not that it fails; UNVERIFIED when Apple's returns `nil`.
    public convenience init?(url URL: URL) {
        self.init(source: .url(URL))
    }
}
