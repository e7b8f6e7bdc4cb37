// Only where AppleFrameworksStandIn exists (Linux): the stand-in plays iOS.
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Foundation
import HeraldCore
import HeraldEnrichment
import HeraldTestSupport
import NotificationServiceTestSupport
import Testing

@testable import HeraldNotificationService

/// A renderer that records what it is asked to draw and answers with marked bytes, or fails on cue.
final class ScriptedRenderer: @unchecked Sendable {
    // @unchecked: `calls` is only touched while `lock` is held.
    private let lock = NSLock()
    private var calls: [(letters: String, color: String, size: Int)] = []
    let fails: Bool

    init(fails: Bool = false) { self.fails = fails }

    /// What a drawing of `letters` is: bytes no download produces.
    static func drawing(_ letters: String) -> Data { Data("drawn:\(letters)".utf8) }

    var renderer: InitialsAvatarRenderer {
        InitialsAvatarRenderer { avatar, size in
            self.lock.withLock { self.calls.append((avatar.letters, avatar.color.cssHex, size)) }
            return self.fails ? nil : Self.drawing(avatar.letters)
        }
    }

    var drawn: [(letters: String, color: String, size: Int)] { lock.withLock { calls } }
}

@Suite("Initials avatars on the stand-in")
struct InitialsAvatarServiceTests {
    static let avatarURL = URL(string: "https://cdn.example.com/avatars/u-7.png")!

    static func payload(avatar: Bool, group: String? = nil) -> JSONValue {
        var communication: [String: JSONValue] = ["sender_name": "Ann Lee", "sender_id": "u-7", "sender_handle": "+15550100", "conversation_id": "c-9"]
        if avatar { communication["avatar_url"] = .string(avatarURL.absoluteString) }
        if let group { communication["group_name"] = .string(group); communication["recipients"] = ["u-1", "u-2"] }
        return ["aps": ["alert": ["body": "hi"], "mutable-content": 1], "communication": .object(communication)]
    }

    enum Missing: String, CaseIterable, Sendable {
        case noURL, notFound, refused
    }

    /// A sender whose picture is missing, answers 404 or is no image gets drawn initials: the
    /// letters of their name on the colour of their id, as the intent's sender image.
    @Test(arguments: Missing.allCases)
    func aSenderWithoutAPictureGetsTheirInitialsDrawn(_ missing: Missing) async throws {
        let script = ScriptedRenderer()
        let service = TestService(
            images: missing == .refused ? [Self.avatarURL: Data("<html>not an image</html>".utf8)] : [:],
            renderer: script.renderer, statuses: missing == .notFound ? [Self.avatarURL: 404] : [:])
        let recorder = StandInRecorder()
        #expect(await service.deliveries(for: Self.payload(avatar: missing != .noURL), recording: recorder).count == 1)
        #expect(script.drawn.map(\.letters) == ["AL"])
        // The colour comes from the sender's id, not their name.
        #expect(script.drawn.first?.color == AvatarColor.forSeed("u-7").cssHex)
        #expect(script.drawn.first?.size == InitialsAvatarRenderer.pixelSize)
        let donation = try #require(recorder.donations.only)
        let intent = try #require(donation.intent as? INSendMessageIntent)
        #expect(try #require(StandInInspection.message(intent).sender).image.map(StandInInspection.source) == .data(ScriptedRenderer.drawing("AL")))
        #expect(donation.parameterImages["sender"].map(StandInInspection.source) == .data(ScriptedRenderer.drawing("AL")))
        let decision = try #require(service.decisions.first { $0.code == .initialsDrawn })
        let reason = switch missing {
        case .noURL: "the sender has no picture (no avatar URL)"
        case .notFound: "the sender has no picture (its download failed)"
        case .refused: "the sender has no picture (it was refused)"
        }
        #expect(decision.message.hasPrefix(reason), "\(decision.message)")
    }

    /// With the setting off, nothing is drawn and iOS shows its own default.
    @Test func withInitialsOffNothingIsDrawn() async throws {
        let script = ScriptedRenderer()
        let service = TestService(configure: { $0.drawsInitials = false }, renderer: script.renderer, statuses: [Self.avatarURL: 404])
        let recorder = StandInRecorder()
        _ = await service.deliveries(for: Self.payload(avatar: true), recording: recorder)
        #expect(script.drawn.isEmpty)
        let donation = try #require(recorder.donations.only)
        #expect(donation.parameterImages.isEmpty)
        let intent = try #require(donation.intent as? INSendMessageIntent)
        #expect(try #require(StandInInspection.message(intent).sender).image == nil)
        #expect(service.decisions.contains { $0.code == .noPicture && $0.message.contains("drawn initials are off") })
        // The Info.plist key that turns it off.
        #expect(ServiceConfiguration(infoDictionary: ["InitialsAvatar": false]).drawsInitials == false)
        #expect(ServiceConfiguration(infoDictionary: [:]).drawsInitials)
    }

    /// A downloaded picture is used as it is: nothing is drawn.
    @Test func aDownloadedPictureIsNotReplaced() async throws {
        let script = ScriptedRenderer()
        let service = TestService(renderer: script.renderer)
        let recorder = StandInRecorder()
        _ = await service.deliveries(for: Self.payload(avatar: true), recording: recorder)
        #expect(script.drawn.isEmpty)
        #expect(try #require(recorder.donations.only).parameterImages["sender"].map(StandInInspection.source) == .data(ImageFetcher.png))
    }

    /// A group with no picture, whose sender has none either, shows its own initials.
    @Test func aGroupWithoutPicturesGetsItsOwnInitials() async throws {
        let script = ScriptedRenderer()
        let service = TestService(renderer: script.renderer)
        let recorder = StandInRecorder()
        _ = await service.deliveries(for: Self.payload(avatar: false, group: "Team Rocket"), recording: recorder)
        #expect(script.drawn.map(\.letters) == ["AL", "TR"])
        #expect(script.drawn.last?.color == AvatarColor.forSeed("c-9").cssHex)
        let donation = try #require(recorder.donations.only)
        #expect(donation.parameterImages["speakableGroupName"].map(StandInInspection.source) == .data(ScriptedRenderer.drawing("TR")))
    }

    /// Where nothing can draw (Linux has no CoreText), the log says so and iOS shows its default.
    @Test func aDrawingThatFailsLeavesNoImageAndSaysSo() async throws {
        let script = ScriptedRenderer(fails: true)
        let service = TestService(renderer: script.renderer)
        let recorder = StandInRecorder()
        #expect(await service.deliveries(for: Self.payload(avatar: false), recording: recorder).count == 1)
        let donation = try #require(recorder.donations.only)
        #expect(donation.parameterImages.isEmpty)
        #expect(service.decisions.contains { $0.code == .initialsNotDrawn })
        #expect(recorder.updates.count == 1)  // the rest of the layout is intact
    }

    /// A drawing is kept in the avatar cache: the next message from the sender is not drawn again.
    @Test func aDrawingIsCachedAndReused() async throws {
        let script = ScriptedRenderer()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-drawn-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // a leftover temp folder is harmless
        let configure: (inout ServiceConfiguration) -> Void = { $0.enrichment.avatarCache = AvatarCacheConfiguration(directory: folder, fallbackDirectory: nil) }
        for _ in 0..<2 {
            let recorder = StandInRecorder()
            _ = await TestService(configure: configure, renderer: script.renderer).deliveries(for: Self.payload(avatar: false), recording: recorder)
            #expect(try #require(recorder.donations.only).parameterImages["sender"].map(StandInInspection.source) == .data(ScriptedRenderer.drawing("AL")))
        }
        #expect(script.drawn.count == 1)
    }
}
#endif
