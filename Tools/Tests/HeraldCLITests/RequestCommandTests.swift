import Foundation
import HeraldCore
import Testing

/// `herald request fcm|expo`: the body a backend posts, read back by `herald convert` as the
/// provider delivers it, and refused with a reason when it would not work.
@Suite("herald request")
struct RequestCommandTests {
    static let expoToken = "ExponentPushToken[xxxxxxxxxxxxxxxxxxxxxx]"

    /// The body `request` prints for `flags`, and what `convert --json` makes of it.
    static func requestThenConvert(_ flags: [String]) async throws -> (body: JSONValue, stderr: String, converted: JSONValue) {
        let requested = try await HeraldProcess.run(["request"] + flags)
        #expect(requested.status == 0, "\(flags): \(requested.stderr)")
        let converted = try await HeraldProcess.run(["convert", "--json", "-"], stdin: Data(requested.stdout.utf8))
        #expect(converted.status == 0, "\(flags): \(converted.stderr)")
        return (try JSONValue(parsing: requested.stdout), requested.stderr, try JSONValue(parsing: converted.stdout))
    }

    @Test func anFCMBodyConvertsBackToTheMessageWithItsHeaders() async throws {
        let (body, _, converted) = try await Self.requestThenConvert(["fcm", "--to", "fcm-token-1", "--message-id", "m-7"] + SendCommandTests.messageFlags)
        #expect(body["message"]?["token"] == "fcm-token-1")
        #expect(converted["provider"] == "fcm")
        #expect(converted["headers"] == ["apns-collapse-id": "m-7", "apns-priority": "10", "apns-push-type": "alert"])
        let payload = try #require(converted["payload"])
        let message = Layout.fcm.decode(payload).message
        #expect(message.identifier == "m-7")
        #expect(message.sender?.displayName == "Maya Lindqvist")
        #expect(message.conversationIdentifier == "conv-8c2f1e")
        #expect(payload["aps"]?["alert"]?["body"] == "Rope is packed.")
        #expect(payload["aps"]?["category"] == "herald.message")
        #expect(payload["aps"]?["mutable-content"] == 1)
    }

    @Test func anExpoBodyConvertsBackToTheMessageAndNamesWhatExpoCannotCarry() async throws {
        let (body, stderr, converted) = try await Self.requestThenConvert(["expo", "--to", Self.expoToken, "--replaces", "m-7"] + SendCommandTests.messageFlags)
        #expect(body["to"] == .string(Self.expoToken))
        #expect(converted["provider"] == "expo")
        let payload = try #require(converted["payload"])
        let message = Layout.expo.decode(payload).message
        #expect(message.action == .replace("m-7"))
        #expect(message.sender?.displayName == "Maya Lindqvist")
        #expect(payload["aps"]?["mutable-content"] == 1)
        #expect(stderr.contains("note: thread-id: Expo has no field for it"))
        #expect(stderr.contains("note: apns-collapse-id m-7: Expo has no field for it"))
    }

    @Test func aDeleteForTheBackgroundFallbackIsABackgroundPush() async throws {
        let (_, _, converted) = try await Self.requestThenConvert(["fcm", "--to", "fcm-token-1", "--retract", "m-1", "--retract-fallback", "background"])
        #expect(converted["payload"]?["aps"] == ["content-available": 1])
        #expect(converted["headers"]?["apns-push-type"] == "background" && converted["headers"]?["apns-priority"] == "5")
        // Through Expo the app removes it, so nothing is said about the extension removing it.
        let (_, stderr, expo) = try await Self.requestThenConvert(["expo", "--to", Self.expoToken, "--retract", "m-1", "--retract-fallback", "background"])
        #expect(expo["payload"]?["aps"] == ["content-available": 1])
        #expect(!stderr.contains("collapse"), "\(stderr)")
    }

    @Test func anEmptyCategorySendsNone() async throws {
        let (body, _, _) = try await Self.requestThenConvert(["expo", "--to", Self.expoToken, "--category", ""] + SendCommandTests.messageFlags)
        #expect(body["categoryId"] == nil)
    }

    @Test(arguments: [
        (["fcm", "--to", String(repeating: "ab", count: 32), "--text", "hi"], "is an APNs device token; FCM sends to the app's FCM registration token"),
        (["fcm", "--to", "a", "--to", "b", "--text", "hi"], "an FCM v1 request goes to one registration token"),
        (["expo", "--to", "abc", "--text", "hi"], "--to abc is no Expo push token"),
        (["expo", "--retract", "m-1"], "--retract and --clear-conversation need --retract-fallback filtered, visible or background"),
        (["fcm", "--sender-name", "M", "--text", "hi", "--retract-fallback", "background"], "--retract-fallback goes with --retract or --clear-conversation"),
        (["fcm", "--to", "", "--text", "hi"], "--to number 1 is empty"),
        (["fcm", "--to", Self.expoToken, "--text", "hi"], "is an Expo push token: write the request for Expo"),
        (["expo", "--to", Self.expoToken, "--to", Self.expoToken, "--text", "hi"], "is given twice"),
        (["fcm", "--retract", "m-1", "--retract-fallback", "background", "--text", "gone"], "a background push shows nothing, so --text would be lost"),
        (["fcm", "--sender-name", "Maya"], "give --text (with --sender-name for a communication notification)"),
        (["expo", "--text", "hi", "--message-id", String(repeating: "m", count: 65)], "is 65 bytes; at most 64"),
        (["apns", "--text", "hi"], "The value 'apns' is invalid for '<provider>'"),
    ])
    func badInputIsRefusedWithAReason(arguments: [String], reason: String) async throws {
        let result = try await HeraldProcess.run(["request"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
    }
}
