@_spi(HeraldTools) import HeraldCore

extension Linter {
    /// Whether the payload's `aps.category` is one an app's content extension is shown for
    /// (`herald lint --project`).
    ///
    /// - Parameters:
    ///   - payload: the payload the phone receives.
    ///   - contentCategories: every `UNNotificationExtensionCategory` of the project's content
    ///     extensions, each with its extension's target name.
    /// - Returns: a warning when the category matches none of several; an info finding when the
    ///   project has no content extension at all (the category then only picks action buttons).
    public static func lintCategory(_ payload: Payload, contentCategories: [(category: String, target: String)]) -> [LintFinding] {
        guard let category = payload.aps?.category, !contentCategories.contains(where: { $0.category == category }) else { return [] }
        if contentCategories.isEmpty {
            return [LintFinding(
                .categoryWithoutContentExtension,
                "aps.category \"\(category)\": the project has no content extension, so the category only picks the action buttons the app registers",
                severity: .info)]
        }
        let known = contentCategories.map { "\($0.category) (\($0.target))" }.joined(separator: ", ")
        let near = category.nearest(in: contentCategories.map(\.category)).map { "; did you mean \"\($0)\"?" } ?? ""
        return [LintFinding(
            .categoryWithoutContentExtension,
            "aps.category \"\(category)\" is no content extension's category (\(known)), so the expanded notification is the default one\(near)")]
    }

    /// With `--project`: a `time-sensitive` push needs the app's Time Sensitive Notifications
    /// capability. What iOS does without it is UNVERIFIED (the level is not documented to
    /// apply); the capability is added in Xcode, with no request to Apple.
    ///
    /// - Parameters:
    ///   - apps: the project's application targets.
    ///   - timeSensitiveApps: those whose entitlements grant time-sensitive notifications.
    public static func lintTimeSensitive(_ payload: Payload, apps: [String], timeSensitiveApps: [String]) -> [LintFinding] {
        guard payload.aps?.interruptionLevel == .timeSensitive else { return [] }
        let without = apps.filter { !timeSensitiveApps.contains($0) }
        guard !without.isEmpty else { return [] }
        return [LintFinding(
            .timeSensitiveEntitlement,
            "interruption-level is time-sensitive, but \(without.joined(separator: ", ")) has no com.apple.developer.usernotifications.time-sensitive entitlement: add the Time Sensitive Notifications capability in Xcode, or iOS may not let it break through Focus")]
    }
}
