import Foundation

/// What the checks need to know about one target in one configuration, with build settings
/// put into its Info.plist and entitlements.
struct ResolvedTarget {
    /// A file a build setting names that is missing, outside the folder `herald doctor` was
    /// given, found only ignoring case, or unreadable.
    struct FileNote {
        enum Problem {
            case missing
            /// Outside the folder (``ProjectRoot``); it was not read, nor asked whether it exists.
            case outside
            /// Found at this path, in another case; it was read.
            case otherCase(URL)
            /// Not a property list (or not a dictionary); it was not read.
            case unreadable(DoctorError)
        }

        let setting: String
        let written: String
        let problem: Problem

        /// Whether the file's content is unknown, so checks that need it say nothing.
        var isUnread: Bool {
            if case .otherCase = problem { return false }
            return true
        }
    }

    let target: Target
    /// The folder outside which nothing is read.
    let root: ProjectRoot
    let settings: BuildSettings
    let bundleID: String?
    /// For each setting read above, the variables defined nowhere that it names, each expanded
    /// to nothing: a verdict on it says it took them so.
    let emptiedSettings: [String: Set<String>]
    let deploymentTarget: String?
    /// The Info.plist as built, in the keys the checks read: the file's.
    ///
    /// When Xcode generates the Info.plist (`GENERATE_INFOPLIST_FILE`) it also writes the
    /// `INFOPLIST_KEY_*` settings it declares, a fixed list (display name, usage descriptions,
    /// orientations, …), and passes over any other name without a word: its Info.plist
    /// processor (swift-build's `InfoPlistProcessorTaskAction`) visits only that list. None of
    /// the keys the checks read is on it (``checkedInfoPlistKeys``); such a setting is in
    /// ``ignoredInfoPlistSettings``.
    let info: [String: PropertyList]
    /// The `INFOPLIST_KEY_*` settings the target sets for a key the checks read, which Xcode
    /// never writes into the Info.plist: `INFOPLIST_KEY_NSUserActivityTypes`.
    let ignoredInfoPlistSettings: [String]
    /// The Info.plist keys the checks read, which only an Info.plist file can give.
    static let checkedInfoPlistKeys = ["NSUserActivityTypes", "NSExtension", "Herald"]
    /// `nil` when the target names no entitlements file (so it has no capabilities at all).
    let entitlements: [String: PropertyList]?
    let fileNotes: [FileNote]
    /// Variables that values the checks read name but nothing defines.
    private(set) var unresolved: Set<String> = []
    /// Values the checks read that were kept as written because expanding them passed a limit
    /// (``SettingExpansion``): `PRODUCT_BUNDLE_IDENTIFIER expands past 64 KiB`.
    private(set) var unexpanded: [String] = []

    /// Reads the target's files; one that is missing or unreadable becomes a ``FileNote``.
    init(_ target: Target, in project: XcodeProject, configuration: String) {
        self.target = target
        root = project.root
        let settings = BuildSettings(project: project, target: target, configuration: configuration)
        self.settings = settings
        var notes: [FileNote] = []
        var unresolved: Set<String> = []
        var unexpanded: [String] = []
        var emptied: [String: Set<String>] = [:]
        func resolved(_ key: String) -> String? {
            guard let value = settings.value(key) else { return nil }
            unresolved.formUnion(value.unresolved)
            emptied[key] = value.unresolved
            guard !value.text.isEmpty else { return nil }
            if let stopped = value.stopped { unexpanded.append("\(key) \(stopped)") }
            return value.text
        }
        func read(_ key: String) -> [String: PropertyList]? {
            guard let path = resolved(key) else { return nil }
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : project.sourceRoot.appendingPathComponent(path)
            guard project.root.holds(url) else {
                notes.append(FileNote(setting: key, written: path, problem: .outside))
                return nil
            }
            guard let location = FileLocator.locate(url) else {
                notes.append(FileNote(setting: key, written: path, problem: .missing))
                return nil
            }
            // Another case may be another file, a link that leads out.
            guard project.root.holds(location.url) else {
                notes.append(FileNote(setting: key, written: path, problem: .outside))
                return nil
            }
            if !location.exactCase { notes.append(FileNote(setting: key, written: path, problem: .otherCase(location.url))) }
            do {
                return try Self.dictionary(at: location.url, in: project.root)
            } catch {
                notes.append(FileNote(setting: key, written: path, problem: .unreadable(error)))
                return nil
            }
        }
        bundleID = resolved("PRODUCT_BUNDLE_IDENTIFIER")
        deploymentTarget = resolved("IPHONEOS_DEPLOYMENT_TARGET")
        info = read("INFOPLIST_FILE") ?? [:]
        ignoredInfoPlistSettings = Self.checkedInfoPlistKeys.map { "INFOPLIST_KEY_" + $0 }.filter(settings.keys.contains)
        entitlements = read("CODE_SIGN_ENTITLEMENTS")
        fileNotes = notes
        emptiedSettings = emptied
        self.unresolved = unresolved
        self.unexpanded = unexpanded
    }

    /// The dictionary in a property-list file.
    private static func dictionary(at url: URL, in root: ProjectRoot) throws(DoctorError) -> [String: PropertyList] {
        let list = try ProjectFile.propertyList(at: url, in: root)
        guard let dictionary = list.dictionaryValue else {
            throw DoctorError(file: url, reason: "the property list is a \(list.typeName), not a dictionary")
        }
        return dictionary
    }

    /// Whether the file `setting` names could not be read (missing, outside or not a property
    /// list).
    func isUnread(_ setting: String) -> Bool {
        fileNotes.contains { $0.setting == setting && $0.isUnread }
    }

    /// `NSExtension.NSExtensionPointIdentifier`, such as `com.apple.usernotifications.service`.
    var extensionPoint: String? { info["NSExtension"]?["NSExtensionPointIdentifier"]?.stringValue }

    /// A string from the Info.plist or entitlements with build settings put in; the variables
    /// nothing defines are remembered for the `unresolved-setting` check.
    mutating func expand(_ text: String) -> String {
        let value = settings.expand(text)
        unresolved.formUnion(value.unresolved)
        if let stopped = value.stopped { unexpanded.append("\"\(text.prefix(40))\(text.count > 40 ? "…" : "")\" \(stopped)") }
        return value.text
    }

    /// The variables defined nowhere that the setting `key` names, which its expansion took as
    /// empty.
    func emptied(inSetting key: String) -> Set<String> { emptiedSettings[key] ?? [] }

    /// The variables defined nowhere that `written` names, which its expansion took as empty.
    func emptied(in written: [String]) -> Set<String> {
        written.reduce(into: []) { $0.formUnion(settings.expand($1).unresolved) }
    }

    /// The entitlement's strings, expanded (an App Group or keychain group list).
    mutating func entitlementStrings(_ key: String) -> [String] {
        (entitlements?[key]?.strings ?? []).map { expand($0) }
    }
}
