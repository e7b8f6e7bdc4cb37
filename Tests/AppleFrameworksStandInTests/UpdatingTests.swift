import AppleFrameworksStandIn
import Foundation
import HeraldTestSupport
import Testing

@Suite("UNNotificationContent.updating(from:)")
struct UpdatingTests {
    @Test("returns new content and leaves the receiver untouched")
    func leavesOriginalAlone() throws {
        let recorder = StandInRecorder()
        let original = TestSupport.content(title: "Original title")
        let intent = TestSupport.messageIntent()

        let updated = try StandInRecorder.$current.withValue(recorder) { try original.updating(from: intent) }

        #expect(updated !== original)
        #expect(!(updated is UNMutableNotificationContent))
        #expect(original.title == "Original title")
        #expect(original.subtitle == "Weekend climbing")
        #expect(StandInInspection.contentProvider(of: original) == nil)
        // The stand-in's model of the update: sender's name as title, subtitle cleared.
        #expect(updated.title == "Maya")
        #expect(updated.subtitle == "")
        #expect(updated.body == "Rope is packed")
        #expect(StandInInspection.contentProvider(of: updated) === intent)

        let update = try #require(recorder.updates.only)
        #expect(update.original === original)
        #expect(update.provider === intent)
        #expect(try update.result.get() === updated)
        #expect(!update.treatedAsGroup)
    }

    @Test("the provider survives a mutable copy of the result")
    func providerSurvivesCopy() throws {
        let intent = TestSupport.messageIntent()
        let updated = try StandInRecorder.$current.withValue(StandInRecorder()) {
            try TestSupport.content().updating(from: intent)
        }
        let copy = try #require(updated.mutableCopy() as? UNMutableNotificationContent)
        copy.subtitle = "Restored"
        #expect(StandInInspection.contentProvider(of: copy) === intent)
    }

    @Test("with copiesKeepContentProvider off, copies of the result drop the provider; the result keeps it")
    func copiesDropProvider() throws {
        let intent = TestSupport.messageIntent()
        let recorder = StandInRecorder(behavior: StandInBehavior(copiesKeepContentProvider: false))
        let updated = try StandInRecorder.$current.withValue(recorder) {
            try TestSupport.content().updating(from: intent)
        }
        // Taken at the update: copies made outside the binding drop the provider too.
        let mutableCopy = try #require(updated.mutableCopy() as? UNMutableNotificationContent)
        let copy = try #require(updated.copy() as? UNNotificationContent)
        #expect(StandInInspection.contentProvider(of: updated) === intent)
        #expect(StandInInspection.contentProvider(of: mutableCopy) == nil)
        #expect(StandInInspection.contentProvider(of: copy) == nil)
        // Everything else is copied as before.
        #expect(mutableCopy.title == updated.title && copy.body == updated.body)
    }

    @Test(
        "a group needs a group name and two recipients, counted from recipients or the metadata",
        arguments: [
            (groupName: "Climbers" as String?, recipients: 2, metadataCount: nil as Int?, title: "Climbers"),
            (groupName: "Climbers", recipients: 1, metadataCount: nil, title: "Maya"),
            (groupName: "Climbers", recipients: 1, metadataCount: 5, title: "Climbers"),
            (groupName: nil, recipients: 3, metadataCount: nil, title: "Maya"),
        ])
    func groupTitle(groupName: String?, recipients: Int, metadataCount: Int?, title: String) throws {
        let recorder = StandInRecorder()
        let intent = TestSupport.messageIntent(groupName: groupName, recipientCount: recipients)
        if let metadataCount {
            let metadata = INSendMessageIntentDonationMetadata()
            metadata.recipientCount = metadataCount
            intent.donationMetadata = metadata
        }
        let updated = try StandInRecorder.$current.withValue(recorder) { try TestSupport.content().updating(from: intent) }
        #expect(updated.title == title)
        #expect(recorder.updates.only?.treatedAsGroup == (title == "Climbers"))
    }

    @Test("with updatingClearsSubtitle off, the subtitle stays")
    func subtitleKept() throws {
        let recorder = StandInRecorder(behavior: StandInBehavior(updatingClearsSubtitle: false))
        let updated = try StandInRecorder.$current.withValue(recorder) {
            try TestSupport.content().updating(from: TestSupport.messageIntent())
        }
        #expect(updated.subtitle == "Weekend climbing")
    }

    @Test("throws the code it is told to, and records the failure", arguments: [
        UNError.Code.contentProvidingInvalid, .contentProvidingObjectNotAllowed,
    ])
    func throwsOnCue(code: UNError.Code) {
        let recorder = StandInRecorder(behavior: StandInBehavior(updating: .fail(code)))
        let original = TestSupport.content()
        StandInRecorder.$current.withValue(recorder) {
            #expect(throws: UNError(code)) { try original.updating(from: TestSupport.messageIntent()) }
        }
        #expect(original.title == "Maya")
        guard case .failure(let error)? = recorder.updates.only?.result else {
            Issue.record("no failed update recorded")
            return
        }
        #expect(error.code == code)
    }

    @Test("the adapter's catch clauses match the thrown error")
    func catchClauses() {
        let recorder = StandInRecorder(behavior: StandInBehavior(updating: .fail(.contentProvidingInvalid)))
        var caughtByCode = false
        var caughtByPattern = false
        StandInRecorder.$current.withValue(recorder) {
            let content = TestSupport.content()
            let intent = TestSupport.messageIntent()
            do {
                _ = try content.updating(from: intent)
            } catch let error as UNError where error.code == .contentProvidingInvalid {
                caughtByCode = true
            } catch {}
            do {
                _ = try content.updating(from: intent)
            } catch UNError.contentProvidingInvalid {
                caughtByPattern = true
            } catch {}
        }
        #expect(caughtByCode && caughtByPattern)
    }

    @Test("the record says whether the intent was donated first")
    func donatedFirst() async throws {
        let recorder = StandInRecorder()
        try await StandInRecorder.$current.withValue(recorder) {
            let intent = TestSupport.messageIntent()
            _ = try TestSupport.content().updating(from: intent)
            let interaction = INInteraction(intent: intent, response: nil)
            interaction.direction = .incoming
            try await interaction.donate()
            _ = try TestSupport.content().updating(from: intent)
        }
        #expect(recorder.updates.map(\.providerWasDonated) == [false, true])
    }
}
