import Foundation
import HeraldDoctor

/// A small Xcode project written to a temporary folder: an app and a notification service
/// extension (and optionally a content extension) that pass every check until a test changes
/// one thing.
struct SyntheticProject {
    var appSettings: [String: String] = ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.chat", "IPHONEOS_DEPLOYMENT_TARGET": "16.0"]
    var serviceSettings: [String: String] = ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.chat.NotificationService", "IPHONEOS_DEPLOYMENT_TARGET": "16.0"]
    var projectSettings: [String: String] = [:]
    var appInfo: [String: Any] = ["NSUserActivityTypes": ["INSendMessageIntent"]]
    var appEntitlements: [String: Any]? = [
        "aps-environment": "development", "com.apple.developer.usernotifications.communication": true,
        "com.apple.security.application-groups": ["group.com.example.chat"],
        "keychain-access-groups": ["$(AppIdentifierPrefix)com.example.chat"],
    ]
    var serviceInfo: [String: Any] = [
        "NSExtension": [
            "NSExtensionPointIdentifier": "com.apple.usernotifications.service",
            "NSExtensionPrincipalClass": "$(PRODUCT_MODULE_NAME).NotificationService",
        ],
        "Herald": ["AppGroup": "group.com.example.chat", "KeychainGroup": "$(AppIdentifierPrefix)com.example.chat"],
    ]
    var serviceEntitlements: [String: Any]? = [
        "com.apple.security.application-groups": ["group.com.example.chat"],
        "keychain-access-groups": ["$(AppIdentifierPrefix)com.example.chat"],
    ]
    /// A content extension's Info.plist; none when `nil`.
    var contentInfo: [String: Any]? = nil
    /// The extension's source files by name, in its Sources phase.
    var serviceSources: [String: String] = [:]
    /// A CocoaPods Podfile beside the project.
    var podfile: String?
    var serviceEmbedded = true
    /// A second application target, `Chat Beta`, with these settings over the app's, reading
    /// the app's Info.plist and entitlements and embedding the service extension too.
    var secondAppSettings: [String: String]?
    var serviceProducts = ["HeraldNotificationService"]
    var appProducts: [String] = []
    /// `.xcconfig` files written beside the project, by name; the project's configurations are
    /// based on `Base.xcconfig` when it is among them.
    var xcconfigs: [String: String] = [:]

    /// Writes the project and runs the checks on it.
    func examine() throws -> DoctorReport {
        try Doctor.examine(XcodeProject(contentsOf: write()))
    }

    /// Writes the project into a new temporary folder and returns its `.xcodeproj`.
    func write() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        let project = root.appendingPathComponent("Chat.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        var app = appSettings, service = serviceSettings
        try Self.plist(appInfo, to: root, "Chat/Info.plist", setting: "INFOPLIST_FILE", in: &app)
        try Self.plist(serviceInfo, to: root, "NotificationService/Info.plist", setting: "INFOPLIST_FILE", in: &service)
        if let appEntitlements { try Self.plist(appEntitlements, to: root, "Chat/Chat.entitlements", setting: "CODE_SIGN_ENTITLEMENTS", in: &app) }
        if let serviceEntitlements {
            try Self.plist(serviceEntitlements, to: root, "NotificationService/NotificationService.entitlements", setting: "CODE_SIGN_ENTITLEMENTS", in: &service)
        }
        var objects: [String] = []
        var sourceIDs: [String] = []
        for (index, (name, text)) in serviceSources.sorted(by: { $0.key < $1.key }).enumerated() {
            try Data(text.utf8).write(to: root.appendingPathComponent("NotificationService/\(name)"))
            objects.append("SRC\(index) = { isa = PBXFileReference; path = \(Self.quoted("NotificationService/" + name)); sourceTree = SOURCE_ROOT; };")
            objects.append("SRCB\(index) = { isa = PBXBuildFile; fileRef = SRC\(index); };")
            sourceIDs.append("SRCB\(index)")
        }
        objects.append("SVCS = { isa = PBXSourcesBuildPhase; files = (\(sourceIDs.joined(separator: ", "))); };")
        if let podfile { try Data(podfile.utf8).write(to: root.appendingPathComponent("Podfile")) }
        for (name, text) in xcconfigs { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        if xcconfigs["Base.xcconfig"] != nil { objects.append("XCF = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = \"<group>\"; };") }
        var embedded = serviceEmbedded ? ["SVCP"] : []
        var targets = [
            target("APP", "Chat", "application", app, products: appProducts, phases: ["EMBED"], objects: &objects),
            target("SVC", "NotificationService", "app-extension", service, products: serviceProducts, phases: ["SVCS"], objects: &objects),
        ]
        if let secondAppSettings {
            objects.append("EMBED2 = { isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (BF2SVCP); };")
            objects.append("BF2SVCP = { isa = PBXBuildFile; fileRef = SVCP; };")
            targets.append(target("APP2", "Chat Beta", "application", app.merging(secondAppSettings) { $1 }, products: [], phases: ["EMBED2"], objects: &objects))
        }
        if let contentInfo {
            var content = ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.chat.Content"]
            try Self.plist(contentInfo, to: root, "Content/Info.plist", setting: "INFOPLIST_FILE", in: &content)
            targets.append(target("CNT", "Content", "app-extension", content, products: [], phases: [], objects: &objects))
            embedded.append("CNTP")
        }
        objects.append("EMBED = { isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (\(embedded.map { "BF\($0)" }.joined(separator: ", "))); };")
        objects += embedded.map { "BF\($0) = { isa = PBXBuildFile; fileRef = \($0); };" }
        objects.append(configurations("PRJ", projectSettings, base: xcconfigs["Base.xcconfig"] == nil ? nil : "XCF"))
        objects.append("PROJ = { isa = PBXProject; buildConfigurationList = PRJL; targets = (\(targets.joined(separator: ", "))); };")
        let text = "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\t\t\(objects.joined(separator: "\n\t\t"))\n\t};\n\trootObject = PROJ;\n}\n"
        try Data(text.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        return project
    }

    private func target(
        _ id: String, _ name: String, _ type: String, _ settings: [String: String], products: [String], phases: [String], objects: inout [String]
    ) -> String {
        let productIDs = products.indices.map { "\(id)PKG\($0)" }
        objects += zip(productIDs, products).map { "\($0) = { isa = XCSwiftPackageProductDependency; productName = \(Self.quoted($1)); };" }
        objects.append("\(id)P = { isa = PBXFileReference; path = \(Self.quoted(name)); sourceTree = BUILT_PRODUCTS_DIR; };")
        objects.append(configurations(id, settings))
        objects.append(
            "\(id) = { isa = PBXNativeTarget; name = \(Self.quoted(name)); productType = \"com.apple.product-type.\(type)\"; productReference = \(id)P; "
                + "buildConfigurationList = \(id)L; buildPhases = (\(phases.joined(separator: ", "))); packageProductDependencies = (\(productIDs.joined(separator: ", "))); };")
        return id
    }

    private func configurations(_ id: String, _ settings: [String: String], base: String? = nil) -> String {
        let written = settings.sorted { $0.key < $1.key }.map { "\(Self.quoted($0.key)) = \(Self.quoted($0.value));" }.joined(separator: " ")
        let reference = base.map { "baseConfigurationReference = \($0); " } ?? ""
        return "\(id)D = { isa = XCBuildConfiguration; \(reference)name = Debug; buildSettings = { \(written) }; };\n"
            + "\t\t\(id)R = { isa = XCBuildConfiguration; \(reference)name = Release; buildSettings = { \(written) }; };\n"
            + "\t\t\(id)L = { isa = XCConfigurationList; buildConfigurations = (\(id)D, \(id)R); };"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func plist(_ value: [String: Any], to root: URL, _ path: String, setting: String, in settings: inout [String: String]) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PropertyListSerialization.data(fromPropertyList: value, format: .xml, options: 0).write(to: url)
        settings[setting] = settings[setting] ?? path
    }
}

extension DoctorReport {
    /// The findings of one check, as `status: message` lines (configurations merged).
    func results(_ check: DoctorCheck) -> [DoctorFinding] { findings.filter { $0.check == check } }

    /// The statuses one check came out with.
    func statuses(_ check: DoctorCheck) -> Set<DoctorFinding.Status> { Set(results(check).map(\.status)) }
}
