import Foundation

/// The icon an action shows: an SF Symbol or a template image from the app's bundle.
///
/// Source: UNNotificationActionIcon.h, `@interface UNNotificationActionIcon : NSObject <NSCopying,
/// NSSecureCoding>` with `+iconWithTemplateImageName:`, `+iconWithSystemImageName:` and `- init
/// NS_UNAVAILABLE` (macOS 12.0 SDK copy, phracker/MacOSX-SDKs MacOSX12.0.sdk, "Copyright © 2021");
/// Apple's documentation page (developer.apple.com/documentation/usernotifications/unnotificationactionicon):
/// `convenience init(systemImageName: String)`, `convenience init(templateImageName: String)`, no
/// `Sendable` in its conformance list.
/// Deviation: Apple's class also conforms to NSSecureCoding; the stand-in's does not. The name is
/// kept as given (`StandInInspection.icon(_:)`); the stand-in does not look the image up.
/// Availability: the header's `API_AVAILABLE(macos(12.0), ios(15.0), watchos(8.0), tvos(15.0))` on
/// the class and none on its members; the pages give the same four versions.
@available(iOS 15.0, macOS 12.0, watchOS 8.0, tvOS 15.0, *)
open class UNNotificationActionIcon: NSObject, NSCopying {
    let image: StandInInspection.IconImage

    init(image: StandInInspection.IconImage) {
        self.image = image
        super.init()
    }

    /// Source: UNNotificationActionIcon.h `- init NS_UNAVAILABLE`.
    @available(*, unavailable)
    public override init() {
        fatalError("UNNotificationActionIcon.init() is unavailable")
    }

    /// An icon from a custom image in the app's asset catalog or bundle, drawn as a template.
    ///
    /// Source: Apple's page, `convenience init(templateImageName: String)` (`+iconWithTemplateImageName:`).
    public convenience init(templateImageName: String) {
        self.init(image: .template(templateImageName))
    }

    /// An icon from an SF Symbol.
    ///
    /// Source: Apple's page, `convenience init(systemImageName: String)` (`+iconWithSystemImageName:`).
    public convenience init(systemImageName: String) {
        self.init(image: .system(systemImageName))
    }

    /// A copy; icons are immutable, so the receiver itself.
    ///
    /// Source: NSCopying, in the header's conformance list.
    open func copy(with zone: NSZone? = nil) -> Any {
        self
    }
}
