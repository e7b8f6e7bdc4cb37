import Foundation
import HeraldCore
import HeraldTestSupport
import Testing

@testable import HeraldEnrichment

@Suite("Enrichment pipeline")
struct EnricherTests {
    static let avatar = URL(string: "https://cdn.example.com/avatar.png")!
    static let photo = URL(string: "https://cdn.example.com/photo")!
    static let voice = URL(string: "https://cdn.example.com/voice")!

    static func payload(avatar: URL? = EnricherTests.avatar, attachments: [URL] = [photo]) -> Payload {
        var communication: [String: JSONValue] = ["sender_name": "Ann", "conversation_id": "c1"]
        communication["avatar_url"] = avatar.map { .string($0.absoluteString) }
        return Payload(json: [
            "aps": ["alert": ["title": "Ann", "body": "Look"], "mutable-content": 1],
            "communication": .object(communication),
            "attachments": .array(attachments.map { ["url": .string($0.absoluteString)] }),
        ])
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("herald-tests-\(UUID().uuidString)", isDirectory: true)
    }

    static func enricher(_ fetcher: ScriptedFetcher, clock: ManualClock = ManualClock(), configure: (inout EnrichmentConfiguration) -> Void = { _ in }) -> Enricher<ManualClock> {
        var configuration = EnrichmentConfiguration(attachmentDirectory: temporaryDirectory())
        configure(&configuration)
        return Enricher(configuration: configuration, clock: clock, fetcher: fetcher)
    }

    @Test func downloadsAvatarAndAttachmentsConcurrently() async throws {
        let fetcher = ScriptedFetcher([
            Self.avatar: .respond(status: 200, headers: [:], body: TestMedia.png(width: 128, height: 128)),
            Self.photo: .respond(status: 200, headers: ["Content-Type": "application/octet-stream"], body: TestMedia.png(width: 800, height: 600, padding: 5000)),
            Self.voice: .respond(status: 200, headers: [:], body: TestMedia.mp3(count: 20_000)),
        ])
        let result = await Self.enricher(fetcher).enrich(Self.payload(attachments: [Self.photo, Self.voice]))
        #expect(result.stage == .complete)
        #expect(result.avatar?.status == .downloaded)
        #expect(result.avatar?.data == TestMedia.png(width: 128, height: 128))
        #expect(result.avatar?.info == ImageInfo(format: .png, width: 128, height: 128))
        #expect(result.avatar?.needsDownsampling == false)
        #expect(result.attachments.map(\.status) == [.downloaded, .downloaded])
        // Named by Herald, with the extension of what the bytes are (not the URL, not Content-Type).
        #expect(result.attachments.map { $0.file?.lastPathComponent } == ["attachment-1.png", "attachment-2.mp3"])
        #expect(result.attachments.map(\.format) == [.png, .mp3])
        let photoFile = try #require(result.attachments[0].file)
        #expect(try Data(contentsOf: photoFile) == TestMedia.png(width: 800, height: 600, padding: 5000))
        #expect(result.attachments[1].byteCount == 20_000)
        #expect(Set(fetcher.recordedRequests.map(\.url)) == [Self.avatar, Self.photo, Self.voice])
    }

    @Test func aDeadlineNoClockCanSleepUntilCountsAsADay() async {
        // ContinuousClock.sleep(until:) traps on `.now + .seconds(1e20)`; the timer is started
        // and asleep before the operation returns.
        let clock = ContinuousClock()
        let outcome = await Deadline.run(until: clock.now + .seconds(1e20), on: clock) {
            try? await Task.sleep(for: .milliseconds(50))  // cancelled only if the deadline won, which fails below
            return 7
        }
        guard case .finished(7) = outcome else {
            Issue.record("expected the operation's result, got \(outcome)")
            return
        }
    }

    @Test func hangingAvatarCostsItsDeadlineNotTheBudget() async throws {
        let clock = ManualClock()
        let fetcher = ScriptedFetcher([
            Self.avatar: .hang,
            Self.photo: .respond(status: 200, headers: [:], body: TestMedia.png(width: 10, height: 10)),
        ])
        let enricher = Self.enricher(fetcher, clock: clock)
        let run = Task { await enricher.enrich(Self.payload()) }
        // Both requests are out, the attachment is done: only the avatar's deadline sleeps.
        await waitUntil { fetcher.recordedRequests.count == 2 && clock.sleeperCount == 1 }
        clock.advance(by: .milliseconds(4_900))
        #expect(fetcher.cancelledCount == 0)
        clock.advance(by: .milliseconds(100))
        let result = await run.value
        #expect(result.avatar?.status == .timedOut)
        #expect(result.decisions.contains { $0.code == .avatarTimedOut })
        #expect(result.attachments.first?.status == .downloaded)
        #expect(result.content.body == "Look")
        #expect(result.message.sender?.displayName == "Ann")
        // The hung request was cancelled, and the clock never went near the 25 s budget.
        #expect(fetcher.cancelledCount == 1)
        #expect(clock.now.offset == .seconds(5))
    }

    static let groupPicture = URL(string: "https://cdn.example.com/group.png")!

    /// A group message from Ann with the group's own picture.
    static func groupPayload() -> Payload {
        Payload(json: [
            "aps": ["alert": ["title": "Ann", "body": "Look"], "mutable-content": 1],
            "communication": [
                "sender_name": "Ann", "group_name": "Crew", "avatar_url": .string(avatar.absoluteString),
                "group_avatar_url": .string(groupPicture.absoluteString),
            ],
        ])
    }

    /// Serves the sender's picture; the group's never answers.
    static func senderPictureOnlyFetcher() -> ScriptedFetcher {
        ScriptedFetcher([Self.avatar: .respond(status: 200, headers: [:], body: TestMedia.png(width: 64, height: 64)), Self.groupPicture: .hang])
    }

    @Test func aGroupsPictureIsDownloadedBesideTheSendersUnderTheAvatarDeadline() async throws {
        let (clock, fetcher) = (ManualClock(), Self.senderPictureOnlyFetcher())
        let enricher = Self.enricher(fetcher, clock: clock)
        let run = Task { await enricher.enrich(Self.groupPayload()) }
        await waitUntil { fetcher.recordedRequests.count == 2 && clock.sleeperCount == 1 }
        clock.advance(by: .seconds(5))
        let result = await run.value
        // The sender's downloaded, the group's cut at its 5 s deadline.
        #expect(result.avatar?.status == .downloaded)
        #expect(result.groupAvatar?.status == .timedOut)
        #expect(result.decisions.contains { $0.code == .avatarTimedOut && $0.message.hasPrefix("group avatar download passed its deadline") })
        #expect(result.decisions.contains { $0.code == .avatarDownloaded && $0.message.hasPrefix("avatar downloaded") })
        #expect(Set(fetcher.recordedRequests.map(\.url)) == [Self.avatar, Self.groupPicture])
    }

    @Test func expiryMarksAGroupPictureStillDownloadingAsTimedOut() async throws {
        let (clock, fetcher) = (ManualClock(), Self.senderPictureOnlyFetcher())
        let enricher = Self.enricher(fetcher, clock: clock)
        let progress = EnrichmentProgress()
        let run = Task { await enricher.enrich(Self.groupPayload(), progress: progress) }
        await waitUntil { fetcher.recordedRequests.count == 2 && clock.sleeperCount == 1 && progress.latest?.avatar?.status == .downloaded }
        let early = try #require(progress.snapshot(because: "the time expired"))
        #expect(early.avatar?.status == .downloaded)
        #expect(early.groupAvatar?.status == .timedOut)
        #expect(early.decisions.contains { $0.message == "group avatar still downloading when the time expired; delivered without it" })
        // The late end of the download changes nothing delivered.
        clock.advance(by: .seconds(5))
        #expect(await run.value.groupAvatar == early.groupAvatar)
    }

    @Test func aGroupsPictureIsCheckedAsAnAvatarIs() async {
        let fetcher = ScriptedFetcher([
            Self.avatar: .respond(status: 200, headers: [:], body: TestMedia.png(width: 64, height: 64)),
            Self.groupPicture: .respond(status: 200, headers: [:], body: Data("<html>".utf8)),
        ])
        let result = await Self.enricher(fetcher).enrich(Self.groupPayload())
        #expect(result.groupAvatar?.status == .rejected)
        #expect(result.decisions.contains { $0.code == .avatarRejected && $0.message.hasPrefix("group avatar rejected: ") })
        // Fetching off: neither is downloaded, and each says so.
        let off = await Self.enricher(ScriptedFetcher()) { $0.fetchMedia = false }.enrich(Self.groupPayload())
        #expect(off.avatar?.status == .skipped)
        #expect(off.groupAvatar?.status == .skipped)
        #expect(off.decisions.contains { $0.message == "group avatar not fetched: fetching is turned off" })
    }

    @Test func budgetBoundsEveryDownload() async {
        let clock = ManualClock()
        let fetcher = ScriptedFetcher([Self.photo: .hang])
        let enricher = Self.enricher(fetcher, clock: clock) {
            $0.budget = .seconds(3)
            $0.attachmentTimeout = .seconds(20)
        }
        let run = Task { await enricher.enrich(Self.payload(avatar: nil)) }
        await waitUntil { fetcher.recordedRequests.count == 1 && clock.sleeperCount == 1 }
        clock.advance(by: .seconds(3))
        let result = await run.value
        #expect(result.attachments.first?.status == .timedOut)
        #expect(fetcher.cancelledCount == 1)
    }

    struct Rejected: Sendable, CustomStringConvertible {
        let name: String
        let script: ScriptedFetcher.Script
        let status: FetchStatus
        let mentions: String
        var description: String { name }
    }

    @Test(arguments: [
        Rejected(name: "HTML with 200", script: .respond(status: 200, headers: ["Content-Type": "image/png"], body: TestMedia.html), status: .rejected, mentions: "HTML"),
        Rejected(name: "JSON", script: .respond(status: 200, headers: [:], body: TestMedia.json), status: .rejected, mentions: "JSON"),
        Rejected(name: "404", script: .respond(status: 404, headers: [:], body: Data()), status: .failed, mentions: "HTTP 404"),
        Rejected(name: "500", script: .respond(status: 500, headers: [:], body: Data()), status: .failed, mentions: "HTTP 500"),
        Rejected(name: "transport", script: .fail(FetchError(.transport, "connection reset")), status: .failed, mentions: "connection reset"),
        Rejected(name: "redirect loop", script: .fail(FetchError(.tooManyRedirects, "more than 3 redirects")), status: .failed, mentions: "redirects"),
        Rejected(
            name: "4096×4096: 64 MiB decoded, over the extension's memory", script: .respond(status: 200, headers: [:], body: TestMedia.png(width: 4096, height: 4096)),
            status: .rejected, mentions: "more than the 3145728-pixel limit"),
        Rejected(name: "too many pixels", script: .respond(status: 200, headers: [:], body: TestMedia.png(width: 30000, height: 30000)), status: .rejected, mentions: "30000×30000"),
        Rejected(name: "over the byte cap", script: .respond(status: 200, headers: [:], body: TestMedia.png(width: 64, height: 64, padding: 1_100_000)), status: .rejected, mentions: "1000000-byte limit"),
        Rejected(name: "truncated", script: .respond(status: 200, headers: [:], body: TestMedia.png(width: 64, height: 64).prefix(20)), status: .rejected, mentions: "avatar rejected"),
    ])
    func unusableAvatarsAreRejectedWithAReason(_ example: Rejected) async throws {
        let fetcher = ScriptedFetcher([Self.avatar: example.script])
        let result = await Self.enricher(fetcher).enrich(Self.payload(attachments: []))
        #expect(result.avatar?.status == example.status)
        #expect(result.avatar?.data == nil)
        let decision = try #require(result.decisions.last { $0.code.rawValue.hasPrefix("avatar-") })
        #expect(decision.message.contains(example.mentions), "\(decision.message)")
        // The rest of the notification is intact.
        #expect(result.message.sender?.displayName == "Ann")
    }

    @Test func largeAvatarIsMarkedForDownsampling() async {
        let fetcher = ScriptedFetcher([Self.avatar: .respond(status: 200, headers: [:], body: TestMedia.png(width: 1024, height: 768))])
        let result = await Self.enricher(fetcher).enrich(Self.payload(attachments: []))
        #expect(result.avatar?.status == .downloaded)
        #expect(result.avatar?.needsDownsampling == true)
        #expect(result.decisions.contains { $0.code == .avatarNeedsDownsampling })
    }

    @Test func avatarLimitsDeriveFromTheExtensionsMemory() async {
        let configuration = EnrichmentConfiguration()
        // Half of 24 MiB at 4 bytes a pixel; a quarter of it for an avatar passed on as downloaded.
        #expect(configuration.maximumAvatarPixels == 3_145_728)
        #expect(configuration.maximumUndownsampledAvatarPixels == 1_572_864)
        // The largest square within the limit is accepted, and told it is dropped unless downsampled.
        let fetcher = ScriptedFetcher([Self.avatar: .respond(status: 200, headers: [:], body: TestMedia.png(width: 1773, height: 1773))])
        let result = await Self.enricher(fetcher).enrich(Self.payload(attachments: []))
        #expect(result.avatar?.status == .downloaded)
        #expect(result.avatar?.needsDownsampling == true)
        #expect(result.decisions.contains { $0.code == .avatarNeedsDownsampling && $0.message.contains("dropped if that fails") })
        let over = ScriptedFetcher([Self.avatar: .respond(status: 200, headers: [:], body: TestMedia.png(width: 1774, height: 1774))])
        #expect(await Self.enricher(over).enrich(Self.payload(attachments: [])).avatar?.status == .rejected)
    }

    @Test func plainHTTPIsSkippedUnlessAllowed() async {
        let http = URL(string: "http://cdn.example.com/a.png")!
        let fetcher = ScriptedFetcher([http: .respond(status: 200, headers: [:], body: TestMedia.png(width: 8, height: 8))])
        let refused = await Self.enricher(fetcher).enrich(Self.payload(avatar: http, attachments: []))
        #expect(refused.avatar?.status == .skipped)
        #expect(fetcher.recordedRequests.isEmpty)
        let allowed = await Self.enricher(fetcher) { $0.allowHTTP = true }.enrich(Self.payload(avatar: http, attachments: []))
        #expect(allowed.avatar?.status == .downloaded)
    }

    @Test func attachmentCapHoldsWithoutContentLengthAndLeavesNoFile() async throws {
        let chunk = Data(TestMedia.mp3(count: 64 * 1024))
        let fetcher = ScriptedFetcher([Self.voice: .chunks(status: 200, headers: [:], chunks: Array(repeating: chunk, count: 100), thenHang: true)])
        let enricher = Self.enricher(fetcher) { $0.attachmentByteLimits[.audio] = 1_000_000 }
        let result = await enricher.enrich(Self.payload(avatar: nil, attachments: [Self.voice]))
        #expect(result.attachments.first?.status == .rejected)
        #expect(result.decisions.contains { $0.message.contains("1000000-byte limit") })
        let directory = enricher.configuration.attachmentDirectory
        let leftovers = FileManager.default.subpaths(atPath: directory.path)?.filter { !$0.hasSuffix("/") && $0.contains("attachment") } ?? []
        #expect(leftovers.isEmpty)
        // Reading stopped: the endless stream was cancelled.
        #expect(fetcher.cancelledCount == 1)
    }

    @Test func lyingContentLengthIsIgnored() async {
        // Claims 100 bytes, sends 2 MB of image: the image cap (10 MB) is what counts, not the claim.
        let big = TestMedia.png(width: 100, height: 100, padding: 2_000_000)
        let fetcher = ScriptedFetcher([Self.photo: .respond(status: 200, headers: ["Content-Length": "100"], body: big)])
        let result = await Self.enricher(fetcher).enrich(Self.payload(avatar: nil))
        #expect(result.attachments.first?.status == .downloaded)
        #expect(result.attachments.first?.byteCount == big.count)
    }

    @Test func noFetchTouchesNoNetwork() async {
        let fetcher = ScriptedFetcher()
        let result = await Self.enricher(fetcher) { $0.fetchMedia = false }.enrich(Self.payload())
        #expect(fetcher.recordedRequests.isEmpty)
        #expect(result.avatar?.status == .skipped)
        #expect(result.attachments.map(\.status) == [.skipped])
    }

    /// Found by fuzzing: a 4 KB payload listed 218 attachments and each one was downloaded.
    @Test func aPreviewTheCallerDecodedIsUsedNotDecodedAgain() async throws {
        // A payload the built-in layouts read with a sender, handed over with the preview a
        // custom layout made: the pipeline shows what the given preview says, so it did not
        // decode the payload a second time.
        let payload = Self.payload(attachments: [])
        let custom = try Layout(definitionData: Data(#"{"communication": {"senderName": ["/aps/alert/title"]}}"#.utf8))
        let given = Preview(payload: payload, layout: custom)
        #expect(given.layout.name != Preview(payload: payload).layout.name)
        let result = await Self.enricher(ScriptedFetcher(), configure: { $0.fetchMedia = false }).enrich(payload, original: given)
        #expect(result.layoutName == given.layout.name)
        #expect(result.message == given.message)
    }

    @Test func thePayloadAsSentListsEveryAttachmentSkipped() {
        let payload = Self.payload(attachments: [Self.photo])
        let original = Preview(payload: payload)
        let asSent = EnrichedNotification.asSent(original, payload: payload, encryptedFallbackText: "(Encrypted)")
        #expect(asSent.stage == .original)
        #expect(asSent.content == original.content)
        #expect(asSent.attachments.map(\.status) == [.skipped])
        #expect(asSent.attachments.map(\.source.url) == [Self.photo])
    }

    @Test func aSealedPayloadWithNoBodyShowsTheFallbackTextAsSentOnlyWhenTheExtensionRuns() {
        let payload = Payload(json: ["aps": ["alert": ["title": "Ann"], "mutable-content": 1], "sealed": ["kid": "k", "box": "AAAA"]])
        let original = Preview(payload: payload)
        #expect(EnrichedNotification.asSent(original, payload: payload, encryptedFallbackText: "(Encrypted)").content.body == "(Encrypted)")
        #expect(EnrichedNotification.asSent(original, payload: payload, encryptedFallbackText: nil).content.body == "")
        let unsealed = Payload(json: ["aps": ["alert": ["title": "Ann"], "mutable-content": 1]])
        #expect(EnrichedNotification.asSent(Preview(payload: unsealed), payload: unsealed, encryptedFallbackText: "(Encrypted)").content.body == "")
    }

    @Test func onlyTheFirstAttachmentsAreDownloaded() async {
        let urls = (1...218).map { URL(string: "https://cdn.example.com/m/\($0).png")! }
        let fetcher = ScriptedFetcher(Dictionary(uniqueKeysWithValues: urls.map { ($0, .respond(status: 200, headers: [:], body: TestMedia.png(width: 8, height: 8))) }))
        let result = await Self.enricher(fetcher).enrich(Self.payload(avatar: nil, attachments: urls))
        #expect(Set(fetcher.recordedRequests.map(\.url)) == Set(urls.prefix(3)))
        #expect(result.attachments.map(\.status) == Array(repeating: .downloaded, count: 3) + Array(repeating: .skipped, count: 215))
        #expect(result.attachments.map(\.source.url) == urls)
        let dropped = result.decisions.filter { $0.code == .attachmentsDropped }
        #expect(dropped.map(\.message) == ["215 of 218 attachments not fetched: at most 3 are downloaded, and iOS shows the first"])
    }

    @Test(arguments: [(1, 1), (0, 0), (-1, 0), (5, 2)])
    func theAttachmentCapIsConfigurable(_ cap: Int, _ fetched: Int) async {
        let fetcher = ScriptedFetcher([
            Self.photo: .respond(status: 200, headers: [:], body: TestMedia.png(width: 8, height: 8)),
            Self.voice: .respond(status: 200, headers: [:], body: TestMedia.mp3(count: 2_000)),
        ])
        let result = await Self.enricher(fetcher) { $0.maximumAttachmentDownloads = cap }.enrich(Self.payload(avatar: nil, attachments: [Self.photo, Self.voice]))
        // Which ones, not in what order: the downloads run concurrently.
        #expect(Set(fetcher.recordedRequests.map(\.url)) == Set([Self.photo, Self.voice].prefix(fetched)))
        #expect(fetcher.recordedRequests.count == fetched)
        #expect(result.attachments.filter { $0.status == .downloaded }.count == fetched)
        #expect(result.decisions.contains { $0.code == .attachmentsDropped } == (fetched < 2))
    }

    @Test func cancellingTheRunCancelsDownloadsAndRemovesPartialFiles() async {
        let chunk = TestMedia.png(width: 10, height: 10, padding: 100_000)
        let fetcher = ScriptedFetcher([
            Self.avatar: .hang,
            Self.photo: .chunks(status: 200, headers: [:], chunks: [chunk], thenHang: true),
        ])
        let enricher = Self.enricher(fetcher)
        let run = Task { await enricher.enrich(Self.payload()) }
        await waitUntil { fetcher.recordedRequests.count == 2 }
        try? await Task.sleep(for: .milliseconds(50))  // let the first chunk reach the file
        run.cancel()
        let result = await run.value
        #expect(result.attachments.first?.status != .downloaded)
        #expect(result.avatar?.status != .downloaded)
        #expect(fetcher.cancelledCount == 2)
        let directory = enricher.configuration.attachmentDirectory
        let files = FileManager.default.subpaths(atPath: directory.path)?.filter { $0.contains("attachment-") } ?? []
        #expect(files.isEmpty)
    }
}

@Suite("README snippet")
struct EnrichmentReadmeSnippetTests {
    /// The README's extension snippet, with stand-ins for the app's content builders.
    @Test func extensionSnippetDeliversOnceWithTheEnrichedContent() async throws {
        struct Content { let userInfo: [AnyHashable: Any] }
        struct Request { let content: Content }
        let request = Request(content: Content(userInfo: ["aps": ["alert": ["body": "hi"], "mutable-content": 1], "communication": ["sender_name": "Ann"]]))
        let recorder = DeliveryRecorder<String>()
        let contentHandler: @Sendable (String) -> Void = recorder.record
        @Sendable func makeContent(_ enriched: EnrichedNotification) throws -> String { "communication from \(enriched.message.sender?.displayName ?? "?")" }
        @Sendable func plainContent(_ enriched: EnrichedNotification) -> String { enriched.content.body }

        let enricher = Enricher(configuration: EnrichmentConfiguration(), clock: ContinuousClock(), fetcher: URLSessionFetcher())
        let session = EnrichmentSession(
            enricher: enricher, payload: try Payload(userInfo: request.content.userInfo),
            finish: { enriched in try makeContent(enriched) },   // INSendMessageIntent, donate, updating(from:)
            fallback: { enriched in plainContent(enriched) },    // synchronous: for expiry or a failed finish
            deliver: { content in contentHandler(content) })     // called exactly once
        await session.start().value
        session.expire()
        #expect(recorder.deliveries == ["communication from Ann"])
    }
}

@Suite("Allowed hosts")
struct AllowedHostsTests {
    @Test func onlyListedHostsAreFetched() async {
        let other = URL(string: "https://tracker.example.net/pixel.png")!
        let fetcher = ScriptedFetcher([
            EnricherTests.avatar: .respond(status: 200, headers: [:], body: TestMedia.png(width: 8, height: 8)),
            other: .respond(status: 200, headers: [:], body: TestMedia.png(width: 8, height: 8)),
        ])
        let result = await EnricherTests.enricher(fetcher) { $0.allowedHosts = ["cdn.example.com"] }
            .enrich(EnricherTests.payload(attachments: [other]))
        #expect(result.avatar?.status == .downloaded)
        #expect(result.attachments.first?.status == .skipped)
        #expect(result.decisions.contains { $0.message.contains("tracker.example.net is not one of the allowed hosts") })
        #expect(fetcher.recordedRequests.map(\.url) == [EnricherTests.avatar])
    }
}
