import Foundation

/// What the checks need to know about one target in one configuration, with build settings
/// put into its Info.plist and entitlements.
struct ResolvedTarget {
    /// A file a build setting names that is missing or found only ignoring case.
    struct FileNote {
        let setting: String
        let written: String
        let found: URL?
    }

    let target: Target
    let settings: BuildSettings
    let bundleID: String?
    let deploymentTarget: String?
    /// The Info.plist as built: the file, with `INFOPLIST_KEY_*` over it when Xcode generates one.
    let info: [String: PropertyList]
    /// `nil` when the target names no entitlements file (so it has no capabilities at all).
    let entitlements: [String: PropertyList]?
    let fileNotes: [FileNote]
    /// Variables that values the checks read name but nothing defines.
    private(set) var unresolved: Set<String> = []

    /// - Throws: ``DoctorError`` for an Info.plist or entitlements file that is not a
    ///   readable property list, with its line.
    init(_ target: Target, in project: XcodeProject, configuration: String) throws(DoctorError) {
        self.target = target
        let settings = BuildSettings(project: project, target: target, configuration: configuration)
        self.settings = settings
        var notes: [FileNote] = []
        var unresolved: Set<String> = []
        func resolved(_ key: String) -> String? {
            guard let value = settings.value(key), !value.text.isEmpty else { return nil }
            unresolved.formUnion(value.unresolved)
            return value.text
        }
        func read(_ key: String) throws(DoctorError) -> [String: PropertyList]? {
            guard let path = resolved(key) else { return nil }
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.sourceRoot.appendingPathComponent(path)
            guard let location = FileLocator.locate(url) else {
                notes.append(FileNote(setting: key, written: path, found: nil))
                return nil
            }
            if !location.exactCase { notes.append(FileNote(setting: key, written: path, found: location.url)) }
            let data: Data
            do {
                data = try Data(contentsOf: location.url)
            } catch {
                throw DoctorError(file: location.url, reason: "cannot read it (\(error.localizedDescription))")
            }
            let list: PropertyList
            do {
                list = try PropertyList(reading: data)
            } catch {
                throw DoctorError(file: location.url, line: error.line, reason: error.reason)
            }
            guard let dictionary = list.dictionaryValue else {
                throw DoctorError(file: location.url, reason: "the property list is a \(list.typeName), not a dictionary")
            }
            return dictionary
        }
        bundleID = resolved("PRODUCT_BUNDLE_IDENTIFIER")
        deploymentTarget = resolved("IPHONEOS_DEPLOYMENT_TARGET")
        var info = try read("INFOPLIST_FILE") ?? [:]
        if settings.isOn("GENERATE_INFOPLIST_FILE") {
            for key in settings.keys where key.hasPrefix("INFOPLIST_KEY_") {
                let value = settings.value(key)?.text ?? ""
                let name = String(key.dropFirst("INFOPLIST_KEY_".count))
                info[name] = ["YES", "NO"].contains(value) ? .bool(value == "YES") : .string(value)
            }
        }
        self.info = info
        entitlements = try read("CODE_SIGN_ENTITLEMENTS")
        fileNotes = notes
        self.unresolved = unresolved
    }

    /// `NSExtension.NSExtensionPointIdentifier`, such as `com.apple.usernotifications.service`.
    var extensionPoint: String? { info["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue }

    /// A string from the Info.plist or entitlements with build settings put in; the variables
    /// nothing defines are remembered for the `unresolved-setting` check.
    mutating func expand(_ text: String) -> String {
        let value = settings.expand(text)
        unresolved.formUnion(value.unresolved)
        return value.text
    }

    /// The entitlement's strings, expanded (an App Group or keychain group list).
    mutating func entitlementStrings(_ key: String) -> [String] {
        (entitlements?[key]?.strings ?? []).map { expand($0) }
    }
}
