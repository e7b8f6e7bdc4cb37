import Foundation

/// An app or app extension as built and signed: its built Info.plist, the entitlements its
/// executable's code signature claims, and the provisioning profile embedded beside it.
public struct SignedBundle: Hashable, Sendable {
    /// Where the bundle is inside the build, `/`-separated: `Payload/Chat.app`,
    /// `Products/Applications/Chat.app/PlugIns/NotificationService.appex`, `Chat.app`.
    public let path: String
    /// The built Info.plist (Xcode writes it in binary form), with every build setting
    /// already put in.
    public let info: [String: PropertyList]
    /// The executable's code signature (`CFBundleExecutable`).
    public let signature: CodeSignature
    /// `embedded.mobileprovision`; `nil` when the bundle has none (a Simulator build, or an
    /// app as the App Store delivers it).
    public let profile: ProvisioningProfile?

    /// A bundle as read; for tests and callers that build one.
    public init(path: String, info: [String: PropertyList], signature: CodeSignature, profile: ProvisioningProfile?) {
        self.path = path
        self.info = info
        self.signature = signature
        self.profile = profile
    }

    /// Whether it was built for the Simulator (`DTPlatformName` `iphonesimulator`, or
    /// `iPhoneSimulator` in `CFBundleSupportedPlatforms`): such a build keeps its entitlements
    /// in a section of its executable, not in its code signature, and has no profile, so what
    /// doctor reads of a device build is not there.
    public var isSimulatorBuild: Bool {
        info["DTPlatformName"]?.stringValue == "iphonesimulator" || info["CFBundleSupportedPlatforms"]?.strings?.contains("iPhoneSimulator") == true
    }

    /// `CFBundleIdentifier`.
    public var bundleIdentifier: String? { info["CFBundleIdentifier"]?.stringValue }
    /// `CFBundleExecutable`: the executable's file name in the bundle.
    public var executableName: String? { info["CFBundleExecutable"]?.stringValue }
    /// `NSExtension.NSExtensionPointIdentifier`, such as `com.apple.usernotifications.service`;
    /// `nil` for the app.
    public var extensionPoint: String? { info["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue }
    /// `NSUserActivityTypes`, when it is a string or an array of strings.
    public var userActivityTypes: [String]? { info["NSUserActivityTypes"]?.strings }
    /// The `Herald` dictionary Herald's extension reads its settings from.
    public var heraldSettings: [String: PropertyList]? { info["Herald"]?.dictionaryValue }
}
