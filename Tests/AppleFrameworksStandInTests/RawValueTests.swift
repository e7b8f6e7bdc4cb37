import AppleFrameworksStandIn
import Foundation
import Testing

@Suite("Raw values and codes")
struct RawValueTests {
    @Test("UNError codes have the documented raw values")
    func errorCodes() {
        let codes: [(UNError.Code, Int)] = [
            (.attachmentInvalidURL, 100), (.attachmentUnrecognizedType, 101), (.attachmentInvalidFileSize, 102),
            (.attachmentNotInDataStore, 103), (.attachmentMoveIntoDataStoreFailed, 104), (.attachmentCorrupt, 105),
            (.contentProvidingObjectNotAllowed, 1500), (.contentProvidingInvalid, 1501),
        ]
        for (code, rawValue) in codes {
            #expect(code.rawValue == rawValue)
            #expect(UNError.Code(rawValue: rawValue) == code)
            #expect(UNError(code).errorCode == rawValue)
        }
        #expect(UNError.errorDomain == UNErrorDomain)
        #expect(UNError.contentProvidingInvalid == .contentProvidingInvalid)
    }

    @Test("UNError bridges to an NSError in UNErrorDomain")
    func bridging() {
        let error: any Error = UNError(.attachmentInvalidFileSize)
        let nsError = error as NSError
        #expect(nsError.domain == "UNErrorDomain")
        #expect(nsError.code == 102)
    }

    @Test("interruption levels are UInt 0...3")
    func interruptionLevels() {
        let levels: [(UNNotificationInterruptionLevel, UInt)] = [
            (.passive, 0), (.active, 1), (.timeSensitive, 2), (.critical, 3),
        ]
        for (level, rawValue) in levels {
            #expect(level.rawValue == rawValue)
            #expect(UNNotificationInterruptionLevel(rawValue: rawValue) == level)
        }
    }

    @Test("Intents enums have the documented raw values")
    func intentsEnums() {
        #expect([INPersonHandleType.unknown, .emailAddress, .phoneNumber].map(\.rawValue) == [0, 1, 2])
        #expect([INPersonSuggestionType.none, .socialProfile, .instantMessageAddress].map(\.rawValue) == [0, 1, 2])
        #expect([INInteractionDirection.unspecified, .outgoing, .incoming].map(\.rawValue) == [0, 1, 2])
        #expect([INOutgoingMessageType.unknown, .outgoingMessageText, .outgoingMessageAudio].map(\.rawValue) == [0, 1, 2])
    }

    @Test("sounds")
    func sounds() {
        #expect(StandInInspection.sound(.default) == .default)
        #expect(UNNotificationSound.default !== UNNotificationSound.default)  // @NSCopying: a copy per read
        #expect(StandInInspection.sound(UNNotificationSound(named: UNNotificationSoundName("a.caf"))) == .named(UNNotificationSoundName("a.caf")))
        #expect(StandInInspection.sound(.defaultCritical) == .critical(name: nil, volume: nil))
        #expect(UNNotificationSoundName("a") == UNNotificationSoundName(rawValue: "a"))
    }
}
