import Foundation
import HeraldCore
import HeraldToolsTestSupport
import Testing

/// `herald doctor` on a signed build in each of its forms, written from nothing: an `.app`, the
/// same zipped as an `.ipa`, inside an `.xcarchive`, and its profile alone.
@Suite("herald doctor on a signed build")
struct DoctorSignedBuildCommandTests {
    static let team = "ABCDE12345"

    /// Chat.app and its service extension, signed for development and correct in every rule
    /// unless `expired` or `withoutCommunication` says otherwise: each file by its path in the
    /// app.
    static func files(expired: Bool = false, withoutCommunication: Bool = false) -> [(path: String, bytes: [UInt8])] {
        var appEntitlements: [String: Any] = [
            "application-identifier": "\(team).com.example.chat", "aps-environment": "development",
            "com.apple.security.application-groups": ["group.com.example.chat"],
        ]
        if !withoutCommunication { appEntitlements["com.apple.developer.usernotifications.communication"] = true }
        let serviceEntitlements: [String: Any] = [
            "application-identifier": "\(team).com.example.chat.NotificationService", "com.apple.security.application-groups": ["group.com.example.chat"],
        ]
        let expiry = expired ? Date(timeIntervalSinceNow: -86_400) : Date(timeIntervalSinceNow: 300 * 86_400)
        func profile(_ appID: String, _ entitlements: [String: Any]) -> [UInt8] {
            SignedBuildSamples.signedMessage(
                content: SignedBuildSamples.plist([
                    "Name": "Chat Development", "TeamIdentifier": [team], "ApplicationIdentifierPrefix": [team], "ExpirationDate": expiry,
                    "ProvisionedDevices": ["00008110-000A1B2C3D4E5F60"],
                    "Entitlements": entitlements.merging(["get-task-allow": true, "com.apple.developer.usernotifications.communication": true]) { old, _ in old },
                ]))
        }
        func executable(_ entitlements: [String: Any]) -> [UInt8] {
            SignedBuildSamples.machO(signature: SignedBuildSamples.superBlob(entitlements: SignedBuildSamples.plist(entitlements), der: true))
        }
        func info(_ keys: [String: Any]) -> [UInt8] {
            Array((try? PropertyListSerialization.data(fromPropertyList: keys, format: .binary, options: 0)) ?? Data())
        }
        let service = "PlugIns/NotificationService.appex/"
        return [
            ("Info.plist", info(["CFBundleIdentifier": "com.example.chat", "CFBundleExecutable": "Chat", "MinimumOSVersion": "16.0", "NSUserActivityTypes": ["INSendMessageIntent"]])),
            ("Chat", executable(appEntitlements)),
            ("embedded.mobileprovision", profile("\(team).com.example.chat", appEntitlements)),
            (service + "Info.plist", info([
                "CFBundleIdentifier": "com.example.chat.NotificationService", "CFBundleExecutable": "NotificationService", "MinimumOSVersion": "16.0",
                "NSExtension": ["NSExtensionPointIdentifier": "com.apple.usernotifications.service", "NSExtensionPrincipalClass": "NotificationService.NotificationService"],
                "Herald": ["AppGroup": "group.com.example.chat"],
            ])),
            (service + "NotificationService", executable(serviceEntitlements)),
            (service + "embedded.mobileprovision", profile("\(team).com.example.chat.NotificationService", serviceEntitlements)),
        ]
    }

    /// A new temporary folder.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Writes `files` as `folder/under/Chat.app` and returns the app's folder.
    static func writeApp(_ files: [(path: String, bytes: [UInt8])], in folder: URL, under: String = "") throws -> URL {
        let app = folder.appendingPathComponent(under).appendingPathComponent("Chat.app")
        for file in files {
            let url = app.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.bytes).write(to: url)
        }
        return app
    }

    /// The checks every form of the correct build reports, all passed.
    static let passed = [
        "code-signature", "provisioning-profile", "communication-capability", "activity-types", "aps-environment", "service-extension", "principal-class",
        "extension-embedded", "bundle-id-prefix", "deployment-target", "app-group", "keychain-group", "herald-settings",
    ]

    static func expectPassed(_ result: HeraldProcess.Result, path: String) throws {
        #expect(result.status == 0, "\(result.stderr)")
        let project = try #require(try JSONValue(parsing: result.stdout)["projects"]?.arrayValue?.first)
        #expect(project["project"]?.stringValue == path)
        #expect(project["configurations"] == ["signed"])
        #expect(project["extensions"] == [["target": "NotificationService.appex", "kind": "service", "apps": ["Chat.app"], "categories": []]])
        let findings = try #require(project["findings"]?.arrayValue)
        #expect(findings.filter { $0["status"] != "ok" } == [])
        #expect(Set(findings.compactMap { $0["check"]?.stringValue }) == Set(passed))
    }

    @Test func anAppFolder() async throws {
        let app = try Self.writeApp(Self.files(), in: Self.folder())
        try Self.expectPassed(try await HeraldProcess.run(["doctor", "--json", app.path]), path: app.path)
    }

    @Test func anIPA() async throws {
        let ipa = try Self.folder().appendingPathComponent("Chat.ipa")
        let entries = Self.files().map { SignedBuildSamples.Entry(name: "Payload/Chat.app/" + $0.path, bytes: $0.bytes, deflated: !$0.path.hasSuffix("Info.plist")) }
        try Data(SignedBuildSamples.zip(entries)).write(to: ipa)
        try Self.expectPassed(try await HeraldProcess.run(["doctor", "--json", ipa.path]), path: ipa.path)
    }

    @Test func anArchive() async throws {
        let archive = try Self.folder().appendingPathComponent("Chat.xcarchive")
        _ = try Self.writeApp(Self.files(), in: archive, under: "Products/Applications")
        try Self.expectPassed(try await HeraldProcess.run(["doctor", "--json", archive.path]), path: archive.path)
    }

    @Test func aProfileAlone() async throws {
        let profile = try Self.folder().appendingPathComponent("embedded.mobileprovision")
        try Data(try #require(Self.files().first { $0.path == "embedded.mobileprovision" }).bytes).write(to: profile)
        let result = try await HeraldProcess.run(["doctor", profile.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("  ok      provisioning-profile: development profile \"Chat Development\" (ABCDE12345)"))
        #expect(result.stdout.contains("  ok      communication-capability: grants the Communication Notifications capability"))
        #expect(result.stdout.contains("  ok      aps-environment: grants aps-environment development"))
    }

    @Test func problemsExitOneWithTheirFixes() async throws {
        let app = try Self.writeApp(Self.files(expired: true, withoutCommunication: true), in: Self.folder())
        let result = try await HeraldProcess.run(["doctor", "--problems-only", app.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Chat.app\n  error   provisioning-profile: its development profile \"Chat Development\" (ABCDE12345) expired on"))
        #expect(result.stdout.contains("  error   communication-capability: its entitlements have no com.apple.developer.usernotifications.communication"))
        #expect(result.stdout.contains("NotificationService.appex\n  error   provisioning-profile:"))
    }

    @Test func aSimulatorBuildIsRefusedWithWhatToGiveInstead() async throws {
        var files = Self.files()
        files[0].bytes = Array((try? PropertyListSerialization.data(
            fromPropertyList: ["CFBundleIdentifier": "com.example.chat", "CFBundleExecutable": "Chat", "DTPlatformName": "iphonesimulator"], format: .binary, options: 0)) ?? Data())
        let app = try Self.writeApp(files, in: Self.folder())
        let result = try await HeraldProcess.run(["doctor", app.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("a Simulator build: its entitlements are not in its code signature"), "\(result.stderr)")
    }

    @Test func aFolderHoldingABuildSaysToGiveIt() async throws {
        let folder = try Self.folder()
        try Data(SignedBuildSamples.zip([])).write(to: folder.appendingPathComponent("Chat.ipa"))
        let result = try await HeraldProcess.run(["doctor", folder.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("it holds Chat.ipa: give doctor that"), "\(result.stderr)")
    }

    /// A corrupt or truncated build is named, with what is wrong, and exits 2.
    @Test(arguments: [0, 100, 1000])
    func aTruncatedIPAExitsTwo(keeping count: Int) async throws {
        let ipa = try Self.folder().appendingPathComponent("Chat.ipa")
        let entries = Self.files().map { SignedBuildSamples.Entry(name: "Payload/Chat.app/" + $0.path, bytes: $0.bytes) }
        try Data(SignedBuildSamples.zip(entries).prefix(count)).write(to: ipa)
        let result = try await HeraldProcess.run(["doctor", ipa.path])
        #expect(result.status == 2)
        #expect(!result.crashed)
        #expect(result.stderr.contains(ipa.path), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
