import Foundation

/// One target's build settings in one configuration, resolved as Xcode resolves them for the
/// iOS device SDK (`sdk=iphoneos*`, `arch=arm64`).
///
/// Levels from lowest to highest: Xcode's own values (`SRCROOT`, `TARGET_NAME`,
/// `PRODUCT_MODULE_NAME`, …), the project's base `.xcconfig`, the project's settings, the
/// target's base `.xcconfig`, the target's settings. `$(inherited)`, and a setting naming
/// itself, mean the value from below. A variable defined nowhere stays as written
/// (`$(BUNDLE_ID_PREFIX)`) and is reported, so two values can still be compared as written.
public struct BuildSettings: Sendable {
    public let configuration: String
    /// Base `.xcconfig` files (and their includes) named but not found: a value they would
    /// define is unresolved.
    public let missingConfigurationFiles: [URL]
    private let assignments: [BuildSettingAssignment]
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
        ].map { BuildSettingAssignment(key: $0.0, conditions: [], value: $0.1) }
        for level in [projectLevel, targetLevel] {
            guard let level else { continue }
            if let base = level.baseConfiguration {
                assignments += XCConfigFile.assignments(in: base, missing: &missing)
            }
            assignments += BuildSettingAssignment.ordered(level.settings)
        }
        self.assignments = assignments
        self.missingConfigurationFiles = missing
    }

    /// The setting's value with every variable expanded; `nil` when it is set nowhere.
    public func value(_ key: String) -> ResolvedValue? {
        guard let index = lastIndex(of: key, before: assignments.count) else { return nil }
        var unresolved: Set<String> = []
        let text = expand(assignments[index].value, key: key, at: index, unresolved: &unresolved, depth: 0)
        return ResolvedValue(text: text, unresolved: unresolved)
    }

    /// Text from an Info.plist or entitlements file with the target's settings put in, as Xcode
    /// does when it processes those files.
    public func expand(_ text: String) -> ResolvedValue {
        var unresolved: Set<String> = []
        let result = expand(text, key: nil, at: assignments.count, unresolved: &unresolved, depth: 0)
        return ResolvedValue(text: result, unresolved: unresolved)
    }

    /// Whether a `YES`/`NO` setting is on.
    public func isOn(_ key: String) -> Bool {
        ["YES", "TRUE", "1"].contains(value(key)?.text.uppercased() ?? "")
    }

    /// Every key set at some level, condition matching or not (for `INFOPLIST_KEY_*`).
    public var keys: Set<String> { Set(assignments.filter { matches($0.conditions) }.map(\.key)) }

    private func lastIndex(of key: String, before end: Int) -> Int? {
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

    /// Expands `$(…)` and `${…}` in `text`, which is the value of `key` at `position` (or
    /// outside the settings, when `key` is nil).
    private func expand(_ text: String, key: String?, at position: Int, unresolved: inout Set<String>, depth: Int) -> String {
        guard depth < 32, text.contains("$") else { return text }
        var result = ""
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            guard afterDollar < rest.endIndex, let close = Self.closing(for: rest[afterDollar]),
                let end = Self.matchingClose(in: rest, from: afterDollar, close: close)
            else {
                result.append("$")
                rest = rest[afterDollar...]
                continue
            }
            let inner = expand(String(rest[rest.index(after: afterDollar)..<end]), key: key, at: position, unresolved: &unresolved, depth: depth + 1)
            result += reference(inner, key: key, at: position, unresolved: &unresolved, depth: depth)
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    /// The value of one `$(NAME:operator…)` reference.
    private func reference(_ inner: String, key: String?, at position: Int, unresolved: inout Set<String>, depth: Int) -> String {
        var parts = inner.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let name = parts.removeFirst()
        let value: String?
        if name == "inherited" || name == key {
            // The same setting one level down.
            if let key, let below = lastIndex(of: key, before: position) {
                value = expand(assignments[below].value, key: key, at: below, unresolved: &unresolved, depth: depth + 1)
            } else {
                value = ""
            }
        } else if let index = lastIndex(of: name, before: assignments.count) {
            value = expand(assignments[index].value, key: name, at: index, unresolved: &unresolved, depth: depth + 1)
        } else if name == "AppIdentifierPrefix" || name == "TeamIdentifierPrefix" {
            // Filled in at signing from the team: known here only through DEVELOPMENT_TEAM.
            let team = lastIndex(of: "DEVELOPMENT_TEAM", before: assignments.count).map {
                expand(assignments[$0].value, key: "DEVELOPMENT_TEAM", at: $0, unresolved: &unresolved, depth: depth + 1)
            }
            value = team.flatMap { $0.isEmpty || $0.contains("$(") ? nil : $0 + "." }
            if value == nil { return "$(\(inner))" }
        } else {
            value = nil
        }
        guard var text = value else {
            if let fallback = parts.first(where: { $0.hasPrefix("default=") }) { return String(fallback.dropFirst("default=".count)) }
            unresolved.insert(name)
            return "$(\(inner))"
        }
        for operation in parts { text = BuildSettingOperator.apply(operation, to: text) }
        return text
    }

    private static func closing(for opening: Character) -> Character? {
        switch opening {
        case "(": ")"
        case "{": "}"
        default: nil
        }
    }

    private static func matchingClose(in text: Substring, from open: Substring.Index, close: Character) -> Substring.Index? {
        let opening = text[open]
        var depth = 0
        var index = open
        while index < text.endIndex {
            if text[index] == opening { depth += 1 }
            if text[index] == close {
                depth -= 1
                if depth == 0 { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }
}

/// A setting's value after expansion, and the variables it names that are defined nowhere.
public struct ResolvedValue: Hashable, Sendable {
    public let text: String
    public let unresolved: Set<String>
}
