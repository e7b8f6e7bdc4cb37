// Only where AppleFrameworksStandIn exists (Linux): these tests observe the adapter through
// the stand-in's recorder. On Apple platforms it imports the real frameworks, which record
// nothing a test could check (see Package.swift).
#if canImport(AppleFrameworksStandIn)
import Foundation
import HeraldTestSupport
import HeraldCore
import HeraldEnrichment

@testable import HeraldNotificationService

/// A network that answers every URL with the same image, or hangs, as told; it records requests.
final class ImageFetcher: Fetcher, @unchecked Sendable {
    // @unchecked: `requests` is only touched while `lock` is held.
    private let lock = NSLock()
    private var requests: [URL] = []
    let image: Data?
    /// Other bytes for these URLs.
    let images: [URL: Data]
    /// Another status than 200 for these URLs.
    let statuses: [URL: Int]

    /// - Parameters:
    ///   - image: the bytes to serve; `nil` hangs until cancelled.
    ///   - images: other bytes for these URLs.
    ///   - statuses: other statuses for these URLs (with the bytes, if any).
    init(image: Data?, images: [URL: Data] = [:], statuses: [URL: Int] = [:]) {
        self.image = image
        self.images = images
        self.statuses = statuses
    }

    var requested: [URL] { lock.withLock { requests } }

    func fetch(_ request: FetchRequest) async throws -> FetchResponse {
        lock.withLock { requests.append(request.url) }
        if let status = statuses[request.url] {
            return FetchResponse(statusCode: status, headers: [:], data: images[request.url] ?? Data())
        }
        guard let image = images[request.url] ?? image else {
            while !Task.isCancelled { try await Task.sleep(for: .milliseconds(5)) }
            throw CancellationError()
        }
        return FetchResponse(statusCode: 200, headers: [:], data: image)
    }

    /// A 64×64 PNG header (signature and IHDR).
    static let png = png(width: 64, height: 64)

    /// A PNG header (signature and IHDR) of any size: what Herald reads before it decodes.
    static func png(width: UInt32, height: UInt32) -> Data {
        let bigEndian = { (value: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += bigEndian(width) + bigEndian(height) + [8, 6, 0, 0, 0, 0xAA, 0x69, 0x71, 0xDE, 0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
        return Data(bytes)
    }
}

/// A service configured for tests: a fake network, decisions captured, a forward hook that
/// can misbehave.
final class TestService: CommunicationNotificationService, @unchecked Sendable {
    // @unchecked: the mutable state is only touched while `lock` is held.
    private let lock = NSLock()
    private var logged: [Decision] = []
    private var forwardedCount = 0
    private var expiryHookCalls = 0
    let fetcher: ImageFetcher
    let testConfiguration: ServiceConfiguration
    let forwardTwice: Bool
    let downsampler: AvatarDownsampler
    let renderer: InitialsAvatarRenderer
    /// The clock the service waits on, when the test moves time itself; else the service's own.
    let manualClock: ManualClock?
    let testDonationTimeout: Duration

    init(
        image: Data? = ImageFetcher.png, images: [URL: Data] = [:], configure: (inout ServiceConfiguration) -> Void = { _ in },
        forwardTwice: Bool = false, downsampler: AvatarDownsampler = .platform, clock: ManualClock? = nil,
        donationTimeout: Duration = .milliseconds(300), renderer: InitialsAvatarRenderer = .platform, statuses: [URL: Int] = [:]
    ) {
        var configuration = ServiceConfiguration()
        configuration.enrichment.attachmentDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("herald-service-\(UUID().uuidString)", isDirectory: true)
        configuration.enrichment.avatarCache = nil  // each test downloads; none shares a cache
        configure(&configuration)
        self.testConfiguration = configuration
        self.fetcher = ImageFetcher(image: image, images: images, statuses: statuses)
        self.forwardTwice = forwardTwice
        self.downsampler = downsampler
        self.renderer = renderer
        self.manualClock = clock
        self.testDonationTimeout = donationTimeout
        super.init()
    }

    override var configuration: ServiceConfiguration { testConfiguration }
    override var donationTimeout: Duration { testDonationTimeout }
    override var clock: any Clock<Duration> { manualClock ?? super.clock }
    override var avatarDownsampler: AvatarDownsampler { downsampler }
    override var initialsRenderer: InitialsAvatarRenderer { renderer }
    override func makeFetcher(for configuration: ServiceConfiguration) -> any Fetcher { fetcher }
    override func log(_ decision: Decision) { lock.withLock { logged.append(decision) } }

    override func forward(_ content: UNNotificationContent, for request: UNNotificationRequest, contentHandler: @escaping (UNNotificationContent) -> Void) {
        lock.withLock { forwardedCount += 1 }
        contentHandler(content)
        if forwardTwice { contentHandler(content) }
    }

    override func forwardExpiry(for request: UNNotificationRequest) {
        lock.withLock { expiryHookCalls += 1 }
    }

    var decisions: [Decision] { lock.withLock { logged } }
    var forwardCalls: Int { lock.withLock { forwardedCount } }
    var expiryCalls: Int { lock.withLock { expiryHookCalls } }
}
#endif
