import Foundation
import HeraldCore
import HeraldDoctor
import Testing

/// Each check on a synthetic project: quiet on the correct one, firing when one thing is wrong.
@Suite struct DoctorCheckTests {
    @Test func aCorrectProjectPassesEveryCheck() throws {
        let report = try SyntheticProject().examine()
        #expect(report.findings.allSatisfy { $0.status == .ok }, "\(report.findings.filter { $0.status != .ok }.map(\.message))")
        for check in [DoctorCheck.communicationCapability, .activityTypes, .apsEnvironment, .serviceExtension, .principalClass, .embedded,
                      .bundleIDPrefix, .deploymentTarget, .appGroup, .keychainGroup, .heraldSettings, .heraldLinked] {
            #expect(report.statuses(check) == [.ok], "\(check.id)")
            #expect(report.results(check).allSatisfy { $0.configurations == ["Debug", "Release"] }, "\(check.id)")
        }
        #expect(!report.hasErrors)
    }

    @Test func theCommunicationCapabilityMissingIsAnError() throws {
        var project = SyntheticProject()
        project.appEntitlements?["com.apple.developer.usernotifications.communication"] = nil
        let report = try project.examine()
        #expect(report.statuses(.communicationCapability) == [.error])
        #expect(report.results(.communicationCapability)[0].target == "Chat")
        #expect(report.hasErrors)
        project.appEntitlements = nil
        let noFile = try project.examine()
        #expect(noFile.results(.communicationCapability)[0].message.contains("CODE_SIGN_ENTITLEMENTS"))
        #expect(noFile.statuses(.apsEnvironment) == [.error])
    }

    @Test func activityTypesWithoutTheMessageIntentAreAnError() throws {
        var project = SyntheticProject()
        project.appInfo["NSUserActivityTypes"] = ["INStartCallIntent"]
        #expect(try project.examine().results(.activityTypes).map(\.status) == [.error])
        project.appInfo["NSUserActivityTypes"] = nil
        let report = try project.examine()
        #expect(report.results(.activityTypes)[0].message.contains("has no NSUserActivityTypes"))
    }

    @Test func apsEnvironmentMustBeDevelopmentOrProduction() throws {
        var project = SyntheticProject()
        project.appEntitlements?["aps-environment"] = "staging"
        let report = try project.examine()
        #expect(report.statuses(.apsEnvironment) == [.error])
        #expect(report.results(.apsEnvironment)[0].message.contains("\"staging\""))
    }

    @Test func aProjectWithoutAServiceExtensionSaysSo() throws {
        var project = SyntheticProject()
        project.serviceInfo["NSExtension"] = ["NSExtensionPointIdentifier": "com.apple.share-services", "NSExtensionPrincipalClass": "Share"]
        let report = try project.examine()
        #expect(report.results(.serviceExtension).map(\.status) == [.error])
        #expect(report.results(.serviceExtension)[0].target == nil)
        // The app is still checked.
        #expect(report.statuses(.communicationCapability) == [.ok])
    }

    @Test func aMissingPrincipalClassIsAnError() throws {
        var project = SyntheticProject()
        project.serviceInfo["NSExtension"] = ["NSExtensionPointIdentifier": "com.apple.usernotifications.service"]
        #expect(try project.examine().statuses(.principalClass) == [.error])
    }

    @Test func twoServiceExtensionsInOneAppAreAWarning() throws {
        let url = try SyntheticProject().write()
        let file = url.appendingPathComponent("project.pbxproj")
        var text = try String(contentsOf: file, encoding: .utf8)
        // A second extension target with the same settings, embedded too.
        text = text.replacingOccurrences(of: "targets = (APP, SVC)", with: "targets = (APP, SVC, SVC2)")
            .replacingOccurrences(of: "files = (BFSVCP)", with: "files = (BFSVCP, BFSVC2P)")
            .replacingOccurrences(
                of: "objects = {",
                with: "objects = {\n\t\tSVC2 = { isa = PBXNativeTarget; name = Second; productType = \"com.apple.product-type.app-extension\"; productReference = SVC2P; buildConfigurationList = SVCL; buildPhases = (); };\n\t\tSVC2P = { isa = PBXFileReference; path = Second; sourceTree = BUILT_PRODUCTS_DIR; };\n\t\tBFSVC2P = { isa = PBXBuildFile; fileRef = SVC2P; };")
        try Data(text.utf8).write(to: file)
        let report = try Doctor.examine(XcodeProject(contentsOf: url))
        #expect(report.results(.singleServiceExtension).map(\.status) == [.warning])
        #expect(report.results(.singleServiceExtension)[0].message.hasPrefix("embeds 2 notification service extensions (NotificationService, Second)"))
        #expect(try SyntheticProject().examine().results(.singleServiceExtension).isEmpty)
    }

    @Test func theResolvedPrincipalClassIsShown() throws {
        let report = try SyntheticProject().examine()
        #expect(report.results(.principalClass)[0].message == "principal class NotificationService.NotificationService")
    }

    @Test func anExtensionNoAppEmbedsIsAnError() throws {
        var project = SyntheticProject()
        project.serviceEmbedded = false
        let report = try project.examine()
        #expect(report.statuses(.embedded) == [.error])
        // Its app is still found, by bundle id, for the other checks.
        #expect(report.extensions.first?.apps == ["Chat"])
        #expect(report.statuses(.bundleIDPrefix) == [.ok])
    }

    @Test func anEmbedPhaseThatCopiesOnlyWhenInstallingIsAWarning() throws {
        let url = try SyntheticProject().write()
        let file = url.appendingPathComponent("project.pbxproj")
        let text = try String(contentsOf: file, encoding: .utf8)
            .replacingOccurrences(of: "EMBED = { isa = PBXCopyFilesBuildPhase;", with: "EMBED = { isa = PBXCopyFilesBuildPhase; runOnlyForDeploymentPostprocessing = 1;")
        try Data(text.utf8).write(to: file)
        let result = try Doctor.examine(XcodeProject(contentsOf: url)).results(.embedded)
        #expect(result.map(\.status) == [.warning])
        #expect(result[0].message.hasPrefix("embedded in Chat only when installing"))
    }

    @Test func aBundleIDOutsideTheAppsIsAnError() throws {
        var project = SyntheticProject()
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "com.example.chatNotificationService"
        let report = try project.examine()
        #expect(report.statuses(.bundleIDPrefix) == [.error])
        #expect(report.results(.bundleIDPrefix)[0].fix == "Set the extension's PRODUCT_BUNDLE_IDENTIFIER to com.example.chat.chatNotificationService.")
    }

    @Test func theAppsOwnBundleIDOnTheExtensionIsAnError() throws {
        var project = SyntheticProject()
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "com.example.chat"
        let result = try project.examine().results(.bundleIDPrefix)
        #expect(result.map(\.message) == ["com.example.chat is Chat's own bundle id; the extension needs its own, under the app's"])
        #expect(result[0].fix == "Set the extension's PRODUCT_BUNDLE_IDENTIFIER to com.example.chat.NotificationService.")
    }

    @Test func aDeploymentTargetSetNowhereOrUndefinedIsNoWarning() throws {
        var project = SyntheticProject()
        project.serviceSettings["IPHONEOS_DEPLOYMENT_TARGET"] = nil
        let unset = "sets no IPHONEOS_DEPLOYMENT_TARGET, so Xcode builds for its SDK's iOS version"
        #expect(try project.examine().results(.deploymentTarget).map(\.message) == [unset])
        // Xcode expands a variable defined nowhere to nothing: as if unset, and the verdict says so.
        project.serviceSettings["IPHONEOS_DEPLOYMENT_TARGET"] = "$(NOPE)"
        let report = try project.examine()
        #expect(report.results(.deploymentTarget).map(\.message) == [unset + " (taking $(NOPE), defined nowhere, as empty, as Xcode does)"])
        #expect(report.results(.unresolvedSetting)[0].message.hasPrefix("$(NOPE) is defined nowhere"))
    }

    /// iOS looks the principal class up by its Objective-C name, which for a Swift class is
    /// `Module.Name` unless `@objc(Name)` says otherwise.
    @Test func aPrincipalClassWithoutItsModuleIsAnErrorForASwiftClass() throws {
        var project = SyntheticProject()
        project.serviceInfo["NSExtension"] = ["NSExtensionPointIdentifier": "com.apple.usernotifications.service", "NSExtensionPrincipalClass": "NotificationService"]
        project.serviceSources = ["NotificationService.swift": "import HeraldNotificationService\n\nfinal class NotificationService: CommunicationNotificationService {}\n"]
        let result = try project.examine().results(.principalClass)
        #expect(result.map(\.status) == [.error])
        #expect(result[0].message.hasPrefix("principal class NotificationService has no module, and NotificationService.swift declares it in Swift without @objc(NotificationService): Objective-C knows it as NotificationService.NotificationService"))
        #expect(result[0].fix == "Set NSExtension › NSExtensionPrincipalClass to $(PRODUCT_MODULE_NAME).NotificationService.")
        for sources in [
            ["NotificationService.swift": "@objc(NotificationService)\nfinal class NotificationService: CommunicationNotificationService {}\n"],
            ["NotificationService.m": "@implementation NotificationService\n@end\n"],
            ["NotificationService.swift": "final class NotificationServiceExtension: CommunicationNotificationService {}\n"],
        ] {
            project.serviceSources = sources
            #expect(try project.examine().statuses(.principalClass) == [.ok], "\(sources.keys)")
        }
    }

    @Test func anExtensionThatNeedsANewerIOSThanItsAppIsAWarning() throws {
        var project = SyntheticProject()
        project.serviceSettings["IPHONEOS_DEPLOYMENT_TARGET"] = "17.0"
        let result = try project.examine().results(.deploymentTarget)
        #expect(result.map(\.status) == [.warning])
        #expect(result[0].message.hasPrefix("deploys to iOS 17.0, above Chat's iOS 16.0: on a device whose iOS is between the two, the extension does not run"))
        project.appSettings["IPHONEOS_DEPLOYMENT_TARGET"] = "17.0"
        #expect(try project.examine().results(.deploymentTarget).map(\.message) == ["deploys to iOS 17.0"])
    }

    /// The false alarm of a real project: an app id that ends in a suffix set only by the
    /// command line that builds it, and an extension id written without it.
    @Test func aVariableDefinedNowhereIsEmptyAsXcodeExpandsIt() throws {
        var project = SyntheticProject()
        project.appSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "com.example.chat.dev$(PROVISIONING_SUFFIX)"
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "com.example.chat.dev.NotificationService"
        project.appEntitlements?["com.apple.security.application-groups"] = ["group.com.example.chat$(PROVISIONING_SUFFIX)"]
        let report = try project.examine()
        let note = " (taking $(PROVISIONING_SUFFIX), defined nowhere, as empty, as Xcode does)"
        #expect(report.results(.bundleIDPrefix).map(\.message) == ["com.example.chat.dev.NotificationService starts with Chat's com.example.chat.dev" + note])
        #expect(report.results(.appGroup).map(\.status) == [.ok])
        #expect(report.results(.appGroup)[0].message.hasSuffix(note))
        // Not a problem in itself: a CI may set it on xcodebuild's command line.
        #expect(report.results(.unresolvedSetting).map(\.status) == [.info])
        #expect(!report.hasErrors)
        #expect(report.findings.allSatisfy { $0.status == .ok || $0.status == .info })
        // A verdict that depends on nothing undefined says nothing of it.
        #expect(report.results(.principalClass).allSatisfy { !$0.message.contains("defined nowhere") })
    }

    /// A missing base configuration may define what is empty now: its verdicts are warnings.
    @Test func aVariableAMissingXCConfigMayDefineMakesOnlyWarnings() throws {
        var project = SyntheticProject()
        project.xcconfigs["Base.xcconfig"] = "#include \"Secrets.xcconfig\"\n"
        project.appSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(APP_ID)"
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(APP_ID).NotificationService"
        let report = try project.examine()
        let prefix = report.results(.bundleIDPrefix)
        #expect(prefix.map(\.status) == [.warning])
        #expect(prefix[0].message == "PRODUCT_BUNDLE_IDENTIFIER is not set, or empty, on Chat (taking $(APP_ID), defined nowhere, as empty; the missing Secrets.xcconfig may define it)")
        #expect(!report.hasErrors)
    }

    /// Xcode fills in `$(CFBundleIdentifier)` in an entitlements file: the target's bundle id.
    @Test func cfBundleIdentifierInEntitlementsIsTheBundleID() throws {
        var project = SyntheticProject()
        project.appEntitlements?["keychain-access-groups"] = ["$(AppIdentifierPrefix)$(CFBundleIdentifier)"]
        project.serviceEntitlements?["keychain-access-groups"] = ["$(AppIdentifierPrefix)$(CFBundleIdentifier)"]
        project.serviceInfo["Herald"] = ["AppGroup": "group.com.example.chat"]
        project.projectSettings["DEVELOPMENT_TEAM"] = "ABCDE12345"
        let result = try project.examine().results(.keychainGroup)
        #expect(result.map(\.status) == [.warning])
        #expect(result[0].message.hasPrefix("keychain group ABCDE12345.com.example.chat.NotificationService is the extension's but not Chat's"))
    }

    @Test func aVariableDefinedNowhereCanStillLeaveAnIDUnprefixed() throws {
        var project = SyntheticProject()
        project.appSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "com.example.chat$(SUFFIX)"
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "com.example.chat.dev$(SUFFIX).NotificationService"
        #expect(try project.examine().statuses(.bundleIDPrefix) == [.ok])
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "com.other$(SUFFIX).NotificationService"
        let result = try project.examine().results(.bundleIDPrefix)
        #expect(result.map(\.status) == [.error])
        #expect(result[0].message.hasPrefix("com.other.NotificationService does not start with Chat's com.example.chat and a dot"))
        #expect(result[0].message.hasSuffix("(taking $(SUFFIX), defined nowhere, as empty, as Xcode does)"))
    }

    @Test func everyAppThatEmbedsTheExtensionIsChecked() throws {
        var project = SyntheticProject()
        project.secondAppSettings = ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.chat.beta"]
        var report = try project.examine()
        #expect(report.extensions.map(\.apps) == [["Chat", "Chat Beta"]])
        #expect(report.results(.embedded).map(\.message) == ["embedded in Chat", "embedded in Chat Beta"])
        let prefix = report.results(.bundleIDPrefix)
        #expect(prefix.map(\.status) == [.ok, .error])
        #expect(prefix[1].message == "com.example.chat.NotificationService does not start with Chat Beta's com.example.chat.beta and a dot, so Chat Beta cannot be installed with it")
        // Not "set the extension's id to the beta's": that would break the other app.
        #expect(prefix[1].fix?.hasPrefix("One extension id cannot be under 2 apps' ids: give Chat Beta an extension target of its own") == true)
        // Each app is checked on its own: the second one's capability and groups too.
        #expect(report.apps == ["Chat", "Chat Beta"])
        #expect(report.results(.communicationCapability).compactMap(\.target) == ["Chat", "Chat Beta"])
        // The extension's own findings are said once.
        #expect(report.results(.principalClass).count == 1)
        project.secondAppSettings = ["PRODUCT_BUNDLE_IDENTIFIER": "com.example.chat", "CODE_SIGN_ENTITLEMENTS": "Beta.entitlements"]
        report = try project.examine()
        #expect(report.results(.fileMissing).map(\.target) == ["Chat Beta"])
    }

    @Test func aBundleIDThatDiffersInOneConfigurationIsReportedForItAlone() throws {
        var project = SyntheticProject()
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(BASE).NotificationService"
        project.projectSettings["BASE"] = "com.example.chat"
        project.appSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(BASE)"
        #expect(try project.examine().statuses(.bundleIDPrefix) == [.ok])
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER[config=Release]"] = "com.other.NotificationService"
        let report = try project.examine()
        let failed = report.results(.bundleIDPrefix).filter { $0.status == .error }
        #expect(failed.map(\.configurations) == [["Release"]])
    }

    @Test(arguments: [("14.0", DoctorFinding.Status.warning, false), ("15.0", .ok, false), ("15.6", .error, true), ("16.0", .ok, true), ("17", .ok, true)])
    func theDeploymentFloorIsFifteenAndSixteenWithHerald(version: String, expected: DoctorFinding.Status, herald: Bool) throws {
        var project = SyntheticProject()
        project.serviceSettings["IPHONEOS_DEPLOYMENT_TARGET"] = version
        project.appSettings["IPHONEOS_DEPLOYMENT_TARGET"] = nil  // the floor alone
        if !herald {
            project.serviceProducts = []
            project.serviceInfo["Herald"] = nil
        }
        #expect(try project.examine().statuses(.deploymentTarget) == [expected])
    }

    @Test func aFilteredRetractFallbackNeedsTheFilteringEntitlement() throws {
        var project = SyntheticProject()
        #expect(try project.examine().results(.filteringEntitlement).isEmpty)  // Neither asked for nor there.
        project.serviceInfo["Herald"] = ["RetractFallback": "filtered"]
        let missing = try project.examine().results(.filteringEntitlement)
        #expect(missing.map(\.status) == [.error])
        #expect(missing.first?.message.contains("com.apple.developer.usernotifications.filtering") == true)
        project.serviceEntitlements?["com.apple.developer.usernotifications.filtering"] = true
        #expect(try project.examine().statuses(.filteringEntitlement) == [.ok])
        project.serviceInfo["Herald"] = ["RetractFallback": "visible"]
        let unused = try project.examine().results(.filteringEntitlement)
        #expect(unused.map(\.status) == [.ok])
        #expect(unused.first?.message.contains("when Herald.RetractFallback is filtered") == true)
    }

    @Test func theReportNamesTheAppsWithTheTimeSensitiveCapability() throws {
        var project = SyntheticProject()
        let without = try project.examine()
        #expect(without.apps == ["Chat"])
        #expect(without.timeSensitiveApps.isEmpty)
        project.appEntitlements?["com.apple.developer.usernotifications.time-sensitive"] = true
        #expect(try project.examine().timeSensitiveApps == ["Chat"])
    }

    @Test func anAppGroupOnlyTheExtensionHasIsAWarning() throws {
        var project = SyntheticProject()
        project.serviceEntitlements?["com.apple.security.application-groups"] = ["group.com.example.chat", "group.other"]
        let report = try project.examine()
        #expect(report.results(.appGroup).map(\.status) == [.warning])
        #expect(report.results(.appGroup)[0].message.contains("group.other"))
    }

    @Test func noAppGroupOnTheExtensionIsAWarningAndHeraldsGroupAnError() throws {
        var project = SyntheticProject()
        project.serviceEntitlements?["com.apple.security.application-groups"] = nil
        let report = try project.examine()
        #expect(report.results(.appGroup).map(\.status) == [.error])
        #expect(report.results(.appGroup)[0].message.contains("Herald.AppGroup is group.com.example.chat"))
        project.serviceInfo["Herald"] = ["KeychainGroup": "$(AppIdentifierPrefix)com.example.chat"]
        let plain = try project.examine()
        #expect(plain.results(.appGroup).map(\.status) == [.warning])
        #expect(plain.results(.appGroup)[0].message.hasPrefix("declares no App Group"))
    }

    @Test func heraldsAppGroupMissingFromTheAppIsAWarning() throws {
        var project = SyntheticProject()
        project.appEntitlements?["com.apple.security.application-groups"] = ["group.com.example.other"]
        project.serviceEntitlements?["com.apple.security.application-groups"] = ["group.com.example.chat"]
        let statuses = try project.examine().results(.appGroup).map(\.status)
        // Herald's group is not the app's, and the extension's group is not the app's either.
        #expect(statuses == [.warning, .warning])
    }

    @Test func heraldsKeychainGroupMustBeTheExtensions() throws {
        var project = SyntheticProject()
        project.serviceInfo["Herald"] = ["AppGroup": "group.com.example.chat", "KeychainGroup": "$(AppIdentifierPrefix)com.example.keys"]
        let report = try project.examine()
        #expect(report.results(.keychainGroup).map(\.status) == [.error, .warning])
        #expect(report.results(.keychainGroup)[0].message.contains("decryption keys"))
    }

    @Test func aKeychainGroupWithoutItsTeamPrefixIsNamedSo() throws {
        var project = SyntheticProject()
        project.serviceInfo["Herald"] = ["AppGroup": "group.com.example.chat", "KeychainGroup": "com.example.chat"]
        let result = try project.examine().results(.keychainGroup)
        #expect(result.map(\.status) == [.error, .warning])
        #expect(result[0].fix == "Write Herald.KeychainGroup with the team prefix, as the entitlements do: $(AppIdentifierPrefix)com.example.chat.")
    }

    @Test func theTeamFillsInAppIdentifierPrefix() throws {
        var project = SyntheticProject()
        project.projectSettings["DEVELOPMENT_TEAM"] = "ABCDE12345"
        project.serviceSettings["DEVELOPMENT_TEAM"] = "$(DEVELOPMENT_TEAM)"
        let report = try project.examine()
        #expect(report.results(.keychainGroup)[0].message.contains("ABCDE12345.com.example.chat"))
        #expect(report.statuses(.unresolvedSetting).isEmpty)
    }

    @Test func fetchedContentWithoutAKeychainGroupIsAWarning() throws {
        var project = SyntheticProject()
        project.serviceInfo["Herald"] = ["AppGroup": "group.com.example.chat", "ContentURL": "https://api.example.com/v1/messages/{message_id}"]
        let result = try project.examine().results(.keychainGroup)
        #expect(result.map(\.status) == [.warning])
        #expect(result.first?.message.hasPrefix("Herald.ContentURL is set but Herald.KeychainGroup is not") == true)
        project.serviceInfo["Herald"] = [
            "AppGroup": "group.com.example.chat", "ContentURL": "https://api.example.com/v1/messages/{message_id}",
            "KeychainGroup": "$(AppIdentifierPrefix)com.example.chat",
        ]
        #expect(try project.examine().statuses(.keychainGroup) == [.ok])
    }

    @Test(arguments: [
        (["ContentURL": "http://127.0.0.1:8080/{message_id}"], [DoctorFinding.Status.error], "Herald.AllowHTTP is not true, so the extension refuses it"),
        (["ContentURL": "http://api.example.com/{message_id}", "AllowHTTP": true], [.error], "which would carry the token in cleartext"),
        (["ContentURL": "https://{message_id}/messages"], [.error], "a push's id would choose the server"),
        (["ContentURL": "https://api.example.com/{message_id}", "ContentTimeout": 20, "Budget": 15], [.warning], "not less than Herald.Budget's 15.0 s"),
        (["ContentFallbackText": "New message"], [.warning], "Herald.ContentFallbackText do nothing without Herald.ContentURL"),
        (["ContentURL": "https://api.example.com/messages/{msg_id}"], [.error], "holds {msg_id}, which is no placeholder"),
        (["ContentURL": "http://127.0.0.1:8080/{message_id}", "AllowHTTP": true], [.ok], "are valid"),
    ] as [([String: any Sendable], [DoctorFinding.Status], String)])
    func theFetchedContentSettingsAreCheckedTogether(_ settings: [String: any Sendable], _ statuses: [DoctorFinding.Status], _ says: String) throws {
        var project = SyntheticProject()
        var herald: [String: Any] = ["AppGroup": "group.com.example.chat", "KeychainGroup": "$(AppIdentifierPrefix)com.example.chat"]
        for (key, value) in settings { herald[key] = value }
        project.serviceInfo["Herald"] = herald
        let results = try project.examine().results(.heraldSettings)
        #expect(results.map(\.status) == statuses, "\(results.map(\.message))")
        #expect(results.contains { $0.message.contains(says) }, "\(results.map(\.message))")
    }

    @Test func anExtensionWithoutKeychainGroupsIsFineWithoutHeraldsKey() throws {
        var project = SyntheticProject()
        project.serviceEntitlements?["keychain-access-groups"] = nil
        project.serviceInfo["Herald"] = ["AppGroup": "group.com.example.chat"]
        #expect(try project.examine().statuses(.keychainGroup) == [.ok])
    }

    @Test func heraldSettingsAreCheckedAsTheExtensionReadsThem() throws {
        var project = SyntheticProject()
        project.serviceInfo["Herald"] = [
            "AppGroup": "group.com.example.chat", "Appgroup": "x", "AvatarTimeout": 45, "AllowHTTP": "yes", "Layout": "onesignal", "Color": "red",
        ]
        project.serviceEntitlements?["keychain-access-groups"] = nil
        let results = try project.examine().results(.heraldSettings)
        let messages = results.map(\.message)
        #expect(results.map(\.status) == [.error, .warning, .error, .warning])
        #expect(messages[0] == "Herald.AllowHTTP must be a Boolean, but is \"yes\": the extension uses the default")
        #expect(messages[1].contains("did you mean AppGroup?"))
        #expect(messages[2].contains("seconds, more than 0 and at most 30, but is 45"))
        #expect(messages[3].hasPrefix("Herald.Color is no key the extension reads, so"))
    }

    @Test func aWrongHeraldValueGetsAHint() throws {
        var project = SyntheticProject()
        project.serviceInfo["Herald"] = [
            "AppGroup": "group.com.example.chat", "KeychainGroup": "$(AppIdentifierPrefix)com.example.chat", "Layout": "onesignall",
            "LogLevel": "Debug", "AllowedHosts": [1],
        ]
        let messages = try project.examine().results(.heraldSettings).map(\.message)
        #expect(messages.contains { $0.hasPrefix("Herald.AllowedHosts must be a non-empty array of host names, but is an array:") })
        #expect(messages.contains { $0.contains("but is \"onesignall\" (did you mean \"onesignal\"?)") })
        #expect(messages.contains { $0.contains("Herald.LogLevel must be debug, info or error, but is \"Debug\" (did you mean \"debug\"?)") })
        project.serviceInfo["Herald"] = ["AppGroup": "group.com.example.chat", "KeychainGroup": "$(AppIdentifierPrefix)com.example.chat", "Layout": ["extends": "nope"]]
        let layout = try project.examine().results(.heraldSettings)
        #expect(layout.count == 1)
        #expect(layout[0].message.contains("but is a dictionary (\"extends\": \"nope\" names no built-in layout"))
    }

    @Test func aHeraldDictionaryWithoutTheLibraryAndTheLibraryInTheAppAreWarnings() throws {
        var project = SyntheticProject()
        project.serviceProducts = []
        #expect(try project.examine().results(.heraldLinked).map(\.status) == [.warning])
        project.serviceProducts = ["HeraldNotificationService"]
        project.appProducts = ["HeraldNotificationService"]
        let report = try project.examine()
        #expect(report.results(.heraldLinked).map(\.status) == [.warning])
        #expect(report.results(.heraldLinked)[0].message.hasPrefix("Chat links HeraldNotificationService too"))
    }

    @Test func anExtensionWithoutHeraldGetsNoHeraldChecks() throws {
        var project = SyntheticProject()
        project.serviceProducts = []
        project.serviceInfo["Herald"] = nil
        let report = try project.examine()
        #expect(report.results(.heraldSettings).isEmpty)
        #expect(report.results(.heraldLinked).isEmpty)
    }

    @Test func anUndefinedVariableIsReportedOnceWithItsConfigurations() throws {
        var project = SyntheticProject()
        project.appSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(PREFIX).chat"
        project.serviceSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(PREFIX).chat.NotificationService"
        let report = try project.examine()
        let unresolved = report.results(.unresolvedSetting)
        #expect(unresolved.map(\.status) == [.info])
        #expect(unresolved[0].configurations == ["Debug", "Release"])
        #expect(unresolved[0].message.hasPrefix("$(PREFIX) is defined nowhere, used by Chat, NotificationService"))
        // Empty, as Xcode expands it, the prefix holds.
        #expect(report.statuses(.bundleIDPrefix) == [.ok])
    }

    @Test func aFileInAnotherCaseIsAWarningAndAMissingOneAnError() throws {
        var project = SyntheticProject()
        project.serviceSettings["INFOPLIST_FILE"] = "notificationservice/Info.plist"
        var report = try project.examine()
        #expect(report.results(.fileCase).map(\.status) == [.warning])
        #expect(report.statuses(.principalClass) == [.ok])
        project.serviceSettings["CODE_SIGN_ENTITLEMENTS"] = "NotificationService/Missing.entitlements"
        report = try project.examine()
        #expect(report.results(.fileMissing).map(\.status) == [.error])
        #expect(report.results(.fileMissing)[0].message == "CODE_SIGN_ENTITLEMENTS names NotificationService/Missing.entitlements, which does not exist")
    }

    /// Xcode writes only the `INFOPLIST_KEY_*` settings it declares into a generated
    /// Info.plist; NSUserActivityTypes is not one, with or without GENERATE_INFOPLIST_FILE.
    @Test func anInfoPlistKeySettingXcodeDoesNotDeclareIsIgnored() throws {
        var project = SyntheticProject()
        project.serviceInfo["NSExtension"] = ["NSExtensionPointIdentifier": "com.apple.usernotifications.service"]
        project.serviceSettings["INFOPLIST_KEY_NSExtension"] = "ignored"
        project.appInfo["NSUserActivityTypes"] = nil
        project.appSettings["INFOPLIST_KEY_NSUserActivityTypes"] = "INSendMessageIntent"
        for generated in ["NO", "YES"] {
            project.appSettings["GENERATE_INFOPLIST_FILE"] = generated
            project.serviceSettings["GENERATE_INFOPLIST_FILE"] = generated
            let report = try project.examine()
            let result = report.results(.activityTypes)
            #expect(result.map(\.status) == [.error])
            #expect(result[0].message.contains("INFOPLIST_KEY_NSUserActivityTypes is set, but Xcode writes only the INFOPLIST_KEY_ settings it declares"))
            #expect(report.statuses(.principalClass) == [.error])
        }
    }

    @Test func aContentExtensionsKeysAreChecked() throws {
        var project = SyntheticProject()
        project.contentInfo = [
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.usernotifications.content-extension", "NSExtensionMainStoryboard": "MainInterface",
                "NSExtensionAttributes": ["UNNotificationExtensionCategory": "message", "UNNotificationExtensionInitialContentSizeRatio": 1],
            ]
        ]
        var report = try project.examine()
        #expect(report.extensions.map(\.kind) == [.service, .content])
        #expect(report.extensions[1].categories == ["message"])
        for check in [DoctorCheck.contentCategory, .contentAttributes, .contentInterface, .embedded] {
            #expect(report.results(check).allSatisfy { $0.status == .ok }, "\(check.id)")
        }
        project.contentInfo = [
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.usernotifications.content-extension",
                "NSExtensionAttributes": [
                    "UNNotificationExtensionCategory": [1], "UNNotificationExtensionInitialContentSizeRatio": "1",
                    "UNNotificationExtensionDefaultContentHidden": "YES",
                ],
            ]
        ]
        report = try project.examine()
        #expect(report.statuses(.contentCategory) == [.error])
        // Apple documents a number and a Boolean; how iOS reads a string is not documented.
        #expect(report.results(.contentAttributes).map(\.status) == [.warning, .warning])
        #expect(report.statuses(.contentInterface) == [.error])
        #expect(report.statuses(.embedded) == [.ok])
    }

    /// A ratio of 0 is valid: the view starts with no height and sizes itself
    /// (`preferredContentSize`), as shipping apps do.
    @Test(arguments: [(PropertyList.integer(0), DoctorFinding.Status.ok), (.real(0), .ok), (.real(0.5), .ok), (.integer(-1), .warning), (.string("1"), .warning)])
    func aContentSizeRatioOfZeroOrMoreIsValid(_ ratio: PropertyList, _ status: DoctorFinding.Status) throws {
        var project = SyntheticProject()
        var attributes: [String: Any] = ["UNNotificationExtensionCategory": "message"]
        switch ratio {
        case .integer(let value): attributes["UNNotificationExtensionInitialContentSizeRatio"] = value
        case .real(let value): attributes["UNNotificationExtensionInitialContentSizeRatio"] = value
        default: attributes["UNNotificationExtensionInitialContentSizeRatio"] = ratio.stringValue
        }
        project.contentInfo = [
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.usernotifications.content-extension", "NSExtensionMainStoryboard": "MainInterface",
                "NSExtensionAttributes": attributes,
            ]
        ]
        let report = try project.examine()
        #expect(report.results(.contentAttributes).map(\.status) == [status])
        #expect(!report.hasErrors)
    }

    static let oneSignalForwarding = """
        import HeraldNotificationService
        import OneSignalExtension

        final class NotificationService: CommunicationNotificationService {
            override func forward(_ content: UNNotificationContent, for request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
                _ = OneSignalExtension.didReceiveNotificationExtensionRequest(request, with: content.mutableCopy() as? UNMutableNotificationContent, withContentHandler: contentHandler)
            }
        }
        """

    @Test func aProviderLibraryTheCodeCallsMustBeLinked() throws {
        var project = SyntheticProject()
        project.serviceSources = ["NotificationService.swift": Self.oneSignalForwarding]
        let unlinked = try project.examine().results(.providerLibrary)
        #expect(unlinked.map(\.status) == [.error])
        #expect(unlinked[0].message.hasPrefix("NotificationService.swift forwards to OneSignal's OneSignalExtension, but the extension target does not link it"))
        project.serviceProducts.append("OneSignalExtension")
        let linked = try project.examine().results(.providerLibrary)
        #expect(linked.map(\.status) == [.ok])
        #expect(linked[0].message.hasSuffix("linked through the Swift package product OneSignalExtension"))
    }

    @Test func aPodInTheExtensionsPodfileTargetLinksIt() throws {
        var project = SyntheticProject()
        project.serviceSources = [
            "NotificationService.m": "[[FIRMessaging extensionHelper] populateNotificationContent:self.bestAttemptContent withContentHandler:contentHandler];"
        ]
        project.podfile = """
            platform :ios, '16.0'
            target 'Chat' do
              pod 'FirebaseMessaging'  # the app's
              if ENV['EXTRA']
                pod 'Extra'
              end
            end
            target 'NotificationService' do
              pod 'OneSignalXCFramework', '>= 5.0.0', '< 6.0'
            end
            post_install do |installer|
            end
            """
        #expect(try project.examine().results(.providerLibrary).map(\.status) == [.error])
        project.podfile = "target 'Chat' do\n  pod 'FirebaseMessaging'\n  target 'NotificationService' do\n  end\nend\n"
        let nested = try project.examine().results(.providerLibrary)
        #expect(nested.map(\.status) == [.ok])
        #expect(nested[0].message.hasSuffix("linked through the pod FirebaseMessaging"))
        project.podfile = "target 'Chat' do\n  pod 'FirebaseMessaging'\n  target 'NotificationService' do\n    inherit! :search_paths\n  end\nend\n"
        #expect(try project.examine().results(.providerLibrary).map(\.status) == [.error])
    }

    @Test func aSourceFileThatCannotBeReadIsNamedNotSkipped() throws {
        var project = SyntheticProject()
        project.serviceSources = ["NotificationService.swift": Self.oneSignalForwarding, "Latin1.swift": ""]
        project.serviceProducts.append("OneSignalExtension")
        let url = try project.write()
        try Data([0x2F, 0x2F, 0x20, 0xE9, 0x74, 0xE9, 0x0A]).write(to: url.deletingLastPathComponent().appendingPathComponent("NotificationService/Latin1.swift"))
        let results = try Doctor.examine(XcodeProject(contentsOf: url)).results(.providerLibrary)
        #expect(results.map(\.status) == [.info, .ok])
        #expect(results[0].message.hasSuffix("NotificationService/Latin1.swift: not read: not UTF-8 text; a provider call in it would go unseen"))
    }

    @Test func sourcesOverTheLimitAreSaidToBeUnread() throws {
        var project = SyntheticProject()
        project.serviceSources = ["A.swift": Self.oneSignalForwarding]
        for index in 1...400 { project.serviceSources["B\(index).swift"] = "" }
        project.serviceProducts.append("OneSignalExtension")
        let results = try project.examine().results(.providerLibrary)
        #expect(results.map(\.status) == [.info, .ok])
        #expect(results[0].message == "the extension has more than 400 Swift and Objective-C files; only the first 400 were read for provider calls")
    }

    @Test func anUnreadablePodfileTurnsAMissingLibraryIntoAWarning() throws {
        var project = SyntheticProject()
        project.serviceSources = ["NotificationService.m": "[[FIRMessaging extensionHelper] populateNotificationContent:content withContentHandler:handler];"]
        project.podfile = ""
        let url = try project.write()
        try Data([0x74, 0x61, 0x72, 0x67, 0x65, 0x74, 0x20, 0xFF]).write(to: url.deletingLastPathComponent().appendingPathComponent("Podfile"))
        let results = try Doctor.examine(XcodeProject(contentsOf: url)).results(.providerLibrary)
        #expect(results.map(\.status) == [.warning])
        #expect(results[0].message.contains("forwards to Firebase's FirebaseMessaging; no package product or framework links it, and the Podfile, which may, was not read:"))
        #expect(results[0].message.hasSuffix("/Podfile: not read: not UTF-8 text"))
        #expect(results[0].fix == "Make the Podfile readable UTF-8 text, or add the Swift package product FirebaseMessaging (firebase-ios-sdk) to the extension, or pod 'FirebaseMessaging' inside its Podfile target.")
    }

    @Test func codeThatForwardsToNoProviderGetsNoProviderCheck() throws {
        var project = SyntheticProject()
        project.serviceSources = ["NotificationService.swift": "final class NotificationService: CommunicationNotificationService {}"]
        #expect(try project.examine().results(.providerLibrary).isEmpty)
    }
}
