// Only where AppleFrameworksStandIn exists (Linux): these tests observe the adapter through
// the stand-in's recorder. On Apple platforms it imports the real frameworks, which record
// nothing a test could check (see Package.swift).
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Foundation
import HeraldCore
import HeraldEnrichment
import NotificationServiceTestSupport
import Testing

@testable import HeraldNotificationService

@Suite("Decision log")
struct DecisionLogTests {
    @Test func levelsFilterWhatReachesTheSystemLog() {
        // A lost communication layout is an error; a refused download is info; a routine
        // download is debug.
        #expect(DecisionLog.shouldWrite(.donationFailed, minimum: .error))
        #expect(!DecisionLog.shouldWrite(.avatarFailed, minimum: .error))
        #expect(DecisionLog.shouldWrite(.avatarFailed, minimum: .info))
        #expect(!DecisionLog.shouldWrite(.avatarDownloaded, minimum: .info))
        #expect(DecisionLog.shouldWrite(.avatarDownloaded, minimum: .debug))
        #expect(DecisionLog.shouldWrite(.decryptionFailed, minimum: .error))
    }

    @Test func aCodeHeraldDoesNotKnowIsLoggedAtInfo() {
        #expect(DecisionLog.level(of: Decision.Code(rawValue: "from-a-subclass")) == .info)
    }

    @Test func pipelineDecisionsAreLoggedBeforeTheDonationIsWaitedFor() async throws {
        let recorder = StandInRecorder(behavior: StandInBehavior(donation: .neverCallBack))
        let service = TestService()
        let handler = ContentHandlerRecorder()
        let loggedWhileDonating = await StandInRecorder.$current.withValue(recorder) {
            service.didReceive(request(try! CommunicationNotificationServiceTests.onesignalExample()), withContentHandler: handler.handler)
            for _ in 0..<500 where recorder.pendingDonationCount == 0 {
                try? await Task.sleep(for: .milliseconds(5))  // a real pause between polls
            }
            let codes = service.decisions.map(\.code)
            _ = await handler.waitForDelivery()
            return codes
        }
        recorder.completePendingDonations(error: nil)
        // While the donation hung, what the pipeline decided was already in the log.
        #expect(loggedWhileDonating.contains(.avatarDownloaded))
        #expect(loggedWhileDonating.contains(.attachmentDownloaded))
        #expect(!loggedWhileDonating.contains(.donationTimedOut))
        #expect(service.decisions.contains { $0.code == .donationTimedOut })
    }
}
#endif
