import Foundation
import HeraldCore
import HeraldSending
import HeraldOneSignal
import Testing

@Suite struct OneSignalNotificationTests {
    let key = UUID(uuidString: "5B0F7C1E-2D3A-4B5C-8D9E-0F1A2B3C4D5E")!

    @Test func bodyCarriesEveryFieldInOneSignalsSpelling() throws {
        var notification = OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .subscriptionIDs(["sub-1", "sub-2"]), idempotencyKey: key)
        notification.collapseID = "conv-8c2f1e"
        notification.timeToLive = .seconds(3600)
        let body = notification.body()
        #expect(body["app_id"] == .string(Samples.appID))
        #expect(body["include_subscription_ids"] == ["sub-1", "sub-2"])
        #expect(body["include_aliases"] == nil)
        #expect(body["target_channel"] == nil)
        #expect(body["headings"] == ["en": "Maya Lindqvist"])
        #expect(body["subtitle"] == ["en": "Weekend climbing 🧗"])
        #expect(body["contents"] == ["en": "Rope is packed. Who's bringing the chalk? ✨"])
        #expect(body["data"] == Layout.oneSignal.encodedData(Samples.message))
        #expect(body["thread_id"] == "conv-8c2f1e")
        #expect(body["ios_category"] == "MESSAGE")
        #expect(body["ios_interruption_level"] == "time_sensitive")
        #expect(body["ios_relevance_score"] == 0.8)
        #expect(body["collapse_id"] == "conv-8c2f1e")
        #expect(body["ttl"] == 3600)
        #expect(body["mutable_content"] == true)
        #expect(body["idempotency_key"] == "5b0f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e")
        #expect(body["ios_attachments"] == nil, "attachments travel in data by default")
        // What goes on the wire is the same value, keys sorted.
        #expect(try JSONValue(parsing: notification.bodyData()) == body)
        #expect(String(decoding: notification.bodyData(), as: UTF8.self).hasPrefix(#"{"app_id":"#))
    }

    @Test func aMessageWithoutACategoryNamesHeraldsOwn() {
        var outgoing = Samples.outgoing
        outgoing.category = nil
        #expect(OneSignalNotification(outgoing, appID: Samples.appID, targeting: .subscriptionIDs(["sub-1"])).body()["ios_category"] == "herald.message")
    }

    @Test func externalIDsTargetAliasesOnThePushChannel() {
        let body = OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .externalIDs(["user-2210"])).body()
        #expect(body["include_aliases"] == ["external_id": ["user-2210"]])
        #expect(body["target_channel"] == "push")
        #expect(body["include_subscription_ids"] == nil)
    }

    @Test func anotherLanguageAlsoFillsEnglish() {
        let body = OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .externalIDs(["u"]), language: "sv").body()
        #expect(body["contents"] == ["sv": "Rope is packed. Who's bringing the chalk? ✨", "en": "Rope is packed. Who's bringing the chalk? ✨"])
        #expect(body["headings"] == ["sv": "Maya Lindqvist", "en": "Maya Lindqvist"])
    }

    @Test func titleAndSubtitleOverridesAndAbsences() {
        var outgoing = OutgoingMessage(message: Message(), text: "Server restarted")
        var body = OneSignalNotification(outgoing, appID: Samples.appID, targeting: .externalIDs(["u"])).body()
        #expect(body["headings"] == nil)
        #expect(body["subtitle"] == nil)
        #expect(body["data"] == nil, "an empty data object is left out")
        #expect(body["thread_id"] == nil)
        outgoing.title = "Ops"
        outgoing.subtitle = "eu-west"
        body = OneSignalNotification(outgoing, appID: Samples.appID, targeting: .externalIDs(["u"])).body()
        #expect(body["headings"] == ["en": "Ops"])
        #expect(body["subtitle"] == ["en": "eu-west"])
    }

    @Test func eachNotificationGetsItsOwnIdempotencyKey() {
        let first = OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .externalIDs(["u"]))
        let second = OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .externalIDs(["u"]))
        #expect(first.idempotencyKey != second.idempotencyKey)
    }

    // MARK: - What the phone decodes

    /// The payload OneSignal delivers for a notification: `aps`, the data at `custom.a`, the
    /// notification id at `custom.i`, and `ios_attachments` as `att`.
    static func delivered(_ notification: OneSignalNotification) -> JSONValue {
        let body = notification.body()
        var alert: [String: JSONValue] = ["body": body["contents"]?["en"] ?? .null]
        alert["title"] = body["headings"]?["en"]
        alert["subtitle"] = body["subtitle"]?["en"]
        var aps: [String: JSONValue] = ["alert": .object(alert), "mutable-content": 1]
        aps["thread-id"] = body["thread_id"]
        var payload: [String: JSONValue] = [
            "aps": .object(aps),
            "custom": ["a": body["data"] ?? .object([:]), "i": "b98881cc-1e94-4366-bbd9-db8f3429292b"],
        ]
        payload["att"] = body["ios_attachments"]
        return .object(payload)
    }

    @Test(arguments: [OneSignalNotification.AttachmentPlacement.data, .both])
    func thePhoneDecodesTheMessageThatWasSent(placement: OneSignalNotification.AttachmentPlacement) {
        let notification = OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .externalIDs(["u"]), attachments: placement)
        let payload = Self.delivered(notification)
        #expect(Layout.detect(in: payload).layout == .oneSignal)
        let decoded = Layout.oneSignal.decode(payload)
        #expect(decoded.message == Samples.message)
        #expect(decoded.message.attachments.count == 2, "each URL once, though .both sends it twice")
    }

    @Test func placementDecidesWhereAttachmentsGo() {
        func notification(_ placement: OneSignalNotification.AttachmentPlacement) -> OneSignalNotification {
            OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .externalIDs(["u"]), attachments: placement)
        }
        let urls = Samples.message.attachments.map(\.url)
        #expect(notification(.data).data["attachments"]?.arrayValue?.count == 2)
        #expect(notification(.data).iosAttachments.isEmpty)
        #expect(notification(.iosAttachments).data["attachments"] == nil)
        #expect(notification(.iosAttachments).iosAttachments == ["1": urls[0], "2": urls[1]])
        #expect(notification(.both).iosAttachments.count == 2)
        #expect(notification(.both).data["attachments"]?.arrayValue?.count == 2)
    }

    @Test func iosAttachmentsKeepTheirOrderOnThePhone() {
        var message = Samples.message
        message.attachments = (1...12).map { Message.Attachment(url: URL(string: "https://cdn.example.com/\($0).png")!, kind: .image) }
        let outgoing = OutgoingMessage(message: message, text: "twelve photos")
        let notification = OneSignalNotification(outgoing, appID: Samples.appID, targeting: .externalIDs(["u"]), attachments: .iosAttachments)
        #expect(notification.iosAttachments.keys.sorted().prefix(3) == ["01", "02", "03"])
        // Kinds the URL's extension implies survive; so the whole message does.
        #expect(Layout.oneSignal.decode(Self.delivered(notification)).message == message)
    }

    // MARK: - Validation

    @Test func aValidNotificationPasses() throws {
        try OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .externalIDs(["u"])).validate()
    }

    @Test func validationRefusesWhatOneSignalWould() {
        let valid = OneSignalNotification(Samples.outgoing, appID: Samples.appID, targeting: .externalIDs(["u"]))
        func code(_ change: (inout OneSignalNotification) -> Void) -> OneSignalError.Code? {
            var notification = valid
            change(&notification)
            do {
                try notification.validate()
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code { $0.appID = " " } == .missingAppID)
        #expect(code { $0.targeting = .subscriptionIDs([]) } == .noTargets)
        #expect(code { $0.targeting = .externalIDs((0...2000).map(String.init)) } == .tooManyTargets)
        #expect(code { $0.targeting = .externalIDs((1...2000).map(String.init)) } == nil)
        #expect(code { $0.contents = [:] } == .missingContents)
        #expect(code { $0.contents = ["sv": "Hej"] } == .missingContents)
        #expect(code { $0.contents = ["en": ""] } == .missingContents)
        #expect(code { $0.data = ["blob": .string(String(repeating: "x", count: 2040))] } == .invalidData)
        #expect(code { $0.data = ["blob": .string(String(repeating: "x", count: 2037))] } == nil, "exactly 2048 bytes")
        #expect(code { $0.data = "text" } == .invalidData)
        #expect(code { $0.collapseID = String(repeating: "é", count: 33) } == .collapseIDTooLong)
        #expect(code { $0.collapseID = String(repeating: "c", count: 64) } == nil)
        #expect(code { $0.relevanceScore = 1.5 } == .invalidRelevanceScore)
        #expect(code { $0.relevanceScore = .nan } == .invalidRelevanceScore)
        #expect(code { $0.interruptionLevel = InterruptionLevel(rawValue: "urgent") } == .unknownInterruptionLevel)
        #expect(code { $0.timeToLive = .seconds(-1) } == .invalidTimeToLive)
    }

    @Test func batchesSplitLongTargetLists() {
        let targeting = OneSignalTargeting.externalIDs((1...4500).map(String.init))
        let batches = targeting.batches()
        #expect(batches.map(\.ids.count) == [2000, 2000, 500])
        #expect(batches.allSatisfy { $0.aliasLabel == "external_id" })
        #expect(batches.flatMap(\.ids) == targeting.ids)
        #expect(OneSignalTargeting.subscriptionIDs([]).batches().isEmpty)
        #expect(OneSignalTargeting.subscriptionIDs(["a"]).aliasLabel == nil)
    }
}
