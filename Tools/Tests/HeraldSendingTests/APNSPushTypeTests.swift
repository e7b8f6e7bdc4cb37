import Foundation
import HeraldSending
import Testing

@Suite struct APNSPushTypeTests {
    // The suffixes as the reference table lists them, written out by hand.
    @Test(arguments: [
        (APNSPushType.alert, ""), (.background, ""), (.voip, ".voip"), (.complication, ".complication"),
        (.fileProvider, ".pushkit.fileprovider"), (.liveActivity, ".push-type.liveactivity"),
        (.location, ".location-query"), (.pushToTalk, ".voip-ptt"), (.widgets, ".push-type.widgets"),
        (.controls, ".push-type.controls"),
    ])
    func knownTypesRequireTheirTopicSuffix(type: APNSPushType, suffix: String) {
        #expect(type.topicSuffix == suffix)
    }

    @Test func unknownTypesSurviveAndFixNoSuffix() {
        let future = APNSPushType(rawValue: "hologram")
        #expect(future.rawValue == "hologram")
        #expect(!future.isKnown)
        #expect(future.topicSuffix == nil)
        #expect(APNSPushType.mdm.topicSuffix == nil)
    }

    @Test func onlyVoIPMayCarryMoreThan4096Bytes() {
        #expect(APNSPushType.voip.maximumPayloadByteCount == 5120)
        for type in APNSPushType.known where type != .voip {
            #expect(type.maximumPayloadByteCount == 4096)
        }
    }

    @Test func theSizeLimitIsThePushTypes() {
        #expect(APNSPushType.alert.violation(payloadByteCount: 4096) == nil)
        #expect(APNSPushType.alert.violation(payloadByteCount: 4097) == .payloadTooLarge(byteCount: 4097, pushType: .alert))
        #expect(APNSPushType.voip.violation(payloadByteCount: 5120) == nil)
        #expect(APNSPushType.voip.violation(payloadByteCount: 5121) == .payloadTooLarge(byteCount: 5121, pushType: .voip))
        #expect(
            APNSRuleViolation.payloadTooLarge(byteCount: 4097, pushType: .alert).description
                == "the payload is 4097 bytes, 1 over the 4096 APNs allows for push type alert")
    }

    @Test func aBackgroundPushNeedsPriorityFiveAndOthersTakeAny() {
        #expect(APNSPushType.background.requiredPriority == .considerPower)
        #expect(APNSPushType.background.violation(priority: .considerPower) == nil)
        #expect(
            APNSPushType.background.violation(priority: nil)
                == .priorityNotAllowed(pushType: .background, priority: nil, required: .considerPower))
        let atTen = APNSPushType.background.violation(priority: .immediately)
        #expect(atTen == .priorityNotAllowed(pushType: .background, priority: .immediately, required: .considerPower))
        #expect(atTen?.description == "a background push must have apns-priority 5, not 10")
        #expect(APNSPushType.background.violation(priority: nil)?.description == "a background push must set apns-priority 5 (absent means 10)")
        for type in APNSPushType.known where type != .background {
            #expect(type.requiredPriority == nil)
            for priority in APNSPriority.known.map(Optional.some) + [nil] { #expect(type.violation(priority: priority) == nil) }
        }
    }

    @Test func headerValuesAreReadAsAPNsReadsThem() throws {
        #expect(try APNSPushType(headerValue: "voip") == .voip)
        #expect(throws: APNSRuleViolation.unknownPushType(APNSPushType(rawValue: "backgrund"))) { try APNSPushType(headerValue: "backgrund") }
        #expect(try APNSPriority(headerValue: "5") == .considerPower)
        for text in ["7", "high", "", "05x"] {
            #expect(throws: APNSRuleViolation.unknownPriority(text)) { try APNSPriority(headerValue: text) }
        }
        #expect(APNSRuleViolation.unknownPriority("high").description == #"apns-priority "high" is not 10, 5 or 1"#)
    }

    @Test func aPayloadOfContentAvailableAloneMayNotGoAtPriorityTen() {
        let update = Data(#"{"aps":{"content-available":1}}"#.utf8)
        #expect(APNSPushOptions().violation(payload: update) == .contentAvailableAtImmediatePriority)
        #expect(APNSPushOptions(priority: .immediately).violation(payload: update) == .contentAvailableAtImmediatePriority)
        #expect(APNSPushOptions(priority: .considerPower).violation(payload: update) == nil)
        #expect(APNSPushOptions().violation(payload: Data(#"{"aps":{"content-available":1,"alert":"hi"}}"#.utf8)) == nil)
        #expect(APNSPushOptions().violation(payload: Data("not json".utf8)) == nil)
        // The key spelled through escapes is the same key; one that only resembles it is not.
        #expect(APNSPushOptions().violation(payload: Data(#"{"aps":{"content\u002davailable":1}}"#.utf8)) == .contentAvailableAtImmediatePriority)
        #expect(APNSPushOptions().violation(payload: Data(#"{"\u0061ps":{"content-available":1}}"#.utf8)) == .contentAvailableAtImmediatePriority)
        #expect(APNSPushOptions().violation(payload: Data(#"{"aps":{"content-availabl":1}}"#.utf8)) == nil)
    }

    @Test func givenOptionsWinOverAProvidersOneByOne() {
        let provider = APNSPushOptions(pushType: .background, priority: .immediately)
        #expect(provider.overridden(by: APNSPushOptions(priority: .considerPower)) == APNSPushOptions(pushType: .background, priority: .considerPower))
        #expect(provider.overridden(by: APNSPushOptions()) == provider)
        #expect(APNSPushOptions().overridden(by: provider) == provider)
    }
}
