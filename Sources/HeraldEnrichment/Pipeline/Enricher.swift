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
    /// The limits and policies this enricher runs with.
    public let configuration: EnrichmentConfiguration
    let clock: C
    let fetcher: any Fetcher
    let keyProvider: (any KeyProvider)?
    let deliveredNotifications: (any DeliveredNotificationCenter)?
    let wallClock: @Sendable () -> Date

    /// - Parameters:
    ///   - configuration: limits and policies.
    ///   - clock: where time comes from; `ContinuousClock()` outside tests.
    ///   - fetcher: the network; ``URLSessionFetcher`` outside tests.
    ///   - keyProvider: keys for encrypted payloads; `nil` when none are configured.
    ///   - deliveredNotifications: the notifications iOS shows, which an edit or a retraction
    ///     removes from; `nil` (a preview) describes the removal without doing it.
    ///   - wallClock: calendar time for cache freshness; default `Date.init`.
    public init(
        configuration: EnrichmentConfiguration, clock: C, fetcher: any Fetcher, keyProvider: (any KeyProvider)? = nil,
        deliveredNotifications: (any DeliveredNotificationCenter)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.fetcher = fetcher
        self.keyProvider = keyProvider
        self.deliveredNotifications = deliveredNotifications
        self.wallClock = wallClock
    }

    /// Runs the pipeline on one payload.
    ///
    /// Never throws: every failure is a ``/HeraldCore/Decision`` and a status in the result.
    ///
    /// - Parameters:
    ///   - payload: the notification's payload.
    ///   - original: the payload's ``/HeraldCore/Preview`` with ``EnrichmentConfiguration/layout``,
    ///     when the caller decoded it already (`herald preview` lints it), so that it is decoded
    ///     once; `nil` to decode it here.
    ///   - progress: where each completed stage is published, so an early delivery (expiry)
    ///     can take the best content so far; default a private one.
    /// - Returns: the enriched notification at stage ``EnrichedNotification/Stage/complete``.
    public func enrich(_ payload: Payload, original: Preview? = nil, progress: EnrichmentProgress = EnrichmentProgress()) async -> EnrichedNotification {
        let budgetEnd = clock.now.advanced(by: configuration.budget)
        let original = original ?? Preview(payload: payload, layout: configuration.layout)
        guard original.message.fetchesContent else {
            return await enrichReceived(payload, original: original, progress: progress, budgetEnd: budgetEnd)
        }
        return await enrichFetched(payload, original: original, progress: progress, budgetEnd: budgetEnd)
    }

    /// The pipeline on a payload as received, or as its content was fetched.
    ///
    /// - Parameters:
    ///   - leading: decisions taken before (the content's fetch), put first.
    ///   - fallbackBody: the body shown in place of the payload's, when its content could not
    ///     be fetched.
    ///   - fetch: for a push that carries only ids, whether its message was fetched.
    func enrichReceived(
        _ payload: Payload, original: Preview, progress: EnrichmentProgress, budgetEnd: C.Instant, leading: [Decision] = [],
        fallbackBody: String? = nil, fetch: ContentFetchOutcome? = nil
    ) async -> EnrichedNotification {
        var asSent = EnrichedNotification.asSent(original, payload: payload, encryptedFallbackText: configuration.encryptedFallbackText)
        asSent.mark(fetch, fallbackBody: fallbackBody)
        progress.publish(asSent)

        var decisions: [Decision] = []
        var decrypted: JSONValue?
        let decryptor = Decryptor(keyProvider: keyProvider, fallbackText: configuration.encryptedFallbackText)
        let layout = original.layout
        switch await Deadline.run(until: budgetEnd, on: clock, { await decryptor.decrypt(payload.json, layout: layout) }) {
        case .finished(let outcome):
            if outcome.status != .notEncrypted { decrypted = outcome.payload }
            decisions += outcome.decisions
        case .timedOut:
            decisions.append(Decision(.budgetExhausted, "the key provider did not answer within the budget; the payload is used as received"))
        }
        // Only what decryption changed is decoded again. Detection reads provider markers, which
        // decryption never writes (the decryptor ignores sealed keys that would change it): the
        // same layout results.
        let decoded = decrypted.map { Preview(payload: Payload(json: $0), layout: configuration.layout) } ?? original
        var notification = EnrichedNotification(
            stage: .decoded, layoutName: layout.name, extensionWillRun: original.extensionWillRun, content: decoded.content,
            message: decoded.message, decisions: leading + decoded.decisions + decisions)
        notification.mark(fetch, fallbackBody: fallbackBody)
        notification.attachments = decoded.message.attachments.map { AttachmentResult(source: $0, status: .skipped) }
        if let action = decoded.message.action, action.isRetraction {
            // A retraction shows no message of its own: nothing is downloaded. What it shows is
            // settled before the removal starts, so that an early delivery shows it too.
            applyRetractFallback(to: &notification)
            progress.publish(notification)
            let (removed, removalDecisions) = await removeDelivered(action, budgetEnd: budgetEnd)
            let taken = removed.reduce(0) { $0 + $1.badgeIncrement }
            // Counted before the progress's lock is taken: an expiry never waits for the file's.
            let change = taken > 0 ? count(by: -taken, payloadBadge: notification.content.badge) : nil
            progress.update { notification in
                notification.decisions += removalDecisions
                change.map { notification.apply($0) }
            }
            return progress.complete() ?? notification
        }
        if let sender = decoded.message.sender, let contactMap = configuration.contactMap {
            notification.matchContact(of: sender, in: contactMap)
        }
        if let increment = decoded.message.badgeIncrement {
            notification.apply(count(by: increment, payloadBadge: notification.content.badge))
        } else if let badge = notification.content.badge, configuration.badgeCounter != nil {
            notification.apply(count(by: 0, payloadBadge: badge))  // The payload's absolute badge: the count takes it.
        }
        // An edit's removal runs beside the downloads; both end before delivery. The edit
        // stands for what the notifications it replaces added to the count.
        async let removal = removeDelivered(decoded.message.action, budgetEnd: budgetEnd)
        await fetchMedia(for: decoded, into: notification, budgetEnd: budgetEnd, progress: progress)
        let (replaced, removalDecisions) = await removal
        progress.update { notification in
            notification.decisions += removalDecisions
            notification.countedInBadge += replaced.reduce(0) { $0 + $1.badgeIncrement }
        }
        return progress.complete() ?? notification
    }

    /// Changes the app's unread count by `delta` (``EnrichmentConfiguration/badgeCounter``),
    /// unless the payload sets the badge itself: then the count takes that value, so the two
    /// stay in step.
    ///
    /// - Returns: the badge to show (`nil`: the payload's stands), what the notification now
    ///   stands for in the count, and the decision.
    private func count(by delta: Int, payloadBadge: Int?) -> BadgeChange {
        guard let counter = configuration.badgeCounter else {
            return BadgeChange(decision: Decision(
                .badgeNotCounted,
                "the unread count would change by \(delta), but this run keeps none (the extension keeps it in its AppGroup's container); the badge is left alone"))
        }
        do {
            if let absolute = payloadBadge {
                try counter.set(absolute)
                let instead = delta == 0 ? "" : " instead of changing by \(delta)"
                return BadgeChange(decision: Decision(.badgeCounted, "the payload sets the badge to \(absolute); the unread count takes that value\(instead)"))
            }
            let count = try counter.add(delta)
            return BadgeChange(
                badge: count, counted: max(delta, 0),
                decision: Decision(.badgeCounted, "the unread count is now \(count) (\(delta > 0 ? "+" : "")\(delta)), shown as the badge"))
        } catch {
            return BadgeChange(decision: Decision(.badgeNotCounted, "\(error); the badge is left alone"))
        }
    }

    /// Downloads the avatars and attachments `decoded` names, publishing each result to
    /// `progress`, which holds `notification` (stage decoded) when this returns.
    private func fetchMedia(for decoded: Preview, into notification: EnrichedNotification, budgetEnd: C.Instant, progress: EnrichmentProgress) async {
        var notification = notification
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
            return
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
    }

    /// Removes the delivered notifications `action` names, within ``EnrichmentConfiguration/removalTimeout``
    /// and the budget; without a notification center (a preview), says what would be removed.
    /// Nothing for a new message (no action).
    private func removeDelivered(_ action: MessageAction?, budgetEnd: C.Instant) async -> (removed: [DeliveredNotification], decisions: [Decision]) {
        guard let action else { return ([], []) }
        guard let deliveredNotifications else {
            return ([], [Decision(
                .removalSkipped,
                "on the phone the extension removes the delivered notifications of \(action.subject) first; this run has no notification center")])
        }
        let remover = NotificationRemover(center: deliveredNotifications, clock: clock, timeout: configuration.removalTimeout)
        return await remover.remove(action, budgetEnd: budgetEnd)
    }

    /// What a retraction delivers, by the app's ``EnrichmentConfiguration/retractFallback``:
    /// nothing (filtered), its own text (visible), or its text with a warning.
    private func applyRetractFallback(to notification: inout EnrichedNotification) {
        switch configuration.retractFallback {
        case .filtered?:
            // What is delivered is empty: only the badge, which changes the icon without showing.
            notification.deliversNothing = true
            let badge = notification.content.badge
            notification.content = ContentFields()
            notification.content.badge = badge
            notification.decisions.append(Decision(
                .retractionHidden, "this push retracts: the extension delivers empty content and iOS shows nothing (RetractFallback filtered: the extension needs the filtering entitlement)"))
        case .visible?:
            notification.decisions.append(Decision(
                .retractionVisible, "this push retracts: its own text (\"\(notification.content.body)\") is shown in the place of what it removes (RetractFallback visible)"))
        case .background?:
            notification.decisions.append(Decision(
                .retractionShown,
                "this push retracts, but came as an alert push to an app whose RetractFallback is background: iOS shows its text; send it as a background push"))
        case nil:
            notification.decisions.append(Decision(
                .retractionShown,
                "this push retracts, but the extension has no RetractFallback setting: iOS shows its text; set RetractFallback to filtered (with the filtering entitlement) or visible"))
        }
        let media = notification.attachments.count + (notification.message.sender?.avatarURL == nil ? 0 : 1)
        if media > 0 {
            notification.decisions.append(Decision(.attachmentSkipped, "\(media) avatar or attachment download(s) not started: a retraction shows no message"))
        }
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
}
