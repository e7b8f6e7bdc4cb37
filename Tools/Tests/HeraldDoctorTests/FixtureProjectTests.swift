import Foundation
import HeraldDoctor
import Testing

/// `herald doctor` on ten real apps' projects (Fixtures/xcode/INDEX.md): each reports what a
/// careful reader of the project finds, no more and no less.
@Suite struct FixtureProjectTests {
    /// A check that did not pass: its id, status, target (nil for the project) and configurations.
    struct Problem: Hashable, CustomStringConvertible {
        let check: String
        let status: DoctorFinding.Status
        let target: String?
        let configurations: [String]

        init(_ check: String, _ status: DoctorFinding.Status, _ target: String?, _ configurations: [String]) {
            self.check = check
            self.status = status
            self.target = target
            self.configurations = configurations
        }

        var description: String { "\(status) \(check) \(target ?? "project") \(configurations)" }
    }

    struct Expectation: CustomTestStringConvertible, Sendable {
        let path: String
        let configurations: [String]
        /// Every notification extension and its app.
        let extensions: [String: String]
        /// One entry per finding that did not pass (findings are merged across configurations).
        let problems: [Problem]
        var testDescription: String { path }
    }

    static let both = ["Debug", "Release"]

    static let expectations: [Expectation] = [
        // 1: correct; NSE groups a subset of the app's; self-referential DEVELOPMENT_TEAM.
        Expectation(path: "element-hq-element-x-ios/ElementX.xcodeproj", configurations: both, extensions: ["NSE": "ElementX"], problems: []),
        // 2: correct; the ExtensionKit intents target is no notification extension.
        Expectation(
            path: "nextcloud-talk-ios/NextcloudTalk.xcodeproj", configurations: both,
            extensions: ["NotificationServiceExtension": "NextcloudTalk"], problems: []),
        // 3: a plain NSE: no capability, only custom intents as activity types.
        Expectation(
            path: "mastodon-mastodon-ios/Mastodon.xcodeproj", configurations: ["Debug", "Profile", "Release", "Release Snapshot"],
            extensions: ["NotificationService": "Mastodon"],
            problems: [
                Problem("communication-capability", .error, "Mastodon", ["Debug", "Profile", "Release", "Release Snapshot"]),
                Problem("activity-types", .error, "Mastodon", ["Debug", "Profile", "Release", "Release Snapshot"]),
            ]),
        // 4: activity types listed, capability missing; the App Clip is not the app.
        Expectation(
            path: "deltachat-deltachat-ios/deltachat-ios.xcodeproj", configurations: both,
            extensions: ["DcNotificationService": "deltachat-ios"],
            problems: [Problem("communication-capability", .error, "deltachat-ios", both)]),
        // 5: Debug's base xcconfig is gitignored: BUNDLE_ID_PREFIX unresolved, no invented mismatch.
        Expectation(
            path: "Dimillian-IceCubesApp/IceCubesApp.xcodeproj", configurations: both,
            extensions: ["IceCubesNotifications": "IceCubesApp"],
            problems: [Problem("unresolved-setting", .warning, nil, ["Debug"])]),
        // 6: the silent failure: the capability is missing; the NSE has no App Group.
        Expectation(
            path: "revoltchat-ios/Revolt.xcodeproj", configurations: both, extensions: ["notificationd": "Revolt"],
            problems: [
                Problem("communication-capability", .error, "Revolt", both),
                Problem("app-group", .warning, "notificationd", both),
            ]),
        // 7: iOS 13 target; the content extension's files differ in case.
        Expectation(
            path: "Finb-Bark/Bark.xcodeproj", configurations: both,
            extensions: ["NotificationServiceExtension": "Bark", "NotificationContentExtension": "Bark"],
            problems: [
                Problem("deployment-target", .warning, "NotificationServiceExtension", both),
                Problem("file-case", .warning, "NotificationContentExtension", both),  // INFOPLIST_FILE
                Problem("file-case", .warning, "NotificationContentExtension", both),  // CODE_SIGN_ENTITLEMENTS
            ]),
        // 8: six configurations, three flavours, files per configuration and per SDK: all fine.
        Expectation(
            path: "monal-im-Monal", configurations: ["Debug", "Adhoc", "Alpha", "AppStore", "AppStore-Quicksy", "Beta"],
            extensions: ["NotificationService": "Monal"], problems: []),
        // 9: React Native, found through app.json; the NSE declaring no keychain group is fine.
        Expectation(path: "mattermost-mattermost-mobile/app.json", configurations: both, extensions: ["NotificationService": "Mattermost"], problems: []),
        // 10: NSE at iOS 14.5 without an App Group; the orphan content-extension plist is no target.
        Expectation(
            path: "invertase-notifee/tests_react_native/ios", configurations: both, extensions: ["NotifeeTestingNSE": "testing"],
            problems: [
                Problem("deployment-target", .warning, "NotifeeTestingNSE", both),
                Problem("app-group", .warning, "NotifeeTestingNSE", both),
            ]),
    ]

    static func fixture(_ path: String) throws -> String {
        let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return root.appendingPathComponent("xcode").appendingPathComponent(path).path
    }

    static func report(_ path: String) throws -> DoctorReport {
        let projects = try ProjectLocator.projects(at: fixture(path))
        #expect(projects.count == 1)
        return try Doctor.examine(XcodeProject(contentsOf: projects[0]))
    }

    @Test(arguments: expectations)
    func reportsWhatTheIndexDescribes(_ expected: Expectation) throws {
        let report = try Self.report(expected.path)
        #expect(report.configurations == expected.configurations)
        #expect(Dictionary(uniqueKeysWithValues: report.extensions.map { ($0.target, $0.apps.joined(separator: ", ")) }) == expected.extensions)
        let problems = report.findings.filter { $0.status != .ok }.map { Problem($0.check.id, $0.status, $0.target, $0.configurations) }
        #expect(problems.map(\.description).sorted() == expected.problems.map(\.description).sorted())
        #expect(report.hasErrors == expected.problems.contains { $0.status == .error })
    }

    @Test(arguments: expectations)
    func everyServiceExtensionIsCheckedInEveryConfiguration(_ expected: Expectation) throws {
        let report = try Self.report(expected.path)
        let services = report.extensions.filter { $0.kind == .service }.map(\.target)
        for service in services {
            for check in ["principal-class", "extension-embedded", "bundle-id-prefix", "deployment-target", "app-group", "keychain-group"] {
                let covered = report.findings.filter { $0.target == service && $0.check.id == check }.flatMap(\.configurations)
                #expect(Set(covered) == Set(expected.configurations), "\(service) \(check)")
            }
        }
    }

    @Test func elementResolvesTheSelfReferentialTeamInKeychainGroups() throws {
        let report = try Self.report("element-hq-element-x-ios/ElementX.xcodeproj")
        let keychain = try #require(report.findings.first { $0.target == "NSE" && $0.check == .keychainGroup })
        #expect(keychain.status == .ok)
        #expect(keychain.message.contains("7J4U792NQT.io.element.elementx"))
        let groups = try #require(report.findings.first { $0.target == "NSE" && $0.check == .appGroup })
        #expect(groups.message.contains("group.io.element"))
    }

    @Test func monalResolvesEachFlavourFromItsConfiguration() throws {
        let report = try Self.report("monal-im-Monal")
        let ids = report.findings.filter { $0.check == .bundleIDPrefix }
        #expect(ids.count == 3)
        let alpha = try #require(ids.first { $0.configurations == ["Alpha"] })
        #expect(alpha.message.contains("monal.alpha.NotificaionService"))
        let quicksy = try #require(report.findings.first { $0.check == .appGroup && $0.configurations == ["AppStore-Quicksy"] })
        #expect(quicksy.message.contains("group.quicksy"))
    }

    @Test func iceCubesNamesTheMissingXCConfigAndKeepsThePrefixSymbolic() throws {
        let report = try Self.report("Dimillian-IceCubesApp/IceCubesApp.xcodeproj")
        let unresolved = try #require(report.findings.first { $0.check == .unresolvedSetting })
        #expect(unresolved.message.contains("$(BUNDLE_ID_PREFIX)"))
        #expect(unresolved.message.contains("IceCubesApp.xcconfig"))
        let prefix = report.findings.filter { $0.check == .bundleIDPrefix }
        #expect(prefix.allSatisfy { $0.status == .ok })
        #expect(prefix.contains { $0.configurations == ["Release"] && $0.message.contains("com.thomasricouard.IceCubesApp.IceCubesNotifications") })
    }

    @Test func barkReadsTheContentExtensionsCategoriesThroughTheCaseMismatch() throws {
        let report = try Self.report("Finb-Bark/Bark.xcodeproj")
        let content = try #require(report.extensions.first { $0.kind == .content })
        #expect(content.categories == ["copy", "myNotificationCategory"])
        #expect(report.findings.filter { $0.check == .fileCase }.count == 2)
        #expect(report.findings.contains { $0.check == .contentAttributes && $0.status == .ok && $0.message.contains("0.01") })
    }
}
