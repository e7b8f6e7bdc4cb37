/// A check `herald doctor` runs, with a stable id, like ``HeraldDesk/LintRule``.
public struct DoctorCheck: Hashable, Sendable, Identifiable {
    public let id: String
    /// What the check looks at, one line.
    public let summary: String

    public static let communicationCapability = DoctorCheck(
        id: "communication-capability", summary: "The app has the Communication Notifications capability (its entitlement).")
    public static let activityTypes = DoctorCheck(id: "activity-types", summary: "The app's NSUserActivityTypes lists INSendMessageIntent.")
    public static let apsEnvironment = DoctorCheck(id: "aps-environment", summary: "The app has the Push Notifications capability (aps-environment).")
    public static let serviceExtension = DoctorCheck(
        id: "service-extension", summary: "A target is a notification service extension (com.apple.usernotifications.service).")
    public static let principalClass = DoctorCheck(id: "principal-class", summary: "The extension names its principal class.")
    public static let embedded = DoctorCheck(id: "extension-embedded", summary: "The app embeds the extension (copies it into PlugIns).")
    public static let bundleIDPrefix = DoctorCheck(id: "bundle-id-prefix", summary: "The extension's bundle id starts with the app's and a dot.")
    public static let deploymentTarget = DoctorCheck(
        id: "deployment-target", summary: "The extension deploys to iOS 15 or later (communication notifications), 16 with Herald.")
    public static let appGroup = DoctorCheck(id: "app-group", summary: "The extension's App Groups are the app's too, Herald.AppGroup among them.")
    public static let keychainGroup = DoctorCheck(
        id: "keychain-group", summary: "The extension's keychain groups are the app's too, Herald.KeychainGroup among them.")
    public static let heraldSettings = DoctorCheck(id: "herald-settings", summary: "Every key of the extension's Herald dictionary is known and valid.")
    public static let filteringEntitlement = DoctorCheck(
        id: "filtering-entitlement",
        summary: "An extension whose Herald.RetractFallback is filtered has the notification filtering entitlement, without which iOS shows every deleted message's push.")
    public static let heraldLinked = DoctorCheck(
        id: "herald-linked", summary: "An extension configured for Herald links HeraldNotificationService, and the app does not.")
    public static let providerLibrary = DoctorCheck(
        id: "provider-library", summary: "A provider SDK's extension library the extension's code calls (OneSignal, Firebase) is linked to it.")
    public static let contentCategory = DoctorCheck(
        id: "content-category", summary: "A content extension names its UNNotificationExtensionCategory (a string or an array of strings).")
    public static let contentAttributes = DoctorCheck(
        id: "content-attributes",
        summary: "A content extension's initial size ratio is a number; its DefaultContentHidden and UserInteractionEnabled are Booleans.")
    public static let contentInterface = DoctorCheck(id: "content-interface", summary: "A content extension names its storyboard or principal class.")
    public static let unresolvedSetting = DoctorCheck(id: "unresolved-setting", summary: "Every build setting a check needs is defined.")
    public static let xcconfigInclude = DoctorCheck(
        id: "xcconfig-include", summary: "No .xcconfig includes a file that is already being read (a cycle, which Xcode skips with a warning).")
    public static let fileCase = DoctorCheck(id: "file-case", summary: "A file the build settings name exists with that exact case.")
    public static let fileMissing = DoctorCheck(id: "file-missing", summary: "A file the build settings name exists.")
    public static let fileUnreadable = DoctorCheck(id: "file-unreadable", summary: "An Info.plist or entitlements file the build settings name is a property list.")
    public static let fileOutside = DoctorCheck(
        id: "file-outside",
        summary: "Every file the project names (an #include, a base .xcconfig, an Info.plist, an entitlements file) is inside the folder herald doctor was given, which reads nothing outside it.")
    public static let singleServiceExtension = DoctorCheck(
        id: "single-service-extension", summary: "The app embeds one notification service extension (iOS runs only one).")
    public static let codeSignature = DoctorCheck(
        id: "code-signature", summary: "A signed build's app and extensions are signed, with entitlements (signed builds).")
    public static let provisioningProfile = DoctorCheck(
        id: "provisioning-profile",
        summary: "A signed build's profiles have not expired, are for their bundle ids and team, and grant the entitlements the signatures claim (signed builds).")

    /// Every check, in the order findings are reported.
    public static let all: [DoctorCheck] = [
        .codeSignature, .provisioningProfile, .serviceExtension, .communicationCapability, .activityTypes, .apsEnvironment, .singleServiceExtension, .principalClass, .embedded, .bundleIDPrefix,
        .deploymentTarget, .appGroup, .keychainGroup, .heraldSettings, .filteringEntitlement, .heraldLinked, .providerLibrary, .contentCategory, .contentAttributes,
        .contentInterface, .unresolvedSetting, .xcconfigInclude, .fileOutside, .fileCase, .fileMissing, .fileUnreadable,
    ]
}
