import Foundation

/// One target's build settings in one configuration, resolved as Xcode resolves them for the
/// iOS device SDK (`sdk=iphoneos*`, `arch=arm64`).
///
/// Levels from lowest to highest: Xcode's own values (`SRCROOT`, `TARGET_NAME`,
/// `PRODUCT_MODULE_NAME`, …), the project's base `.xcconfig`, the project's settings, the
/// target's base `.xcconfig`, the target's settings. `$(inherited)`, and a setting naming
/// itself, mean the value from below. A variable defined nowhere expands to nothing, as Xcode
/// expands it (`com.example.chat$(SUFFIX)` is `com.example.chat`), and is remembered, so that a
/// verdict that depends on it can say so.
public struct BuildSettings: Sendable {
    public let configuration: String
    /// Base `.xcconfig` files (and their includes) named but not found: a value they would
    /// define is unresolved.
    public let missingConfigurationFiles: [URL]
    /// Every assignment from lowest level to highest; the last that matches wins.
    let assignments: [BuildSettingAssignment]
    private let sdk = "iphoneos"
    private let arch = "arm64"

    public init(project: XcodeProject, target: Target, configuration: String) {
        self.configuration = configuration
        let projectLevel = project.configurations.first { $0.name == configuration }
        let targetLevel = target.configurations.first { $0.name == configuration }
        var missing: [URL] = []
        var assignments = [
            ("SRCROOT", project.sourceRoot.path), ("PROJECT_DIR", project.sourceRoot.path), ("SOURCE_ROOT", project.sourceRoot.path),
            ("PROJECT_NAME", project.name), ("TARGET_NAME", target.name), ("CONFIGURATION", configuration),
            ("PLATFORM_NAME", "iphoneos"), ("SDK_NAME", "iphoneos"), ("EFFECTIVE_PLATFORM_NAME", "-iphoneos"),
            ("PRODUCT_NAME", "$(TARGET_NAME)"), ("PRODUCT_MODULE_NAME", "$(PRODUCT_NAME:c99extidentifier)"),
            // What Xcode puts into Info.plist and entitlements files besides build settings:
            // Xcode's iCloud capability writes `iCloud.$(CFBundleIdentifier)`, and apps write
            // keychain groups as `$(AppIdentifierPrefix)$(CFBundleIdentifier)`.
            ("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER)"), ("EXECUTABLE_NAME", "$(PRODUCT_NAME)"),
        ].map { BuildSettingAssignment(key: $0.0, conditions: [], value: $0.1) }
        for level in [projectLevel, targetLevel] {
            guard let level else { continue }
            if let base = level.baseConfiguration.flatMap({ project.xcconfigs[$0] }) {
                assignments += base.assignments
                missing += base.missing
            }
            assignments += BuildSettingAssignment.ordered(level.settings)
        }
        self.assignments = assignments
        self.missingConfigurationFiles = missing
    }

    /// The setting's value with every variable expanded; `nil` when it is set nowhere.
    ///
    /// A value whose expansion passes a limit of ``SettingExpansion`` is as written, with the
    /// reason in ``ResolvedValue/stopped``.
    public func value(_ key: String) -> ResolvedValue? {
        guard let index = lastIndex(of: key, before: assignments.count) else { return nil }
        return SettingExpansion.resolve(assignments[index].value, in: self) { expansion throws(SettingExpansion.Stop) in
            try expansion.assignment(at: index, depth: 0) ?? assignments[index].value
        }
    }

    /// Text from an Info.plist or entitlements file with the target's settings put in, as Xcode
    /// does when it processes those files; within the limits of ``value(_:)``.
    public func expand(_ text: String) -> ResolvedValue {
        SettingExpansion.resolve(text, in: self) { expansion throws(SettingExpansion.Stop) in
            try expansion.expand(text, key: nil, at: assignments.count, depth: 0)
        }
    }

    /// Whether a `YES`/`NO` setting is on.
    public func isOn(_ key: String) -> Bool {
        ["YES", "TRUE", "1"].contains(value(key)?.text.uppercased() ?? "")
    }

    /// Every key set at some level, condition matching or not (for `INFOPLIST_KEY_*`).
    public var keys: Set<String> { Set(assignments.filter { matches($0.conditions) }.map(\.key)) }

    /// The assignment of `key` that wins among the first `end`.
    func lastIndex(of key: String, before end: Int) -> Int? {
        assignments[..<end].lastIndex { $0.key == key && matches($0.conditions) }
    }

    private func matches(_ conditions: [(String, String)]) -> Bool {
        conditions.allSatisfy { name, pattern in
            switch name {
            case "sdk": Glob(pattern).matches(sdk)
            case "arch": Glob(pattern).matches(arch)
            case "config": Glob(pattern).matches(configuration)
            default: false
            }
        }
    }
}

/// A setting's value after expansion, and the variables it names that are defined nowhere
/// (each expanded to nothing).
public struct ResolvedValue: Hashable, Sendable {
    public let text: String
    public let unresolved: Set<String>
    /// Why the value was not expanded but kept as written, when a limit stopped it:
    /// `expands past 64 KiB`, `has references nested more than 32 levels deep`.
    public let stopped: String?
}
