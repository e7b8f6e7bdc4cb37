import Foundation
import HeraldCore
import Testing

@Suite("herald doctor")
struct DoctorCommandTests {
    static func fixture(_ path: String) -> String { HeraldProcess.path("Tools/Tests/HeraldDoctorTests/Fixtures/xcode/" + path) }

    @Test func aCorrectProjectExitsZeroAndListsItsChecks() async throws {
        let result = try await HeraldProcess.run(["doctor", Self.fixture("element-hq-element-x-ios")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("notification service extension NSE of app ElementX"))
        #expect(result.stdout.contains("  ok      communication-capability: has the Communication Notifications capability"))
        #expect(result.stdout.hasSuffix("No problems found.\n"))
    }

    /// The sample app as it is committed: every check passes, in both configurations.
    @Test func theSampleAppHasNoProblem() async throws {
        let result = try await HeraldProcess.run(["doctor", "--json", HeraldProcess.path("Examples/HeraldChat")])
        #expect(result.status == 0)
        let project = try #require(try JSONValue(parsing: result.stdout)["projects"]?.arrayValue?.first)
        #expect(project["extensions"] == [["target": "NotificationService", "kind": "service", "apps": ["HeraldChat"], "categories": []]])
        let findings = try #require(project["findings"]?.arrayValue)
        let checks = Set(findings.compactMap { $0["check"]?.stringValue })
        #expect(checks.isSuperset(of: ["communication-capability", "activity-types", "aps-environment", "service-extension", "principal-class",
            "extension-embedded", "bundle-id-prefix", "deployment-target", "app-group", "keychain-group", "herald-settings", "herald-linked"]))
        #expect(findings.filter { $0["status"] != "ok" } == [])
        #expect(findings.allSatisfy { $0["configurations"] == ["Debug", "Release"] })
    }

    @Test func aMissingCapabilityExitsOneWithItsFix() async throws {
        let result = try await HeraldProcess.run(["doctor", "--problems-only", Self.fixture("revoltchat-ios/Revolt.xcodeproj")])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "Revolt\n  error   communication-capability: its entitlements have no com.apple.developer.usernotifications.communication"))
        #expect(result.stdout.contains("fix: In Xcode: the app target › Signing & Capabilities › + Capability › Communication Notifications."))
        #expect(!result.stdout.contains("  ok "))
        #expect(result.stdout.hasSuffix("1 error, 1 warning.\n"))
    }

    @Test func jsonCarriesEveryFindingWithItsConfigurations() async throws {
        let result = try await HeraldProcess.run(["doctor", "--json", Self.fixture("Dimillian-IceCubesApp")])
        #expect(result.status == 0)
        let project = try #require(try JSONValue(parsing: result.stdout)["projects"]?.arrayValue?.first)
        #expect(project["configurations"] == ["Debug", "Release"])
        #expect(project["extensions"]?.arrayValue?.first?["target"] == "IceCubesNotifications")
        #expect(project["extensions"]?.arrayValue?.first?["kind"] == "service")
        #expect(project["extensions"]?.arrayValue?.first?["apps"] == ["IceCubesApp"])
        let findings = try #require(project["findings"]?.arrayValue)
        let unresolved = try #require(findings.first { $0["check"] == "unresolved-setting" })
        #expect(unresolved["status"] == "warning")
        #expect(unresolved["target"] == .null)
        #expect(unresolved["configurations"] == ["Debug"])
        #expect(unresolved["fix"]?.stringValue?.contains("IceCubesApp.xcconfig") == true)
        #expect(findings.filter { $0["status"] == "ok" }.allSatisfy { $0["fix"] == .null })
    }

    @Test func aMalformedProjectFileExitsTwoWithItsLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)/App.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjects = (\n}\n".utf8).write(to: folder.appendingPathComponent("project.pbxproj"))
        let result = try await HeraldProcess.run(["doctor", folder.deletingLastPathComponent().path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("App.xcodeproj/project.pbxproj:5: unexpected '}' where a value should start"))
        #expect(!result.crashed)
    }

    @Test func aFIFOAsTheProjectFileExitsTwoWithoutWaitingForAWriter() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)/App.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(folder.appendingPathComponent("project.pbxproj").path, 0o600) == 0)
        let result = try await HeraldProcess.run(["doctor", folder.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("App.xcodeproj/project.pbxproj: not read: a FIFO (named pipe), not a regular file"))
        #expect(!result.crashed)
    }

    @Test func pathsThatHoldNoProjectSayWhatWasLookedFor() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let folder = try await HeraldProcess.run(["doctor", empty.path])
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("no .xcodeproj or .xcworkspace here, in ios/ or in a folder one level down"))
        try Data("{\"name\": \"x\"}".utf8).write(to: empty.appendingPathComponent("package.json"))
        let json = try await HeraldProcess.run(["doctor", empty.appendingPathComponent("package.json").path])
        #expect(json.status == 2)
        #expect(json.stderr.contains("give an .xcodeproj, an .xcworkspace, a folder holding one, or an Expo app.json"))
        #expect(try await HeraldProcess.run(["doctor", "/no/such/App.xcodeproj"]).stderr.contains("no such file or folder"))
        // A bare React Native app.json is not Expo's: no prebuild advice.
        try Data(#"{"name": "MyApp", "displayName": "MyApp"}"#.utf8).write(to: empty.appendingPathComponent("app.json"))
        let bare = try await HeraldProcess.run(["doctor", empty.appendingPathComponent("app.json").path])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("a React Native app's app.json (no \"expo\" key), with no ios/ folder beside it"))
        #expect(!bare.stderr.contains("prebuild") && bare.stdout.isEmpty)
    }

    @Test func aWorkspaceLeadsToItsProjectButNotToPods() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        let workspace = root.appendingPathComponent("App.xcworkspace")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        // A project outside the workspace's folder is not read.
        let fixture = Self.fixture("mattermost-mattermost-mobile/ios/Mattermost.xcodeproj")
        try Data("<Workspace>\n  <FileRef location = \"absolute:\(fixture)\"></FileRef>\n</Workspace>\n".utf8)
            .write(to: workspace.appendingPathComponent("contents.xcworkspacedata"))
        let outside = try await HeraldProcess.run(["doctor", workspace.path])
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("the workspace names \(fixture), outside the folder herald doctor was given (\(root.path))"), "\(outside.stderr)")
        try FileManager.default.copyItem(atPath: Self.fixture("mattermost-mattermost-mobile/ios"), toPath: root.appendingPathComponent("ios").path)
        let project = root.appendingPathComponent("ios/Mattermost.xcodeproj").path
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <FileRef location = "absolute:\(project)"></FileRef>
               <FileRef location = "group:Pods/Pods.xcodeproj"></FileRef>
            </Workspace>
            """.utf8
        ).write(to: workspace.appendingPathComponent("contents.xcworkspacedata"))
        let result = try await HeraldProcess.run(["doctor", "--json", workspace.path])
        #expect(result.status == 0)
        let projects = try #require(try JSONValue(parsing: result.stdout)["projects"]?.arrayValue)
        #expect(projects.map { $0["project"]?.stringValue ?? "" } == [project])
        // A group's location is the base of the references inside it.
        let ios = URL(fileURLWithPath: project).deletingLastPathComponent().path
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <Workspace version = "1.0">
               <Group location = "absolute:\(ios)" name = "ios">
                  <FileRef location = "group:Mattermost.xcodeproj"></FileRef>
               </Group>
            </Workspace>
            """.utf8
        ).write(to: workspace.appendingPathComponent("contents.xcworkspacedata"))
        let grouped = try await HeraldProcess.run(["doctor", "--json", "--problems-only", workspace.path])
        #expect(grouped.status == 0)
        let only = try #require(try JSONValue(parsing: grouped.stdout)["projects"]?.arrayValue?.first)
        #expect(only["project"]?.stringValue == project)
        #expect(only["findings"] == [])
        try Data("<Workspace>\n  <FileRef location = \"group:Missing.xcodeproj\"\n  <Group>\n".utf8)
            .write(to: workspace.appendingPathComponent("contents.xcworkspacedata"))
        let broken = try await HeraldProcess.run(["doctor", workspace.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("contents.xcworkspacedata:3: not a readable workspace"), "\(broken.stderr)")
        try Data("<Workspace>\n  <FileRef location = \"group:Missing.xcodeproj\"></FileRef>\n</Workspace>\n".utf8)
            .write(to: workspace.appendingPathComponent("contents.xcworkspacedata"))
        let missing = try await HeraldProcess.run(["doctor", workspace.path])
        #expect(missing.stderr.contains("the workspace names \(root.path)/Missing.xcodeproj, which does not exist"))
    }

    /// The re-probe, as it was run: an `.xcconfig` including `/proc/self/environ` and a bundle id
    /// set from what it read printed the environment.
    @Test func anIncludeOfTheEnvironmentPrintsNothingOfIt() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        let ios = root.appendingPathComponent("ios")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture("mattermost-mattermost-mobile/ios"), toPath: ios.path)
        let file = ios.appendingPathComponent("Mattermost.xcodeproj/project.pbxproj")
        let text = try String(contentsOf: file, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "= com.mattermost.rnbeta.NotificationService;", with: "= \"$(L0)\";").utf8).write(to: file)
        let support = ios.appendingPathComponent("Pods/Target Support Files/Pods-NotificationService")
        try FileManager.default.createDirectory(at: support, withIntermediateDirectories: true)
        for configuration in ["debug", "release"] {
            try Data("#include \"/proc/self/environ\"\nL0 = $(ZZZ)\n".utf8).write(to: support.appendingPathComponent("Pods-NotificationService.\(configuration).xcconfig"))
        }
        let secret = "sekrit-\(UUID().uuidString)"
        let result = try await HeraldProcess.run(["doctor", root.path], environment: ["ZZZ": "hello", "SECRET_TOKEN": secret])
        // The bundle id is empty: $(ZZZ) is defined nowhere doctor read, and the app's Pods
        // .xcconfig, which is not there, may define it, so that is a warning.
        #expect(result.status == 0)
        #expect(result.stdout.contains("(taking $(ZZZ), defined nowhere, as empty; the missing"), "\(result.stdout)")
        #expect(
            result.stdout.contains("file-outside: Pods-NotificationService.debug.xcconfig line 1 includes /proc/self/environ, which is outside the folder herald doctor was given"),
            "\(result.stdout)")
        #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret))
        #expect(!result.stdout.contains("hello") && !result.stdout.contains("\\u{0}"))
        #expect(!result.crashed)
    }

    @Test func anExpoConfigBeforePrebuildIsCheckedForTheAppsKeys() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let config = folder.appendingPathComponent("app.json")
        try Data(
            #"{"expo": {"name": "Chat", "plugins": [["onesignal-expo-plugin", {"mode": "development"}]], "ios": {"infoPlist": {"NSUserActivityTypes": ["INSendMessageIntent"]}}}}"#
                .utf8
        ).write(to: config)
        let missing = try await HeraldProcess.run(["doctor", config.path])
        #expect(missing.status == 1)
        #expect(missing.stdout.contains("info    service-extension: no ios/ folder yet"))
        #expect(missing.stdout.contains("(plugins: onesignal-expo-plugin)"))
        #expect(missing.stdout.contains("Chat\n  error   communication-capability: its entitlements have no com.apple.developer.usernotifications.communication"))
        #expect(missing.stdout.contains(#"fix: In app.json, set expo.ios.entitlements["com.apple.developer.usernotifications.communication"] to true."#))
        #expect(missing.stdout.contains("ok      activity-types: NSUserActivityTypes lists INSendMessageIntent"))
        try Data(
            #"{"expo": {"name": "Chat", "ios": {"entitlements": {"com.apple.developer.usernotifications.communication": true}, "infoPlist": {"NSUserActivityTypes": ["INSendMessageIntent"]}}}}"#
                .utf8
        ).write(to: config)
        let fine = try await HeraldProcess.run(["doctor", "--json", config.path])
        #expect(fine.status == 0)
        let findings = try #require(try JSONValue(parsing: fine.stdout)["projects"]?.arrayValue?.first?["findings"]?.arrayValue)
        #expect(findings.map { $0["status"]?.stringValue ?? "" } == ["info", "ok", "ok"])
        try Data("{\n  \"expo\": {\n    \"name\": \"Chat\",,\n  }\n}".utf8).write(to: config)
        let broken = try await HeraldProcess.run(["doctor", config.path])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("app.json:3: not valid JSON"))
    }
}
