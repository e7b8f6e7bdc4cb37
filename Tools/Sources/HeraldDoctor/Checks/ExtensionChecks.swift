/// The checks on one notification service extension and its app, in one configuration.
import HeraldCore

struct ExtensionChecks {
    let configuration: String
    private(set) var findings: [DoctorFinding] = []
    /// How many application targets embed the extension being checked: with more than one,
    /// a fix that changes its bundle id for one app would break it for the others.
    var embeddingApps = 1

    init(configuration: String) {
        self.configuration = configuration
    }

    mutating func add(_ check: DoctorCheck, _ status: DoctorFinding.Status, _ target: ResolvedTarget, _ message: String, fix: String? = nil) {
        add(check, status, target.target.name, message, fix: fix)
    }

    mutating func add(_ check: DoctorCheck, _ status: DoctorFinding.Status, _ target: String, _ message: String, fix: String? = nil) {
        findings.append(DoctorFinding(check, status, target: target, configuration: configuration, message, fix: fix))
    }

    /// Says, on each finding from `start` on, that its verdict took `variables` (defined
    /// nowhere) as empty, as Xcode does: the verdict is right only if xcodebuild is not given
    /// them.
    mutating func noteEmptied(_ variables: Set<String>, since start: Int, targets: [ResolvedTarget]) {
        let missing = targets.flatMap(\.settings.missingConfigurationFiles)
        for index in findings.indices.dropFirst(start) { findings[index].noteTakenAsEmpty(variables, missing: missing) }
    }

    /// What the app target itself needs: the capability, the activity type, push.
    /// A file that is missing or unreadable is reported on its own (`file-missing`,
    /// `file-unreadable`), and the checks that need it say nothing.
    mutating func runAppChecks(_ app: inout ResolvedTarget) {
        runAppChecks(
            app.target.name, info: app.isUnread("INFOPLIST_FILE") ? nil : app.info, entitlements: app.entitlements,
            entitlementsUnread: app.isUnread("CODE_SIGN_ENTITLEMENTS"), checksPush: true,
            ignoredSetting: app.ignoredInfoPlistSettings.first { $0.hasSuffix("_NSUserActivityTypes") })
    }

    /// The app checks on an app's Info.plist and entitlements, however they are written.
    ///
    /// - Parameters:
    ///   - info: `nil` when the Info.plist could not be read.
    ///   - entitlements: `nil` when the app names no entitlements file.
    ///   - entitlementsUnread: the file it names could not be read.
    ///   - checksPush: false where a tool adds aps-environment itself (Expo's prebuild).
    ///   - ignoredSetting: the `INFOPLIST_KEY_NSUserActivityTypes` setting, when the app sets it
    ///     (Xcode writes no such key).
    mutating func runAppChecks(
        _ app: String, info: [String: PropertyList]?, entitlements: [String: PropertyList]?, entitlementsUnread: Bool = false, checksPush: Bool,
        ignoredSetting: String? = nil
    ) {
        if !entitlementsUnread { checkCapabilities(app, entitlements: entitlements, checksPush: checksPush) }
        guard let info else { return }
        let types = info["NSUserActivityTypes"]?.strings ?? []
        if types.contains("INSendMessageIntent") {
            add(.activityTypes, .ok, app, "NSUserActivityTypes lists INSendMessageIntent")
        } else {
            let listed = types.isEmpty ? "has no NSUserActivityTypes" : "has NSUserActivityTypes without INSendMessageIntent (\(types.joined(separator: ", ")))"
            let ignored = ignoredSetting.map {
                "; \($0) is set, but Xcode writes only the INFOPLIST_KEY_ settings it declares into a generated Info.plist, and this is not one"
            } ?? ""
            add(.activityTypes, .error, app, "the app's Info.plist \(listed)\(ignored): the message intent is not the app's, so iOS ignores it",
                fix: "Add INSendMessageIntent to NSUserActivityTypes in the app's Info.plist file (INFOPLIST_FILE; Xcode merges it with what it generates).")
        }
    }

    private mutating func checkCapabilities(_ app: String, entitlements: [String: PropertyList]?, checksPush: Bool) {
        if entitlements?[Doctor.communicationEntitlement] == .bool(true) {
            add(.communicationCapability, .ok, app, "has the Communication Notifications capability")
        } else {
            let why = entitlements == nil ? "names no entitlements file (CODE_SIGN_ENTITLEMENTS), so it has" : "its entitlements have"
            add(.communicationCapability, .error, app,
                "\(why) no \(Doctor.communicationEntitlement): iOS shows every notification as a plain one",
                fix: "In Xcode: the app target › Signing & Capabilities › + Capability › Communication Notifications.")
        }
        guard checksPush else { return }
        if let environment = entitlements?["aps-environment"]?.stringValue, ["development", "production"].contains(environment) {
            add(.apsEnvironment, .ok, app, "aps-environment is \(environment)")
        } else {
            let found = entitlements?["aps-environment"].map { " (it is \($0.stringValue.map { "\"\($0)\"" } ?? "a \($0.typeName)"))" } ?? ""
            add(.apsEnvironment, .error, app, "no valid aps-environment entitlement\(found): the app gets no device token",
                fix: "In Xcode: the app target › Signing & Capabilities › + Capability › Push Notifications.")
        }
    }

    /// What the extension needs, and what it must share with its app.
    mutating func run(_ service: inout ResolvedTarget, app: inout ResolvedTarget?, embedded: Bool) {
        let linksHerald = service.target.packageProducts.contains(Doctor.heraldProduct)
        let heraldSettings = service.info["Herald"]
        add(.serviceExtension, .ok, service, "is a notification service extension")
        let sources = SourceFile.files(of: service.target, root: service.root)
        checkPrincipalClass(&service, sources: sources.files)
        checkEmbedding(service, app: app, embedded: embedded)
        if let app { checkBundleID(service, app: app) }
        checkDeploymentTarget(service, app: app, floorIsHerald: linksHerald)
        let herald = heraldSettings.map { HeraldSettings($0, expand: { service.expand($0) }) }
        if app != nil, !service.isUnread("CODE_SIGN_ENTITLEMENTS"), app?.isUnread("CODE_SIGN_ENTITLEMENTS") == false {
            checkGroups(.appGroup, entitlement: "com.apple.security.application-groups", settingKey: "AppGroup", herald: herald, &service, app: &app!)
            checkGroups(.keychainGroup, entitlement: "keychain-access-groups", settingKey: "KeychainGroup", herald: herald, &service, app: &app!)
        }
        if let herald { checkHeraldSettings(herald, service.target.name) }
        if !service.isUnread("CODE_SIGN_ENTITLEMENTS") { checkFiltering(herald, service.target.name, entitlements: service.entitlements) }
        checkProviderLibraries(service, sources: sources)
        checkHeraldLinking(service, app: app, linksHerald: linksHerald, hasSettings: heraldSettings != nil)
    }

    mutating func checkEmbedding(_ target: ResolvedTarget, app: ResolvedTarget?, embedded: Bool) {
        if embedded, let app, let product = target.target.productID, app.target.installOnlyPlugInIDs.contains(product) {
            add(.embedded, .warning, target,
                "embedded in \(app.target.name) only when installing (the embed phase's Copy only when installing is on): Apple's Xcode Help says such a phase copies only in installation builds, so a build run from Xcode may leave the extension out",
                fix: "In \(app.target.name)'s Build Phases, turn off Copy only when installing on the phase that embeds the extension.")
        } else if embedded, let app {
            add(.embedded, .ok, target, "embedded in \(app.target.name)")
        } else {
            add(.embedded, .error, target,
                "no application target copies \(target.target.name)'s product into its PlugIns folder, so iOS never installs the extension",
                fix: "In the app target's Build Phases, add the extension to Embed Foundation Extensions (destination PlugIns).")
        }
    }

    /// The principal class is named, and, named without a module, is not a Swift class that
    /// Objective-C knows by its module's name (`Module.NotificationService`): iOS looks the name
    /// up in the Objective-C runtime and, not finding it, never starts the extension.
    private mutating func checkPrincipalClass(_ service: inout ResolvedTarget, sources: [SourceFile]) {
        if let written = service.info["NSExtension"]?["NSExtensionPrincipalClass"]?.stringValue, !written.isEmpty {
            let name = service.expand(written)
            if !name.contains("."), let file = SourceFile.swiftDeclaration(ofClass: name, in: sources) {
                add(.principalClass, .error, service,
                    "principal class \(name) has no module, and \(file.url.lastPathComponent) declares it in Swift without @objc(\(name)): Objective-C knows it as \(service.settings.value("PRODUCT_MODULE_NAME")?.text ?? "its module").\(name), so iOS finds no class to start",
                    fix: "Set NSExtension › NSExtensionPrincipalClass to $(PRODUCT_MODULE_NAME).\(name).")
            } else {
                add(.principalClass, .ok, service, "principal class \(name)")
            }
        } else {
            add(.principalClass, .error, service, "NSExtension has no NSExtensionPrincipalClass, so iOS has no class to start",
                fix: "Set NSExtension › NSExtensionPrincipalClass to $(PRODUCT_MODULE_NAME).NotificationService (your subclass).")
        }
    }

    mutating func checkBundleID(_ service: ResolvedTarget, app: ResolvedTarget) {
        let start = findings.count
        checkBundleID(service.bundleID, of: service.target.name, appID: app.bundleID, app: app.target.name, key: "PRODUCT_BUNDLE_IDENTIFIER")
        noteEmptied(
            service.emptied(inSetting: "PRODUCT_BUNDLE_IDENTIFIER").union(app.emptied(inSetting: "PRODUCT_BUNDLE_IDENTIFIER")), since: start, targets: [service, app])
    }

    /// The extension `name`'s bundle id `id` is its app's `appID`, a dot and more; `key` is
    /// where both are written (a build setting, or the built Info.plist's key).
    mutating func checkBundleID(_ id: String?, of name: String, appID: String?, app: String, key: String) {
        guard let id, let appID else {
            add(.bundleIDPrefix, .error, name, "\(key) is not set, or empty, on \(id == nil ? name : app)",
                fix: "Set PRODUCT_BUNDLE_IDENTIFIER on both targets, the extension's as the app's plus a suffix.")
            return
        }
        if id.hasPrefix(appID + ".") {
            add(.bundleIDPrefix, .ok, name, "\(id) starts with \(app)'s \(appID)")
        } else if embeddingApps > 1 {
            add(.bundleIDPrefix, .error, name, "\(id) does not start with \(app)'s \(appID) and a dot, so \(app) cannot be installed with it",
                fix: "One extension id cannot be under \(embeddingApps) apps' ids: give \(app) an extension target of its own, or give the apps ids under one prefix per configuration (a build setting both ids use).")
        } else if id == appID {
            add(.bundleIDPrefix, .error, name, "\(id) is \(app)'s own bundle id; the extension needs its own, under the app's",
                fix: "Set the extension's PRODUCT_BUNDLE_IDENTIFIER to \(appID).\(name.filter { $0.isLetter || $0.isNumber }).")
        } else {
            add(.bundleIDPrefix, .error, name, "\(id) does not start with \(app)'s \(appID) and a dot, so the app cannot be installed with it",
                fix: "Set the extension's PRODUCT_BUNDLE_IDENTIFIER to \(appID).\(id.split(separator: ".").last.map(String.init) ?? "NotificationService").")
        }
    }

    /// The extension's iOS: not below the floor, and not above its app's (on the versions
    /// between, the app runs and the extension cannot).
    private mutating func checkDeploymentTarget(_ service: ResolvedTarget, app: ResolvedTarget?, floorIsHerald: Bool) {
        let start = findings.count
        defer { noteEmptied(service.emptied(inSetting: "IPHONEOS_DEPLOYMENT_TARGET"), since: start, targets: [service]) }
        guard let written = service.deploymentTarget else {
            add(.deploymentTarget, .ok, service, "sets no IPHONEOS_DEPLOYMENT_TARGET, so Xcode builds for its SDK's iOS version")
            return
        }
        // A setting that names itself in a loop stays as written: nothing to compare.
        let appVersion = app.flatMap { app in app.deploymentTarget.flatMap { $0.contains("$(") ? nil : (app.target.name, $0) } }
        guard !written.contains("$(") else { return }
        checkDeploymentTarget(written, of: service.target.name, app: appVersion, floorIsHerald: floorIsHerald)
    }

    /// The extension `name`'s iOS `written` (`16.0`) against the floor, and against its app's.
    mutating func checkDeploymentTarget(_ written: String, of name: String, app: (name: String, version: String)?, floorIsHerald: Bool) {
        let floor = floorIsHerald ? [16] : [15]
        let version = written.split(separator: ".").compactMap { Int($0) }
        if version.lexicographicallyPrecedes(floor) {
            if floorIsHerald {
                add(.deploymentTarget, .error, name, "deploys to iOS \(written), below HeraldNotificationService's iOS 16",
                    fix: "Set the extension's IPHONEOS_DEPLOYMENT_TARGET to 16.0 or later.")
            } else {
                add(.deploymentTarget, .warning, name,
                    "deploys to iOS \(written); communication notifications start in iOS 15, so before it they stay plain",
                    fix: "Set IPHONEOS_DEPLOYMENT_TARGET to 15.0 or later, or guard the intent code with #available(iOS 15, *).")
            }
        } else if let app, app.version.split(separator: ".").compactMap({ Int($0) }).lexicographicallyPrecedes(version) {
            add(.deploymentTarget, .warning, name,
                "deploys to iOS \(written), above \(app.name)'s iOS \(app.version): on a device whose iOS is between the two, the extension does not run (its MinimumOSVersion is above the device's), so notifications stay plain",
                fix: "Set the extension's IPHONEOS_DEPLOYMENT_TARGET to \(app.version), or raise the app's to \(written).")
        } else {
            add(.deploymentTarget, .ok, name, "deploys to iOS \(written)")
        }
    }
}
