import Foundation
import HeraldCore
import HeraldEnrichment
import Testing

@testable import HeraldNotificationService

/// Records what it was asked to shrink, and succeeds or fails as told.
final class ScriptedDownsampler: @unchecked Sendable {
    // @unchecked: `calls` is only touched while `lock` is held.
    private let lock = NSLock()
    private var calls: [(bytes: Int, maximumPixelSize: Int)] = []
    /// What every thumbnail is; `nil` fails every attempt.
    let result: Data?

    init(result: Data?) { self.result = result }

    var downsampler: AvatarDownsampler {
        AvatarDownsampler { image, maximumPixelSize in
            self.lock.withLock { self.calls.append((image.count, maximumPixelSize)) }
            return self.result
        }
    }

    var requestedSizes: [Int] { lock.withLock { calls.map(\.maximumPixelSize) } }
}

@Suite("AvatarDownsampler")
struct AvatarDownsamplerTests {
    static let downloaded = Data(repeating: 7, count: 300)
    static let thumbnail = Data([1, 2, 3])

    static func avatar(width: Int, height: Int, needsDownsampling: Bool = true) -> AvatarResult {
        AvatarResult(
            status: .downloaded, data: downloaded, info: ImageInfo(format: .png, width: width, height: height),
            needsDownsampling: needsDownsampling)
    }

    @Test func aSmallAvatarIsPassedOnWithoutAnAttempt() {
        let script = ScriptedDownsampler(result: Self.thumbnail)
        let (data, decision) = script.downsampler.prepare(Self.avatar(width: 64, height: 64, needsDownsampling: false), maximumPixelSize: 256, pixelLimit: 100)
        #expect(data == Self.downloaded)
        #expect(decision == nil)
        #expect(script.requestedSizes.isEmpty)
    }

    @Test func aLargeAvatarIsReplacedByItsThumbnail() {
        let script = ScriptedDownsampler(result: Self.thumbnail)
        let (data, decision) = script.downsampler.prepare(Self.avatar(width: 4000, height: 3000), maximumPixelSize: 256, pixelLimit: 1_000_000)
        #expect(data == Self.thumbnail)
        #expect(decision?.code == .avatarDownsampled)
        #expect(script.requestedSizes == [256])
    }

    @Test func aFailedDownsampleWithinTheLimitPassesTheAvatarOnAsDownloaded() {
        let script = ScriptedDownsampler(result: nil)
        let (data, decision) = script.downsampler.prepare(Self.avatar(width: 1000, height: 1000), maximumPixelSize: 256, pixelLimit: 1_000_000)
        #expect(data == Self.downloaded)
        #expect(decision?.code == .avatarNotDownsampled)
        #expect(script.requestedSizes == [256])
    }

    @Test func aFailedDownsampleOverTheLimitDropsTheAvatar() throws {
        let script = ScriptedDownsampler(result: nil)
        let (data, decision) = script.downsampler.prepare(Self.avatar(width: 1001, height: 1000), maximumPixelSize: 256, pixelLimit: 1_000_000)
        #expect(data == nil)
        let dropped = try #require(decision)
        #expect(dropped.code == .avatarDropped)
        #expect(dropped.message.contains("1001×1000") && dropped.message.contains("1000000 pixels"))
        #expect(DecisionLog.level(of: dropped.code) == .error)
    }

    @Test func anAvatarOfUnknownSizeIsNotPassedOnUndownsampled() {
        let unknown = AvatarResult(status: .downloaded, data: Self.downloaded, info: nil, needsDownsampling: true)
        let (data, decision) = ScriptedDownsampler(result: nil).downsampler.prepare(unknown, maximumPixelSize: 256, pixelLimit: .max)
        #expect(data == nil)
        #expect(decision?.code == .avatarDropped)
    }

    @Test func noBytesNoAvatar() {
        let failed = AvatarResult(status: .failed)
        let script = ScriptedDownsampler(result: Self.thumbnail)
        let (data, decision) = script.downsampler.prepare(failed, maximumPixelSize: 256, pixelLimit: .max)
        #expect(data == nil && decision == nil)
        #expect(script.requestedSizes.isEmpty)
    }
}
