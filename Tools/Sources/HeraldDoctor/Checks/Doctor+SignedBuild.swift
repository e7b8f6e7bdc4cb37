import Foundation
import HeraldCore

extension Doctor {
    /// The configuration a signed build's findings are given: it has one, the one it was built in.
    static let signedConfiguration = "signed"

    /// The entitlements a provisioning profile must grant for iOS to install a signature that
    /// claims them, among those communication notifications depend on.
    static let grantedEntitlements = [
        communicationEntitlement, "aps-environment", "com.apple.security.application-groups", "keychain-access-groups", filteringEntitlement,
        timeSensitiveEntitlement,
    ]

    /// Runs the checks on what a signed build holds: the app's and each extension's built
    /// Info.plist, the entitlements their code signatures claim, and their provisioning
    /// profiles; or on a provisioning profile alone.
    ///
    /// The rules are the project's (the same check ids, statuses and fixes) applied to what iOS
    /// reads, plus two that only a build has: `code-signature` and `provisioning-profile`.
    ///
    /// - Parameters:
    ///   - build: what ``SignedBuild/read(at:)`` read.
    ///   - now: the moment profiles' expiry is judged at.
    public static func examine(_ build: SignedBuild, now: Date = Date()) -> DoctorReport {
        var check = ExtensionChecks(configuration: signedConfiguration)
        guard let app = build.app else {
            if let profile = build.profile { check.checkProfileAlone(profile, name: build.url.lastPathComponent, now: now) }
            return DoctorReport(projectURL: build.url, configurations: [signedConfiguration], extensions: [], findings: check.findings)
        }
        let appName = app.name
        let appEntitlements = app.signature.entitlements ?? [:]
        check.checkSignature(app)
        // An unsigned executable claims nothing: code-signature says so, and what it would
        // claim is not judged.
        check.runAppChecks(appName, info: app.info, entitlements: appEntitlements, entitlementsUnread: !app.signature.isSigned, checksPush: true)
        check.checkProfile(of: app, in: build.form, now: now)
        let services = build.extensions.filter { $0.extensionPoint == serviceExtensionPoint }
        if services.isEmpty {
            check.add(.serviceExtension, .error, appName, "embeds no notification service extension (PlugIns/*.appex with \(serviceExtensionPoint)), so nothing can make a notification a communication one",
                fix: "Add a Notification Service Extension target that links HeraldNotificationService, embed it, and build again (docs/extension-guide.md).")
        } else if services.count > 1 {
            check.add(.singleServiceExtension, .warning, appName,
                "embeds \(services.count) notification service extensions (\(services.map(\.name).joined(separator: ", "))): iOS runs one per app, and which one is not defined",
                fix: "Keep one service extension and do all the work in it (forward to a provider's library from there).")
        }
        var found: [NotificationExtension] = []
        for bundle in build.extensions {
            check.checkSignature(bundle)
            check.checkBundleID(bundle.bundleIdentifier, of: bundle.name, appID: app.bundleIdentifier, app: appName, key: "CFBundleIdentifier")
            check.checkProfile(of: bundle, in: build.form, now: now)
            check.checkTeam(of: bundle, app: app)
            if bundle.extensionPoint == serviceExtensionPoint {
                check.runSignedService(bundle, app: app)
                found.append(NotificationExtension(target: bundle.name, kind: .service, apps: [appName], categories: []))
            } else if bundle.extensionPoint == contentExtensionPoint {
                let categories = bundle.info["NSExtension"]?["NSExtensionAttributes"]?["UNNotificationExtensionCategory"]?.strings ?? []
                found.append(NotificationExtension(target: bundle.name, kind: .content, apps: [appName], categories: categories))
            }
        }
        var report = DoctorReport(
            projectURL: build.url, configurations: [signedConfiguration], extensions: found,
            findings: merge(check.findings, targets: [appName] + build.extensions.map(\.name)))
        report.apps = [appName]
        if appEntitlements[timeSensitiveEntitlement] == .bool(true) { report.timeSensitiveApps = [appName] }
        return report
    }
}

extension SignedBundle {
    /// The bundle's folder name, `Chat.app` or `NotificationService.appex`: what findings name
    /// it by.
    var name: String { path.split(separator: "/").last.map(String.init) ?? path }
}
