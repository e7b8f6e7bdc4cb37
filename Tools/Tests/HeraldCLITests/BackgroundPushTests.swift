import Foundation
import HeraldCore
import Testing

/// Background pushes built and sent as Apple asks, and lint's view of them, from the command line.
@Suite("background pushes")
struct BackgroundPushTests {
    static let send = ["send", "apns", "--topic", "com.example.chat", "--sandbox", "--token", SendCommandTests.token, "--dry-run"]

    @Test func aBuiltBackgroundPushHasNoAlertAndGoesAtPriorityFive() async throws {
        let result = try await HeraldProcess.run(Self.send + ["--push-type", "background", "--sender-name", "Maya", "--conversation", "conv-1"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("apns-push-type: background\n"))
        #expect(result.stdout.contains("apns-priority: 5\n"))
        let body = try SendCommandTests.body(ofDryRun: result.stdout)
        #expect(body == ["aps": ["content-available": 1], "communication": ["sender_name": "Maya", "conversation_id": "conv-1"]])
    }

    @Test func whatABackgroundPushWouldNotShowIsRefused() async throws {
        let text = try await HeraldProcess.run(Self.send + ["--push-type", "background", "--text", "hi", "--category", "c"])
        #expect(text.status == 2)
        #expect(text.stderr.contains("a background push shows nothing, so --text, --category would be lost"))
        let priority = try await HeraldProcess.run(Self.send + ["--push-type", "background", "--priority", "10"])
        #expect(priority.status == 2)
        #expect(priority.stderr.contains("--priority 10: a background push must have apns-priority 5"))
        // An alert push still needs its text.
        let alert = try await HeraldProcess.run(Self.send)
        #expect(alert.status == 2)
        #expect(alert.stderr.contains("give a payload file, or --text"))
    }

    @Test func aPayloadFileWithAnAlertIsNotSentAsABackgroundPush() async throws {
        let payload = Data(#"{"aps": {"alert": "hi", "content-available": 1}}"#.utf8)
        let result = try await HeraldProcess.run(Self.send + ["--push-type", "background", "-"], stdin: payload)
        #expect(result.status == 2)
        #expect(result.stderr.contains("background-with-alert: a background push carries no alert"))
        let data = Data(#"{"aps": {"content-available": 1}, "sync": "inbox"}"#.utf8)
        let good = try await HeraldProcess.run(Self.send + ["--push-type", "background", "-"], stdin: data)
        #expect(good.status == 0)
        #expect(good.stdout.contains("apns-priority: 5\n"))
    }

    @Test func lintJudgesABackgroundPushByTheHeadersGiven() async throws {
        let data = Data(#"{"aps": {"content-available": 1}, "communication": {"sender_name": "Maya"}}"#.utf8)
        let hint = try await HeraldProcess.run(["lint", "-"], stdin: data)
        #expect(hint.status == 0)
        #expect(hint.stdout.contains("info    background-push-type:"))
        let wrong = try await HeraldProcess.run(["lint", "--push-type", "background", "--priority", "10", "-"], stdin: data)
        #expect(wrong.status == 1)
        #expect(wrong.stdout.contains("error   background-priority: a background push must have apns-priority 5, not 10"))
        let typo = try await HeraldProcess.run(["lint", "--push-type", "backgrund", "-"], stdin: data)
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("--push-type backgrund is no APNs push type"))
        #expect(typo.stderr.contains("did you mean background?"))
        #expect(try await HeraldProcess.run(["lint", "--priority", "7", "-"], stdin: data).stderr.contains(#"--priority 7: apns-priority "7" is not 10, 5 or 1"#))
        let right = try await HeraldProcess.run(["lint", "--push-type", "background", "--priority", "5", "-"], stdin: data)
        #expect(right.status == 0)
        #expect(right.stdout.contains("no problems"))
    }

    @Test func lintWithAProjectChecksATimeSensitivePushAgainstTheAppsCapability() async throws {
        // Bark's app has the Time Sensitive Notifications capability.
        let bark = HeraldProcess.path("Tools/Tests/HeraldDoctorTests/Fixtures/xcode/Finb-Bark")
        let payload = Data(#"{"aps": {"alert": {"title": "A", "body": "b"}, "mutable-content": 1, "interruption-level": "time-sensitive"}}"#.utf8)
        let result = try await HeraldProcess.run(["lint", "--project", bark, "-"], stdin: payload)
        #expect(result.status == 0)
        #expect(!result.stdout.contains("time-sensitive-entitlement"))
        // Element X's app has not.
        let element = HeraldProcess.path("Tools/Tests/HeraldDoctorTests/Fixtures/xcode/element-hq-element-x-ios")
        let warned = try await HeraldProcess.run(["lint", "--project", element, "-"], stdin: payload)
        #expect(warned.stdout.contains("warning time-sensitive-entitlement: interruption-level is time-sensitive, but ElementX has no"), "\(warned.stdout)")
    }

    @Test func lintWithAProjectNamesTheContentExtensionsCategories() async throws {
        let bark = HeraldProcess.path("Tools/Tests/HeraldDoctorTests/Fixtures/xcode/Finb-Bark")
        let payload = Data(#"{"aps": {"alert": {"title": "A", "body": "b"}, "mutable-content": 1, "category": "cpy"}}"#.utf8)
        let result = try await HeraldProcess.run(["lint", "--project", bark, "-"], stdin: payload)
        #expect(result.status == 0)
        #expect(
            result.stdout.contains(
                "warning category-without-content-extension: aps.category \"cpy\" is no content extension's category (copy (NotificationContentExtension), myNotificationCategory (NotificationContentExtension))"
            ))
        #expect(result.stdout.contains("did you mean \"copy\"?"))
        let missing = try await HeraldProcess.run(["lint", "--project", "/no/such/project", "-"], stdin: payload)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--project: /no/such/project: no such file or folder"))
    }

    @Test func previewShowsABackgroundPushAsNothingAndLintsItWithTheHeadersGiven() async throws {
        let data = Data(#"{"aps": {"content-available": 1}, "communication": {"sender_name": "Maya"}}"#.utf8)
        let shaped = try await HeraldProcess.run(["preview", "--no-fetch", "-"], stdin: data)
        #expect(shaped.stdout.contains("Extension:  does not run (a background push: iOS shows nothing)\n\n  (nothing: a background push is not shown)\n"))
        #expect(shaped.stdout.contains("- a background push: iOS shows nothing, and wakes the app to receive it [extension-will-not-run]"))
        #expect(shaped.stdout.contains("info    background-push-type:"))
        let wrong = try await HeraldProcess.run(["preview", "--no-fetch", "--push-type", "background", "--priority", "10", "-"], stdin: data)
        #expect(wrong.stdout.contains("error   background-priority: a background push must have apns-priority 5, not 10"))
        let alert = Data(#"{"aps": {"alert": {"body": "b"}, "mutable-content": 1}}"#.utf8)
        let shown = try await HeraldProcess.run(["preview", "--no-fetch", "--push-type", "alert", "-"], stdin: alert)
        #expect(shown.stdout.contains("\n  b\n"))
        #expect(!shown.stdout.contains("background"))
    }

    @Test func previewWithAProjectNamesTheContentExtensionsCategories() async throws {
        let bark = HeraldProcess.path("Tools/Tests/HeraldDoctorTests/Fixtures/xcode/Finb-Bark")
        let payload = Data(#"{"aps": {"alert": {"title": "A", "body": "b"}, "mutable-content": 1, "category": "cpy"}}"#.utf8)
        let result = try await HeraldProcess.run(["preview", "--no-fetch", "--project", bark, "-"], stdin: payload)
        #expect(result.status == 0)
        #expect(result.stdout.contains("warning category-without-content-extension: aps.category \"cpy\" is no content extension's category"))
        let missing = try await HeraldProcess.run(["preview", "--project", "/no/such/project", "-"], stdin: payload)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--project: /no/such/project: no such file or folder"))
    }
}
