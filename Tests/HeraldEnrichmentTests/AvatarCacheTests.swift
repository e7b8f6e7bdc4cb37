import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment

/// A wall clock the test sets.
final class WallClock: @unchecked Sendable {
    // @unchecked: `current` is only touched while `lock` is held.
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// Counts entries read half-written (there must be none).
final class TornReads: @unchecked Sendable {
    // @unchecked: `torn` is only touched while `lock` is held.
    private let lock = NSLock()
    private var torn = 0
    func record() { lock.withLock { torn += 1 } }
    var count: Int { lock.withLock { torn } }
}

@Suite("Avatar cache")
struct AvatarCacheTests {
    static let url = EnricherTests.avatar
    static let image = TestMedia.png(width: 96, height: 96)

    static func enricher(_ fetcher: ScriptedFetcher, cache directory: URL, wall: WallClock, byteLimit: Int = 20_000_000) -> Enricher<ManualClock> {
        let configuration = EnrichmentConfiguration(
            attachmentDirectory: EnricherTests.temporaryDirectory(),
            avatarCache: AvatarCacheConfiguration(directory: directory, fallbackDirectory: nil, byteLimit: byteLimit))
        return Enricher(configuration: configuration, clock: ManualClock(), fetcher: fetcher, wallClock: { wall.now })
    }

    @Test func freshHitTouchesNoNetwork() async {
        let directory = EnricherTests.temporaryDirectory()
        let wall = WallClock()
        let fetcher = ScriptedFetcher([Self.url: .respond(status: 200, headers: ["Cache-Control": "public, max-age=3600"], body: Self.image)])
        let enricher = Self.enricher(fetcher, cache: directory, wall: wall)
        let first = await enricher.enrich(EnricherTests.payload(attachments: []))
        #expect(first.avatar?.status == .downloaded)
        wall.advance(3_000)
        let second = await enricher.enrich(EnricherTests.payload(attachments: []))
        #expect(second.avatar?.status == .cached)
        #expect(second.avatar?.data == Self.image)
        #expect(fetcher.recordedRequests.count == 1)
    }

    @Test func staleEntryIsRevalidatedWithItsValidators() async throws {
        let directory = EnricherTests.temporaryDirectory()
        let wall = WallClock()
        let fetcher = ScriptedFetcher([Self.url: .respond(
            status: 200, headers: ["Cache-Control": "max-age=60", "ETag": "\"v1\"", "Last-Modified": "Tue, 01 Sep 2026 10:00:00 GMT"], body: Self.image)])
        let enricher = Self.enricher(fetcher, cache: directory, wall: wall)
        _ = await enricher.enrich(EnricherTests.payload(attachments: []))
        wall.advance(120)
        fetcher.set(Self.url, .respond(status: 304, headers: ["Cache-Control": "max-age=600"], body: Data()))
        let revalidated = await enricher.enrich(EnricherTests.payload(attachments: []))
        #expect(revalidated.avatar?.status == .cached)
        #expect(revalidated.avatar?.data == Self.image)
        let conditional = try #require(fetcher.recordedRequests.last)
        #expect(conditional.headers["If-None-Match"] == "\"v1\"")
        #expect(conditional.headers["If-Modified-Since"] == "Tue, 01 Sep 2026 10:00:00 GMT")
        // The 304's max-age refreshed the entry: the next run asks nobody.
        wall.advance(300)
        _ = await enricher.enrich(EnricherTests.payload(attachments: []))
        #expect(fetcher.recordedRequests.count == 2)
    }

    @Test func noStoreIsNotCachedAndNoMaxAgeIsRevalidated() async {
        let wall = WallClock()
        let noStore = ScriptedFetcher([Self.url: .respond(status: 200, headers: ["Cache-Control": "no-store"], body: Self.image)])
        let storeless = Self.enricher(noStore, cache: EnricherTests.temporaryDirectory(), wall: wall)
        _ = await storeless.enrich(EnricherTests.payload(attachments: []))
        _ = await storeless.enrich(EnricherTests.payload(attachments: []))
        #expect(noStore.recordedRequests.map(\.headers) == [[:], [:]])

        let plain = ScriptedFetcher([Self.url: .respond(status: 200, headers: ["ETag": "abc"], body: Self.image)])
        let revalidating = Self.enricher(plain, cache: EnricherTests.temporaryDirectory(), wall: wall)
        _ = await revalidating.enrich(EnricherTests.payload(attachments: []))
        _ = await revalidating.enrich(EnricherTests.payload(attachments: []))
        #expect(plain.recordedRequests.last?.headers["If-None-Match"] == "abc")
    }

    @Test func staleCopyBeatsNoAvatarWhenTheHostHangs() async {
        let directory = EnricherTests.temporaryDirectory()
        let wall = WallClock()
        let fetcher = ScriptedFetcher([Self.url: .respond(status: 200, headers: ["Cache-Control": "max-age=1", "ETag": "e"], body: Self.image)])
        let clock = ManualClock()
        let configuration = EnrichmentConfiguration(
            attachmentDirectory: EnricherTests.temporaryDirectory(), avatarCache: AvatarCacheConfiguration(directory: directory, fallbackDirectory: nil))
        let enricher = Enricher(configuration: configuration, clock: clock, fetcher: fetcher, wallClock: { wall.now })
        _ = await enricher.enrich(EnricherTests.payload(attachments: []))
        wall.advance(10)
        fetcher.set(Self.url, .hang)
        let run = Task { await enricher.enrich(EnricherTests.payload(attachments: [])) }
        await waitUntil { fetcher.recordedRequests.count == 2 && clock.sleeperCount == 1 }
        clock.advance(by: .seconds(5))
        let result = await run.value
        #expect(result.avatar?.status == .cached)
        #expect(result.avatar?.data == Self.image)
        #expect(result.decisions.contains { $0.code == .avatarTimedOut })
        #expect(result.decisions.contains { $0.message.contains("stale from the cache") })
    }

    @Test func leastRecentlyUsedEntriesAreEvictedPastTheLimit() throws {
        let directory = EnricherTests.temporaryDirectory()
        let wall = WallClock()
        let (opened, _) = AvatarCache.open(AvatarCacheConfiguration(directory: directory, fallbackDirectory: nil, byteLimit: 2_500), now: { wall.now })
        let cache = try #require(opened)
        let urls = (1...3).map { URL(string: "https://cdn.example.com/\($0).png")! }
        let entry = CachedAvatar(data: Data(repeating: 7, count: 1_000), etag: nil, lastModified: nil, freshUntil: wall.now + 3600)
        try cache.store(entry, for: urls[0])
        wall.advance(1)
        try cache.store(entry, for: urls[1])
        wall.advance(1)
        #expect(cache.lookup(urls[0]) != nil)  // used again: now the most recent
        wall.advance(1)
        try cache.store(entry, for: urls[2])
        #expect(cache.lookup(urls[0]) != nil)
        #expect(cache.lookup(urls[1]) == nil)
        #expect(cache.lookup(urls[2]) != nil)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.filter { $0.hasSuffix(".tmp") }.isEmpty)
    }

    @Test func concurrentWritersNeverExposeHalfAnEntry() async throws {
        let directory = EnricherTests.temporaryDirectory()
        let (opened, _) = AvatarCache.open(AvatarCacheConfiguration(directory: directory, fallbackDirectory: nil), now: { Date() })
        let cache = try #require(opened)
        let url = Self.url
        let versions = (0..<4).map { Data(repeating: UInt8($0), count: 100_000) }
        let torn = TornReads()
        // Blocking file I/O on dispatch threads (as two extension processes would), never on
        // the cooperative pool that the other tests share.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                DispatchQueue.concurrentPerform(iterations: versions.count + 1) { worker in
                    for _ in 0..<15 {
                        if worker < versions.count {
                            // A lost race is fine: another writer's whole entry won.
                            try? cache.store(CachedAvatar(data: versions[worker], etag: nil, lastModified: nil, freshUntil: .distantFuture), for: url)
                        } else if let read = cache.lookup(url), read.data.count != 100_000 || Set(read.data).count != 1 {
                            torn.record()
                        }
                    }
                }
                done.resume()
            }
        }
        #expect(torn.count == 0)
        #expect(cache.lookup(url).map { Set($0.data).count } == 1)
    }

    @Test func unusableDirectoryFallsBackWithADecision() throws {
        let blocker = EnricherTests.temporaryDirectory()
        try FileManager.default.createDirectory(at: blocker.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("a file where the directory should be".utf8).write(to: blocker)
        let fallback = EnricherTests.temporaryDirectory()
        let (cache, decisions) = AvatarCache.open(AvatarCacheConfiguration(directory: blocker.appendingPathComponent("cache"), fallbackDirectory: fallback), now: { Date() })
        #expect(cache?.directory == fallback)
        #expect(decisions.map(\.code) == [.avatarCacheFallback])
        let (none, noneDecisions) = AvatarCache.open(AvatarCacheConfiguration(directory: blocker.appendingPathComponent("cache"), fallbackDirectory: nil), now: { Date() })
        #expect(none == nil)
        #expect(noneDecisions.map(\.code) == [.avatarCacheUnavailable])
    }
}
