import Foundation
import HeraldDoctor
import HeraldToolsTestSupport
import Testing

/// The checks on a signed build: the project's rules, judged on what iOS reads (the built
/// Info.plist, the signed entitlements, the profiles), and the two only a build has.
@Suite struct DoctorSignedBuildTests {
    static let now = Date(timeIntervalSince1970: 1_850_000_000)
    static let team = "ABCDE12345"

    /// A development-signed app and its service extension that pass every check until a test
    /// changes one thing.
    struct Build {
        var appInfo: [String: Any] = [
            "CFBundleIdentifier": "com.example.chat", "CFBundleExecutable": "Chat", "MinimumOSVersion": "16.0",
            "NSUserActivityTypes": ["INSendMessageIntent"],
        ]
        var appEntitlements: [String: Any]? = [
            "application-identifier": "\(team).com.example.chat", "aps-environment": "development",
            "com.apple.developer.usernotifications.communication": true, "com.apple.security.application-groups": ["group.com.example.chat"],
            "keychain-access-groups": ["\(team).com.example.chat"],
        ]
        var appProfile: [String: Any]? = Build.profile(
            appID: "\(team).com.example.chat",
            entitlements: [
                "aps-environment": "development", "com.apple.developer.usernotifications.communication": true,
                "com.apple.security.application-groups": ["group.com.example.chat"], "keychain-access-groups": ["\(team).*"],
            ])
        var serviceInfo: [String: Any] = [
            "CFBundleIdentifier": "com.example.chat.NotificationService", "CFBundleExecutable": "NotificationService", "MinimumOSVersion": "16.0",
            "NSExtension": [
                "NSExtensionPointIdentifier": "com.apple.usernotifications.service", "NSExtensionPrincipalClass": "NotificationService.NotificationService",
            ],
            "Herald": ["AppGroup": "group.com.example.chat", "KeychainGroup": "\(team).com.example.chat"],
        ]
        var serviceEntitlements: [String: Any]? = [
            "application-identifier": "\(team).com.example.chat.NotificationService",
            "com.apple.security.application-groups": ["group.com.example.chat"], "keychain-access-groups": ["\(team).com.example.chat"],
        ]
        var serviceProfile: [String: Any]? = Build.profile(
            appID: "\(team).com.example.chat.NotificationService",
            entitlements: ["com.apple.security.application-groups": ["group.com.example.chat"], "keychain-access-groups": ["\(team).*"]])
        var serviceSigned = true
        var serviceDER = true

        /// A development profile's property list.
        static func profile(appID: String, entitlements: [String: Any], team: String = team, expiry: Date = now + 200 * 86_400) -> [String: Any] {
            [
                "Name": "iOS Team Provisioning Profile: \(appID)", "TeamIdentifier": [team], "ApplicationIdentifierPrefix": [team],
                "ExpirationDate": expiry, "ProvisionedDevices": ["00008110-000A1B2C3D4E5F60"],
                "Entitlements": entitlements.merging(["application-identifier": appID, "get-task-allow": true]) { $1 },
            ]
        }

        func bundle(
            _ path: String, info: [String: Any], entitlements: [String: Any]?, profile: [String: Any]?, signed: Bool = true, der: Bool = true
        ) throws -> SignedBundle {
            let infoList = try #require(try PropertyList(reading: Data(SignedBuildSamples.plist(info))).dictionaryValue)
            let claimed = try entitlements.map { try #require(try PropertyList(reading: Data(SignedBuildSamples.plist($0))).dictionaryValue) }
            let slice = CodeSignature.Slice(architecture: "arm64", isSigned: signed, entitlements: signed ? claimed : nil, hasDEREntitlements: der)
            let embedded = try profile.map { try ProvisioningProfile(reading: Data(SignedBuildSamples.signedMessage(content: SignedBuildSamples.plist($0)))) }
            return SignedBundle(path: path, info: infoList, signature: CodeSignature(slices: [slice]), profile: embedded)
        }

        func examine() throws -> DoctorReport {
            let app = try bundle("Payload/Chat.app", info: appInfo, entitlements: appEntitlements, profile: appProfile)
            let service = try bundle(
                "Payload/Chat.app/PlugIns/NotificationService.appex", info: serviceInfo, entitlements: serviceEntitlements, profile: serviceProfile,
                signed: serviceSigned, der: serviceDER)
            let build = SignedBuild(url: URL(fileURLWithPath: "/builds/Chat.ipa"), form: .ipa, app: app, extensions: [service], profile: nil, archiveInfo: nil)
            return Doctor.examine(build, now: DoctorSignedBuildTests.now)
        }
    }

    @Test func aCorrectBuildPassesEveryCheck() throws {
        let report = try Build().examine()
        #expect(report.findings.filter { $0.status != .ok }.map(\.message) == [])
        #expect(report.configurations == ["signed"])
        #expect(report.extensions.map(\.target) == ["NotificationService.appex"])
        #expect(report.extensions.map(\.apps) == [["Chat.app"]])
        for check in [DoctorCheck.codeSignature, .provisioningProfile, .communicationCapability, .activityTypes, .apsEnvironment] {
            #expect(report.results(check).contains { $0.target == "Chat.app" && $0.status == .ok }, "\(check.id)")
        }
        for check in [DoctorCheck.serviceExtension, .principalClass, .bundleIDPrefix, .deploymentTarget, .appGroup, .keychainGroup, .heraldSettings] {
            #expect(report.results(check).map(\.status) == [.ok], "\(check.id)")
        }
        #expect(report.results(.provisioningProfile)[0].message.hasPrefix("development profile \"iOS Team Provisioning Profile: ABCDE12345.com.example.chat\" (ABCDE12345)"))
    }

    @Test func theSignedAppWithoutTheCommunicationEntitlementIsAnError() throws {
        var build = Build()
        build.appEntitlements?["com.apple.developer.usernotifications.communication"] = nil
        let result = try build.examine().results(.communicationCapability)
        #expect(result.map(\.status) == [.error])
        #expect(result[0].message.hasPrefix("its entitlements have no com.apple.developer.usernotifications.communication"))
    }

    @Test func anExpiredProfileIsAnErrorAndOneAboutToExpireAWarning() throws {
        var build = Build()
        build.appProfile = Build.profile(appID: "\(Self.team).com.example.chat", entitlements: ["aps-environment": "development"], expiry: Self.now - 86_400)
        var result = try build.examine().results(.provisioningProfile).filter { $0.target == "Chat.app" }
        #expect(result.map(\.status) == [.error])
        #expect(result[0].message.contains("expired on 2028-08-15: iOS no longer launches what it signs"))
        build.appProfile = Build.profile(
            appID: "\(Self.team).com.example.chat",
            entitlements: [
                "aps-environment": "development", "com.apple.developer.usernotifications.communication": true,
                "com.apple.security.application-groups": ["group.com.example.chat"], "keychain-access-groups": ["\(Self.team).*"],
            ], expiry: Self.now + 3 * 86_400)
        result = try build.examine().results(.provisioningProfile).filter { $0.target == "Chat.app" }
        #expect(result.map(\.status) == [.warning, .ok])
        #expect(result[0].message.hasSuffix("expires on 2028-08-19, within two weeks"))
        // An App Store profile (no device list): Apple re-signs what it delivers.
        var appStore = Build.profile(appID: "\(Self.team).com.example.chat", entitlements: ["aps-environment": "production"], expiry: Self.now - 86_400)
        appStore["ProvisionedDevices"] = nil
        build.appProfile = appStore
        result = try build.examine().results(.provisioningProfile).filter { $0.target == "Chat.app" }
        #expect(result.map(\.status) == [.warning])
        #expect(result[0].message.hasPrefix("its app-store profile"))
    }

    /// iOS refuses to install a signature that claims what its profile does not grant.
    @Test func anEntitlementTheProfileDoesNotGrantIsAnError() throws {
        var build = Build()
        build.appEntitlements?["com.apple.security.application-groups"] = ["group.com.example.chat", "group.com.example.other"]
        build.appEntitlements?["aps-environment"] = "production"
        let result = try build.examine().results(.provisioningProfile).filter { $0.status == .error }
        #expect(result.map(\.message).sorted() == [
            "its development profile \"iOS Team Provisioning Profile: ABCDE12345.com.example.chat\" (ABCDE12345) does not grant aps-environment = \"production\", which the signature claims (it grants \"development\"): iOS refuses to install it",
            "its development profile \"iOS Team Provisioning Profile: ABCDE12345.com.example.chat\" (ABCDE12345) does not grant com.apple.security.application-groups = [\"group.com.example.chat\", \"group.com.example.other\"], which the signature claims (it grants [\"group.com.example.chat\"]): iOS refuses to install it",
        ].sorted())
    }

    @Test func aProfileForAnotherAppIDIsAnErrorAndAWildcardOneGrantsIt() throws {
        var build = Build()
        build.serviceProfile = Build.profile(appID: "\(Self.team).com.example.other", entitlements: ["com.apple.security.application-groups": ["group.com.example.chat"], "keychain-access-groups": ["\(Self.team).*"]])
        var result = try build.examine().results(.provisioningProfile).filter { $0.target == "NotificationService.appex" }
        #expect(result.map(\.status) == [.error])
        #expect(result[0].message.contains("is for the App ID ABCDE12345.com.example.other, not com.example.chat.NotificationService"))
        #expect(result[0].fix == "Sign NotificationService.appex with a profile for its own App ID, ABCDE12345.com.example.chat.NotificationService (each extension has its own), or let Xcode manage signing.")
        build.serviceProfile = Build.profile(appID: "\(Self.team).com.example.*", entitlements: ["com.apple.security.application-groups": ["group.com.example.chat"], "keychain-access-groups": ["\(Self.team).*"]])
        result = try build.examine().results(.provisioningProfile).filter { $0.target == "NotificationService.appex" }
        #expect(result.map(\.status) == [.ok])
    }

    @Test func anExtensionOfAnotherTeamIsAnError() throws {
        var build = Build()
        build.serviceProfile = Build.profile(
            appID: "ZZZZZ99999.com.example.chat.NotificationService", entitlements: ["com.apple.security.application-groups": ["group.com.example.chat"]], team: "ZZZZZ99999")
        build.serviceEntitlements?["keychain-access-groups"] = nil
        let result = try build.examine().results(.provisioningProfile).filter { $0.status == .error }
        #expect(result.map(\.message) == ["is signed for the team ZZZZZ99999, Chat.app for ABCDE12345: iOS installs an app only with its own team's extensions"])
    }

    @Test func theProjectRulesJudgeTheBuiltExtension() throws {
        var build = Build()
        build.serviceInfo["CFBundleIdentifier"] = "com.example.chatNotificationService"
        build.serviceInfo["MinimumOSVersion"] = "17.0"
        build.serviceInfo["Herald"] = ["AppGroup": "group.com.example.missing", "RetractFallback": "filtered"]
        build.serviceEntitlements?["com.apple.security.application-groups"] = ["group.com.example.chat", "group.com.example.own"]
        build.serviceProfile = Build.profile(
            appID: "\(Self.team).com.example.chatNotificationService",
            entitlements: ["com.apple.security.application-groups": ["group.com.example.chat", "group.com.example.own"], "keychain-access-groups": ["\(Self.team).*"]])
        let report = try build.examine()
        #expect(report.results(.bundleIDPrefix).map(\.message) == [
            "com.example.chatNotificationService does not start with Chat.app's com.example.chat and a dot, so the app cannot be installed with it"
        ])
        #expect(report.results(.deploymentTarget).map(\.status) == [.warning])
        #expect(report.results(.appGroup).map(\.status).sorted() == [.error, .warning, .warning])
        #expect(report.results(.filteringEntitlement).map(\.status) == [.error])
    }

    @Test func anUnsignedExtensionIsAnErrorAndWhatItWouldClaimIsNotJudged() throws {
        var build = Build()
        build.serviceSigned = false
        let report = try build.examine()
        let result = report.results(.codeSignature).filter { $0.target == "NotificationService.appex" }
        #expect(result.map(\.status) == [.error])
        #expect(result[0].message.hasPrefix("its executable is not signed"))
        #expect(report.results(.appGroup).isEmpty)
        #expect(report.results(.keychainGroup).isEmpty)
    }

    /// Exporting an archive signs it again: its expired profile stops only that export.
    @Test func anArchivesExpiredProfileIsAWarning() throws {
        var build = Build()
        build.appProfile = Build.profile(appID: "\(Self.team).com.example.chat", entitlements: ["aps-environment": "development"], expiry: Self.now - 86_400)
        let app = try build.bundle("Products/Applications/Chat.app", info: build.appInfo, entitlements: build.appEntitlements, profile: build.appProfile)
        let archive = SignedBuild(url: URL(fileURLWithPath: "/b/Chat.xcarchive"), form: .xcarchive, app: app, extensions: [], profile: nil, archiveInfo: nil)
        let result = Doctor.examine(archive, now: Self.now).results(.provisioningProfile)
        #expect(result.map(\.status) == [.warning])
        #expect(result[0].message.hasSuffix("exporting the archive signs it again, which needs a current profile"))
    }

    /// Apple: from iOS 15, a build signed without DER entitlements does not launch.
    @Test func aSignatureWithoutDEREntitlementsIsAWarning() throws {
        var build = Build()
        build.serviceDER = false
        let result = try build.examine().results(.codeSignature).filter { $0.target == "NotificationService.appex" }
        #expect(result.map(\.status) == [.warning])
        #expect(result[0].message.hasPrefix("its signature has the entitlements only as a property list, without their DER form"))
    }

    @Test func aBuildWithoutAServiceExtensionIsAnError() throws {
        let build = Build()
        let app = try build.bundle("Payload/Chat.app", info: build.appInfo, entitlements: build.appEntitlements, profile: build.appProfile)
        let report = Doctor.examine(SignedBuild(url: URL(fileURLWithPath: "/b/Chat.ipa"), form: .ipa, app: app, extensions: [], profile: nil, archiveInfo: nil), now: Self.now)
        #expect(report.results(.serviceExtension).map(\.status) == [.error])
        #expect(report.hasErrors)
    }

    @Test func aProfileAloneSaysWhatItGrants() throws {
        let profile = try ProvisioningProfile(
            reading: Data(SignedBuildSamples.signedMessage(content: SignedBuildSamples.plist(Build.profile(appID: "\(Self.team).com.example.chat", entitlements: [:])))))
        let report = Doctor.examine(
            SignedBuild(url: URL(fileURLWithPath: "/b/embedded.mobileprovision"), form: .profile, app: nil, extensions: [], profile: profile, archiveInfo: nil), now: Self.now)
        #expect(report.results(.provisioningProfile).map(\.message) == [
            "development profile \"iOS Team Provisioning Profile: ABCDE12345.com.example.chat\" (ABCDE12345) for the App ID ABCDE12345.com.example.chat, until 2029-03-04"
        ])
        #expect(report.results(.communicationCapability).map(\.status) == [.warning])
        #expect(report.results(.apsEnvironment).map(\.status) == [.warning])
        #expect(!report.hasErrors)
    }
}
