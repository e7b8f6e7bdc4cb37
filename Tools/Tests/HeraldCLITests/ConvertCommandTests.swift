import Foundation
import HeraldCore
import Testing

@Suite("herald convert, and request bodies in preview and lint")
struct ConvertCommandTests {
    static let oneSignalBody = #"{"app_id": "5eb5a37e-b458-11e3-ac11-000c2940e62c", "include_aliases": {"external_id": ["u-1"]}, "target_channel": "push", "headings": {"en": "Maya Lindqvist"}, "subtitle": {"en": "Weekend climbing"}, "contents": {"en": "Rope is packed.", "de": "Seil ist gepackt."}, "data": {"communication": {"sender_name": "Maya Lindqvist", "conversation_id": "conv-8c2f1e", "group_name": "Weekend climbing"}}}"#

    /// What `herald send onesignal --dry-run` writes, converted back, is the message it was given.
    @Test func aOneSignalDryRunConvertsBackToTheSameMessage() async throws {
        let sent = try await HeraldProcess.run(
            ["send", "onesignal", "--app-id", "app-1", "--external-id", "u-1", "--dry-run"] + SendCommandTests.messageFlags)
        #expect(sent.status == 0)
        let body = try SendCommandTests.body(ofDryRun: sent.stdout)
        let converted = try await HeraldProcess.run(["convert", "-"], stdin: Data(body.jsonText().utf8))
        #expect(converted.status == 0, "\(converted.stderr)")
        let payload = try JSONValue(parsing: converted.stdout)
        let message = Layout.oneSignal.decode(payload).message
        #expect(message == Message(
            sender: Person(identifier: "user-1842", displayName: "Maya Lindqvist"), conversationIdentifier: "conv-8c2f1e",
            groupName: "Weekend climbing", groupAvatarURL: URL(string: "https://cdn.example.com/g/8c2f1e.png"), recipients: ["user-2210", "user-3307"]))
        #expect(payload["aps"]?["alert"]?["body"] == "Rope is packed.")
        #expect(converted.stderr.contains("contents.en → aps.alert.body"))
        #expect(converted.stderr.contains("read by OneSignal itself, not sent to the phone"))
    }

    @Test func aRequestBodyPreviewsAsThePhoneWouldShowIt() async throws {
        let result = try await HeraldProcess.run(["preview", "--no-fetch", "-"], stdin: Data(Self.oneSignalBody.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains("Request:    a request body for the OneSignal REST API"))
        #expect(result.stdout.contains("Extension:  runs"))
        // No picture: the group's initials, as the extension draws them.
        #expect(result.stdout.contains("(WC) Maya Lindqvist · Weekend climbing"), "\(result.stdout)")
        #expect(result.stdout.contains("contents also has de"))
        #expect(result.stdout.contains("The payload the phone receives for this request:\n  {\n    \"aps\": {"))
        let german = try await HeraldProcess.run(["preview", "--no-fetch", "--json", "--language", "de", "-"], stdin: Data(Self.oneSignalBody.utf8))
        let json = try JSONValue(parsing: german.stdout)
        #expect(json["content"]?["body"] == "Seil ist gepackt.")
        #expect(json["request"]?["provider"] == "onesignal")
        #expect(json["request"]?["payload"]?["custom"]?["i"] == "(assigned by OneSignal)")
    }

    @Test func lintOfARequestBodyLintsThePayloadItBecomes() async throws {
        // Expo sends mutable-content only when asked: without it the extension never runs.
        let expo = #"{"to": "ExponentPushToken[abc]", "title": "Maya", "body": "Rope is packed.", "data": {"sender_name": "Maya"}}"#
        let result = try await HeraldProcess.run(["lint", "--json", "-"], stdin: Data(expo.utf8))
        #expect(result.status == 1)
        let file = try #require(try JSONValue(parsing: result.stdout)["files"]?.arrayValue?.first)
        #expect(file["request"] == "expo")
        #expect(file["layout"] == "expo")
        #expect(file["findings"]?.arrayValue?.map { $0["rule"] } == ["no-mutable-content"])
        #expect(file["findings"]?.arrayValue?.first?["message"]?.stringValue?.contains("\"mutableContent\": true") == true)
    }

    @Test func lintWarnsOfAMisspeltRequestField() async throws {
        let body = Self.oneSignalBody.replacingOccurrences(of: "\"headings\"", with: "\"heading\"")
        let result = try await HeraldProcess.run(["lint", "-"], stdin: Data(body.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains("warning request-field-unknown: heading is not a field the OneSignal REST API delivers, so it never reaches the phone; did you mean headings?"))
    }

    @Test func aRequestTheProviderWouldRefuseIsAnErrorEverywhere() async throws {
        let refused = Data(#"{"message": {"token": "t", "notification": {"body": "hi"}, "data": {"unread": 3}}}"#.utf8)
        let lint = try await HeraldProcess.run(["lint", "-"], stdin: refused)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("request-refused: the FCM HTTP v1 API would refuse this request: data.unread is a JSON number"))
        let preview = try await HeraldProcess.run(["preview", "--json", "-"], stdin: refused)
        #expect(preview.status == 1)
        #expect(try JSONValue(parsing: preview.stdout)["error"]?["code"] == "request-refused")
        let convert = try await HeraldProcess.run(["convert", "-"], stdin: refused)
        #expect(convert.status == 1)
        #expect(convert.stderr.contains("write it as JSON text (\"unread\": \"3\")"))
    }

    @Test func aDevicePayloadIsNotConverted() async throws {
        let result = try await HeraldProcess.run(["convert", HeraldProcess.path("Examples/onesignal-group-message.json")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("not a OneSignal, FCM v1 or Expo request body. It has aps, so it already is what the phone receives"))
        #expect(result.stdout.isEmpty)
    }

    @Test func convertJSONCarriesPayloadHeadersAndDecisions() async throws {
        let fcm = #"{"message": {"token": "t", "notification": {"title": "Maya", "body": "hi"}, "apns": {"headers": {"apns-collapse-id": "m-1"}, "payload": {"aps": {"mutable-content": 1}}}}}"#
        let result = try await HeraldProcess.run(["convert", "--json", "-"], stdin: Data(fcm.utf8))
        #expect(result.status == 0)
        let json = try JSONValue(parsing: result.stdout)
        #expect(json["provider"] == "fcm")
        #expect(json["headers"] == ["apns-collapse-id": "m-1"])
        #expect(json["payload"]?["aps"] == ["alert": ["title": "Maya", "body": "hi"], "mutable-content": 1])
        #expect(json["decisions"]?.arrayValue?.first?["code"] == "request-converted")
    }
}
