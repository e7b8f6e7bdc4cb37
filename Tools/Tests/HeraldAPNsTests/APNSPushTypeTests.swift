import HeraldAPNs
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
}
