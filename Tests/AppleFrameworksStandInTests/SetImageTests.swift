import AppleFrameworksStandIn
import Foundation
import Testing

@Suite("INIntent.setImage(_:forParameterNamed:)")
struct SetImageTests {
    @Test("round-trips for \\.sender and \\.speakableGroupName, and records each call")
    func roundTrip() throws {
        let recorder = StandInRecorder()
        let intent = TestSupport.messageIntent(groupName: "Climbers", recipientCount: 2)
        let avatar = INImage(imageData: Data([0x89, 0x50]))
        let groupImage = INImage(named: "group")
        StandInRecorder.$current.withValue(recorder) {
            intent.setImage(avatar, forParameterNamed: \.sender)
            intent.setImage(groupImage, forParameterNamed: \.speakableGroupName)
        }
        #expect(intent.image(forParameterNamed: \.sender) === avatar)
        #expect(intent.image(forParameterNamed: \.speakableGroupName) === groupImage)
        #expect(recorder.imageAssignments.map(\.parameterName) == ["sender", "speakableGroupName"])
        #expect(recorder.imageAssignments.allSatisfy { $0.intent === intent })
    }

    @Test("nil removes a parameter's image")
    func removal() {
        let intent = TestSupport.messageIntent()
        StandInRecorder.$current.withValue(StandInRecorder()) {
            intent.setImage(INImage(named: "a"), forParameterNamed: \.sender)
            intent.setImage(nil, forParameterNamed: \.sender)
        }
        #expect(intent.image(forParameterNamed: \.sender) == nil)
    }

    @Test("a key path with no parameter name does nothing, as Apple's overlay does, but is recorded")
    func unmappedKeyPath() throws {
        let recorder = StandInRecorder()
        let intent = TestSupport.messageIntent()
        StandInRecorder.$current.withValue(recorder) {
            intent.setImage(INImage(named: "a"), forParameterNamed: \.sender?.displayName)
        }
        #expect(intent.image(forParameterNamed: \.sender?.displayName) == nil)
        #expect(intent.image(forParameterNamed: \.sender) == nil)
        let assignment = try #require(recorder.imageAssignments.only)
        #expect(assignment.parameterName == nil)
    }
}
