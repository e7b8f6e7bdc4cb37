import Foundation

/// Checks an Xcode project for what communication notifications need, target by target and
/// configuration by configuration.
///
/// A notification service extension is a target whose Info.plist has `NSExtensionPointIdentifier`
/// `com.apple.usernotifications.service`; its app is the application target that embeds it.
/// The Herald checks (settings, linking, the iOS 16 floor) apply to an extension that links
/// `HeraldNotificationService` or has a `Herald` dictionary.
public enum Doctor {
    static let serviceExtensionPoint = "com.apple.usernotifications.service"
    static let contentExtensionPoint = "com.apple.usernotifications.content-extension"
    static let communicationEntitlement = "com.apple.developer.usernotifications.communication"
    /// Lets an extension deliver empty content, which iOS then does not show (Apple grants it
    /// on request); what `RetractFallback` `filtered` relies on.
    static let filteringEntitlement = "com.apple.developer.usernotifications.filtering"
    /// Lets an app's notifications break through Focus and the summary with
    /// `interruption-level: time-sensitive` (the Time Sensitive Notifications capability).
    static let timeSensitiveEntitlement = "com.apple.developer.usernotifications.time-sensitive"
    static let heraldProduct = "HeraldNotificationService"

    /// Runs every check on `project`.
    ///
    /// An Info.plist or entitlements file that is missing, outside the folder `herald doctor`
    /// was given or not a property list is a finding (`file-missing`, `file-outside`,
    /// `file-unreadable`, with its line), and the checks that need it say nothing; so is an
    /// `.xcconfig` file outside the folder (`file-outside`), whose settings are unknown.
    public static func examine(_ project: XcodeProject) -> DoctorReport {
        let names = project.configurations.map(\.name)
        var findings: [DoctorFinding] = []
        var found: [NotificationExtension] = []
        var examinedApps: [String] = []
        var timeSensitive: [String: Int] = [:]  // configurations in which the app has the entitlement
        var unresolved: [String: (targets: Set<String>, configurations: [String])] = [:]
        for configuration in names {
            var resolved: [String: ResolvedTarget] = [:]
            for target in project.targets where target.productType == .application || target.productType == .appExtension {
                resolved[target.name] = ResolvedTarget(target, in: project, configuration: configuration)
            }
            let extensions = project.targets.compactMap { resolved[$0.name] }.filter {
                $0.target.productType == .appExtension && ($0.extensionPoint == serviceExtensionPoint || $0.extensionPoint == contentExtensionPoint)
            }
            if !extensions.contains(where: { $0.extensionPoint == serviceExtensionPoint }) {
                let unknown = project.targets.filter { $0.productType == .appExtension && resolved[$0.name]?.isUnread("INFOPLIST_FILE") == true }.map(\.name)
                let unless = unknown.isEmpty ? "" : " (unless it is \(unknown.joined(separator: " or ")), whose Info.plist could not be read)"
                findings.append(DoctorFinding(
                    .serviceExtension, .error, target: nil, configuration: configuration,
                    "no target is a notification service extension\(unless), so nothing can make a notification a communication one",
                    fix: "File › New › Target › Notification Service Extension, then link HeraldNotificationService to it (docs/extension-guide.md)."))
            }
            var apps: [String] = []
            var involved: [String] = []
            var servicesByApp: [String: [String]] = [:]
            for var notificationExtension in extensions {
                let name = notificationExtension.target.name
                // Every application target that embeds it is checked against it: each installs
                // it under its own bundle id and groups. Without one, the likely app.
                let embedding = project.targets.filter {
                    $0.productType == .application && notificationExtension.target.productID.map($0.embeddedPlugInIDs.contains) == true
                }
                let appTargets = embedding.isEmpty ? likelyApp(of: notificationExtension, among: project.targets.compactMap { resolved[$0.name] }).map { [$0] } ?? [] : embedding
                let kind: NotificationExtension.Kind = notificationExtension.extensionPoint == serviceExtensionPoint ? .service : .content
                var categories: [String] = []
                for appTarget in appTargets.isEmpty ? [nil] : appTargets.map(Optional.some) {
                    var app = appTarget.flatMap { resolved[$0.name] }
                    var check = ExtensionChecks(configuration: configuration)
                    check.embeddingApps = appTargets.count
                    if kind == .service {
                        check.run(&notificationExtension, app: &app, embedded: !embedding.isEmpty)
                        if let app, !apps.contains(app.target.name) { apps.append(app.target.name) }
                        if let appTarget, !embedding.isEmpty { servicesByApp[appTarget.name, default: []].append(name) }
                    } else {
                        categories = check.runContentExtension(&notificationExtension, app: app, embedded: !embedding.isEmpty)
                    }
                    // The extension's own findings come once per app, the same: the merge keeps one.
                    findings += check.findings
                    if let app { resolved[app.target.name] = app }
                }
                resolved[name] = notificationExtension
                involved.append(name)
                if let index = found.firstIndex(where: { $0.target == name }) {
                    found[index].categories += categories.filter { !found[index].categories.contains($0) }
                    found[index].apps += appTargets.map(\.name).filter { !found[index].apps.contains($0) }
                } else {
                    found.append(NotificationExtension(target: name, kind: kind, apps: appTargets.map(\.name), categories: categories))
                }
            }
            if apps.isEmpty {
                apps = project.targets.filter { $0.productType == .application }.map(\.name)
            }
            for name in apps {
                guard var app = resolved[name] else { continue }
                if !examinedApps.contains(name) { examinedApps.append(name) }
                if app.entitlements?[timeSensitiveEntitlement] == .bool(true) { timeSensitive[name, default: 0] += 1 }
                var check = ExtensionChecks(configuration: configuration)
                check.runAppChecks(&app)
                if let services = servicesByApp[name], services.count > 1 {
                    check.add(
                        .singleServiceExtension, .warning, name,
                        "embeds \(services.count) notification service extensions (\(services.joined(separator: ", "))): iOS runs one per app, and which one is not defined",
                        fix: "Keep one service extension and do all the work in it (forward to a provider's library from there).")
                }
                findings += check.findings
                resolved[name] = app
            }
            for name in project.targets.map(\.name) {
                guard let target = resolved[name] else { continue }
                guard involved.contains(name) || apps.contains(name) else {
                    // Another target's file that cannot be read may hide an extension.
                    findings += fileFindings(target, configuration: configuration).filter { $0.check != .fileCase }
                    continue
                }
                findings += fileFindings(target, configuration: configuration)
                findings += target.unexpanded.map { value in
                    DoctorFinding(
                        .unresolvedSetting, .warning, target: name, configuration: configuration,
                        "\(value), more than herald doctor expands; it is compared as written",
                        fix: "Set it to a plain value, or untangle the chain of settings it names.")
                }
                for variable in target.unresolved {
                    unresolved[variable, default: ([], [])].targets.insert(name)
                    if !unresolved[variable]!.configurations.contains(configuration) { unresolved[variable]!.configurations.append(configuration) }
                }
            }
        }
        findings += unresolvedFindings(unresolved, project: project)
        findings += cycleFindings(project)
        findings += outsideFindings(project)
        var report = DoctorReport(projectURL: project.url, configurations: names, extensions: found, findings: merge(findings, targets: project.targets))
        report.apps = examinedApps
        report.timeSensitiveApps = examinedApps.filter { timeSensitive[$0] == names.count }
        return report
    }

    /// Checks an Expo app's config before `npx expo prebuild` has made its Xcode project: the
    /// app's capability and activity types as `ios.entitlements` and `ios.infoPlist` give
    /// them. The extension comes from a config plugin at prebuild, so it is checked afterwards,
    /// in `ios/`.
    public static func examine(_ config: ExpoConfig) -> DoctorReport {
        let configuration = "app config"
        var check = ExtensionChecks(configuration: configuration)
        check.runAppChecks(config.name, info: config.infoPlist, entitlements: config.entitlements ?? [:], checksPush: false)
        let plugins = config.plugins.isEmpty ? "no config plugin is listed" : "plugins: \(config.plugins.joined(separator: ", "))"
        let pending = DoctorFinding(
            .serviceExtension, .info, target: nil, configuration: configuration,
            "no ios/ folder yet: the notification service extension comes from a config plugin at `npx expo prebuild` (\(plugins))",
            fix: "Run `npx expo prebuild`, then `herald doctor ios/` to check the extension (docs/extension-guide.md, Expo).")
        return DoctorReport(projectURL: config.url, configurations: [configuration], extensions: [], findings: [pending] + check.findings.map { finding in
            var finding = finding
            finding.fix = finding.fix.map { Self.expoFix(for: finding.check) ?? $0 }
            return finding
        })
    }

    /// The app config's spelling of a fix Xcode users make in Signing & Capabilities.
    private static func expoFix(for check: DoctorCheck) -> String? {
        switch check {
        case .communicationCapability:
            "In app.json, set expo.ios.entitlements[\"\(communicationEntitlement)\"] to true."
        case .activityTypes:
            "In app.json, add \"INSendMessageIntent\" to expo.ios.infoPlist.NSUserActivityTypes."
        default:
            nil
        }
    }

    /// Without an embedding app: the only application target, or the one whose bundle id the
    /// extension's starts with.
    private static func likelyApp(of service: ResolvedTarget, among targets: [ResolvedTarget]) -> Target? {
        let apps = targets.filter { $0.target.productType == .application }
        if apps.count == 1 { return apps[0].target }
        return apps.first { app in
            guard let appID = app.bundleID, let id = service.bundleID else { return false }
            return id.hasPrefix(appID + ".")
        }?.target
    }

    private static func unresolvedFindings(_ unresolved: [String: (targets: Set<String>, configurations: [String])], project: XcodeProject) -> [DoctorFinding] {
        unresolved.keys.sorted().flatMap { name -> [DoctorFinding] in
            let entry = unresolved[name]!
            let missing = entry.configurations.flatMap { configuration in
                project.targets.filter { entry.targets.contains($0.name) }.flatMap {
                    BuildSettings(project: project, target: $0, configuration: configuration).missingConfigurationFiles
                }
            }
            let files = Array(Set(missing.map(\.lastPathComponent))).sorted()
            let because = files.isEmpty ? "" : " (the base configuration \(files.joined(separator: ", ")) is missing)"
            // Defined nowhere in the project may be on purpose (a CI's `xcodebuild NAME=…`); a
            // missing base configuration that would define it is not.
            return entry.configurations.map { configuration in
                DoctorFinding(
                    .unresolvedSetting, files.isEmpty ? .info : .warning, target: nil, configuration: configuration,
                    "$(\(name)) is defined nowhere\(because), used by \(entry.targets.sorted().joined(separator: ", ")): Xcode expands it to nothing unless xcodebuild's command line or the environment sets it, and herald doctor takes it as empty",
                    fix: files.isEmpty
                        ? "Define \(name) in the project's build settings, or leave it to the command line that builds the app."
                        : "Create \(files.joined(separator: ", ")) (it may be gitignored) or define \(name) in the project.")
            }
        }
    }

    /// Joins findings that differ only in configuration, keeping the project's order.
    private static func merge(_ findings: [DoctorFinding], targets: [Target]) -> [DoctorFinding] {
        merge(findings, targets: targets.map(\.name))
    }

    /// Joins findings that differ only in configuration, keeping the order of `targets` (by
    /// name).
    static func merge(_ findings: [DoctorFinding], targets targetOrder: [String]) -> [DoctorFinding] {
        var merged: [DoctorFinding] = []
        for finding in findings {
            if let index = merged.firstIndex(where: {
                $0.check == finding.check && $0.status == finding.status && $0.target == finding.target && $0.message == finding.message
            }) {
                if !merged[index].configurations.contains(finding.configurations[0]) { merged[index].configurations += finding.configurations }
            } else {
                merged.append(finding)
            }
        }
        let checkOrder = DoctorCheck.all
        return merged.enumerated().sorted { left, right in
            let l = (left.element.target.flatMap(targetOrder.firstIndex(of:)) ?? -1, checkOrder.firstIndex(of: left.element.check) ?? 0, left.offset)
            let r = (right.element.target.flatMap(targetOrder.firstIndex(of:)) ?? -1, checkOrder.firstIndex(of: right.element.check) ?? 0, right.offset)
            return l < r
        }.map(\.element)
    }
}
