import Foundation
import HeraldCore

/// The extension's brain: decrypt, then download the avatar and the first attachments
/// (``EnrichmentConfiguration/maximumAttachmentDownloads``) concurrently, all inside a time
/// budget, into one ``EnrichedNotification``.
///
/// Platform-independent: the iOS adapter runs it inside `didReceive(_:withContentHandler:)` and
/// `herald preview` runs it on a desk. Time comes from the injected clock, so tests of deadlines
/// run instantly. Every wait is bounded: a hung host costs its own deadline, never the budget,
/// and cancelling the calling task cancels every download.
public struct Enricher<C: Clock<Duration>>: Sendable {
    public let configuration: EnrichmentConfiguration
    let clock: C
    let fetcher: any Fetcher
    let keyProvider: (any KeyProvider)?
    let wallClock: @Sendable () -> Date

    /// - Parameters:
    ///   - configuration: limits and policies.
    ///   - clock: where time comes from; `ContinuousClock()` outside tests.
    ///   - fetcher: the network; ``URLSessionFetcher`` outside tests.
    ///   - keyProvider: keys for encrypted payloads; `nil` when none are configured.
    ///   - wallClock: calendar time for cache freshness; default `Date.init`.
    public init(
        configuration: EnrichmentConfiguration, clock: C, fetcher: any Fetcher, keyProvider: (any KeyProvider)? = nil,
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.fetcher = fetcher
        self.keyProvider = keyProvider
        self.wallClock = wallClock
    }

    /// Runs the pipeline on one payload.
    ///
    /// Never throws: every failure is a ``Decision`` and a status in the result.
    ///
    /// - Parameters:
    ///   - payload: the notification's payload.
    ///   - progress: where each completed stage is published, so an early delivery (expiry)
    ///     can take the best content so far; default a private one.
    /// - Returns: the enriched notification at stage ``EnrichedNotification/Stage/complete``.
    public func enrich(_ payload: Payload, progress: EnrichmentProgress = EnrichmentProgress()) async -> EnrichedNotification {
        let budgetEnd = clock.now.advanced(by: configuration.budget)
        let original = Preview(payload: payload, layout: configuration.layout)
        progress.publish(originalNotification(original, payload: payload))

        var decisions: [Decision] = []
        var json = payload.json
        let decryptor = Decryptor(keyProvider: keyProvider, fallbackText: configuration.encryptedFallbackText)
        let layout = original.layout
        switch await Deadline.run(until: budgetEnd, on: clock, { await decryptor.decrypt(payload.json, layout: layout) }) {
        case .finished(let outcome):
            json = outcome.payload
            decisions += outcome.decisions
        case .timedOut:
            decisions.append(Decision(.budgetExhausted, "the key provider did not answer within the budget; the payload is used as received"))
        }
        // Detection reads provider markers, which decryption never writes (the decryptor ignores
        // sealed keys that would change it): the same layout results.
        let decoded = Preview(payload: Payload(json: json), layout: configuration.layout)
        var notification = EnrichedNotification(
            stage: .decoded, layoutName: layout.name, extensionWillRun: original.extensionWillRun, content: decoded.content,
            message: decoded.message, decisions: decoded.decisions + decisions)
        notification.attachments = decoded.message.attachments.map { AttachmentResult(source: $0, status: .skipped) }
        // A relative or file: avatar is read only where local files are allowed (a preview).
        let localAvatar = configuration.localFileBase == nil || decoded.message.sender == nil ? nil : decoded.localAvatar
        var avatars: [AvatarSlot: URL] = [:]
        avatars[.sender] = decoded.message.sender?.avatarURL ?? localAvatar
        // The group's picture shows only in a communication notification, which needs a sender.
        avatars[.group] = decoded.message.sender == nil ? nil : decoded.message.groupAvatarURL

        guard configuration.fetchMedia else {
            for slot in AvatarSlot.allCases where avatars[slot] != nil {
                notification[avatar: slot] = AvatarResult(status: .skipped)
                notification.decisions.append(Decision(.avatarSkipped, "\(slot.subject) not fetched: fetching is turned off"))
            }
            if !notification.attachments.isEmpty {
                notification.decisions.append(Decision(.attachmentSkipped, "\(notification.attachments.count) attachment(s) not fetched: fetching is turned off"))
            }
            progress.publish(notification)
            return progress.complete() ?? notification
        }
        // A 4 KB payload can name hundreds of attachments; the ones past the cap stay skipped.
        let attachments = Array(decoded.message.attachments.prefix(max(configuration.maximumAttachmentDownloads, 0)))
        if attachments.count < notification.attachments.count {
            let dropped = notification.attachments.count - attachments.count
            notification.decisions.append(Decision(
                .attachmentsDropped,
                "\(dropped) of \(notification.attachments.count) attachments not fetched: at most \(attachments.count) are downloaded, and iOS shows the first"))
        }
        progress.publish(notification, pendingAvatars: Set(avatars.keys), pendingAttachments: Set(attachments.indices))
        await download(avatars: avatars, attachments: attachments, budgetEnd: budgetEnd, progress: progress)
        return progress.complete() ?? notification
    }

    private func download(avatars: [AvatarSlot: URL], attachments: [Message.Attachment], budgetEnd: C.Instant, progress: EnrichmentProgress) async {
        let media = MediaFetch(fetcher: fetcher, configuration: configuration)
        let (cache, cacheDecisions) = configuration.avatarCache.map { AvatarCache.open($0, now: wallClock) } ?? (nil, [])
        let downloader = AttachmentDownloader(
            media: media, configuration: configuration,
            directory: configuration.attachmentDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true))
        let clock = self.clock
        let avatarTimeout = configuration.avatarTimeout
        let attachmentTimeout = configuration.attachmentTimeout
        await withTaskGroup(of: Void.self) { group in
            for (slot, url) in avatars {
                let loader = AvatarLoader(media: media, configuration: configuration, cache: cache, slot: slot)
                // The cache's own problems are reported once, with the sender's avatar (or the
                // group's when there is no other).
                let opening = slot == .sender || avatars[.sender] == nil ? cacheDecisions : []
                group.addTask {
                    let deadline = min(clock.now.advanced(by: avatarTimeout), budgetEnd)
                    switch await Deadline.run(until: deadline, on: clock, { await loader.load(url) }) {
                    case .finished(let (result, decisions)):
                        progress.finishAvatar(slot, result, decisions: opening + decisions)
                    case .timedOut:
                        let timedOut = Decision(.avatarTimedOut, "\(slot.subject) download passed its deadline (\(avatarTimeout) or the budget) and was cancelled")
                        let (result, decisions) = timedOutAvatar(url, loader: loader, cache: cache)
                        progress.finishAvatar(slot, result, decisions: opening + [timedOut] + decisions)
                    }
                }
            }
            for (index, attachment) in attachments.enumerated() {
                group.addTask {
                    let deadline = min(clock.now.advanced(by: attachmentTimeout), budgetEnd)
                    switch await Deadline.run(until: deadline, on: clock, { await downloader.download(attachment, index: index) }) {
                    case .finished(let (result, decisions)):
                        progress.finishAttachment(at: index, result, decisions: decisions)
                    case .timedOut:
                        progress.finishAttachment(at: index, AttachmentResult(source: attachment, status: .timedOut), decisions: [
                            Decision(.attachmentTimedOut, "attachment \(index + 1) passed its deadline (\(attachmentTimeout) or the budget) and was cancelled"),
                        ])
                    }
                }
            }
        }
    }

    /// On a timed-out download, a stale cached copy is better than no avatar.
    private func timedOutAvatar(_ url: URL, loader: AvatarLoader, cache: AvatarCache?) -> (AvatarResult, [Decision]) {
        guard let stale = cache?.lookup(url) else { return (AvatarResult(status: .timedOut), []) }
        let (result, decisions) = loader.accept(stale.data, status: .cached, how: "taken stale from the cache instead")
        return result.data == nil ? (AvatarResult(status: .timedOut), []) : (result, decisions)
    }

    /// What the phone shows if nothing else is ready: iOS's own content, or for an encrypted
    /// payload whose placeholder text is empty, the fallback text.
    func originalNotification(_ payload: Payload) -> EnrichedNotification {
        originalNotification(Preview(payload: payload, layout: configuration.layout), payload: payload)
    }

    /// ``originalNotification(_:)`` from the payload as already read.
    private func originalNotification(_ original: Preview, payload: Payload) -> EnrichedNotification {
        var content = original.content
        let sealed = original.layout.dataRoot(in: payload.json).appending(JSONPointer(tokens: [SealedContent.fieldName])).resolve(in: payload.json)
        if sealed != nil, content.body.isEmpty {
            content.body = configuration.encryptedFallbackText
        }
        return EnrichedNotification(
            stage: .original, layoutName: original.layout.name, extensionWillRun: original.extensionWillRun, content: content,
            message: original.message, decisions: original.decisions)
    }
}
