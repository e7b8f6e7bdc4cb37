// Only where AppleFrameworksStandIn exists (Linux): the interleaving tests observe the adapter
// through the stand-in.
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Foundation
import HeraldCore
import HeraldEnrichment
import NotificationServiceTestSupport

@testable import HeraldNotificationService

/// One notification of one interleaving trial: the service iOS made for it, its push, what the
/// test still holds back, and what the test saw when it called expiry.
///
/// Driven by one task (the test's); only the service and the stand-in run elsewhere.
final class InterleavingFlight {
    /// Where the run was when the test called `serviceExtensionTimeWillExpire()`.
    enum Moment: String, CaseIterable {
        case beforeThePipeline, duringRemoval, duringDownloads, duringDonation, betweenSteps, duringTheHook, afterDelivery
    }

    /// What the push does: a new message, or an edit or a delete of one already on the lock
    /// screen, which the extension removes before it delivers.
    enum Kind: CaseIterable {
        case message, edit, retraction
    }

    /// What the test saw just before it called `serviceExtensionTimeWillExpire()`.
    struct ExpiryCall {
        let moment: Moment
        /// What the pipeline had published: expiry must deliver no less.
        let latest: EnrichedNotification?
        /// What the forward hook was handed and had not answered: expiry must deliver it.
        let heldByHook: UNNotificationContent?
    }

    static let avatar = URL(string: "https://cdn.example.com/avatar.png")!
    static let photo = URL(string: "https://cdn.example.com/photo.png")!
    static let voice = URL(string: "https://cdn.example.com/voice")!

    let name: String
    let title: String
    let subtitle: String
    let body: String
    /// Whether the payload can be read; an unreadable one is forwarded as received.
    let readable: Bool
    let kind: Kind
    /// The request identifiers of the notification the push edits or deletes, and of one of the
    /// same conversation it must leave alone; both on the lock screen before the push comes.
    let target: String
    let bystander: String
    /// When iOS applies a removal.
    let removalTiming: StandInBehavior.RemovalTiming
    let service: InterleavingService
    let recorder: StandInRecorder
    let handler = ContentHandlerRecorder()
    let request: UNNotificationRequest
    private(set) var unanswered = [avatar, photo, voice]
    private(set) var expiryCall: ExpiryCall?
    /// The request identifiers on the lock screen when the content handler was first called
    /// (on whichever thread called it).
    var listedAtDelivery: [String]? { firstListing.value }
    private let firstListing = FirstValue<[String]>()
    private let runEnded = Flag()
    private let expiryReturned = Flag()

    /// A notification with its own sender and text, and a random provider, donation and network.
    init(_ name: String, trial: Int, using generator: inout SeededGenerator) {
        self.name = "\(name) \(trial)"
        title = "New message \(trial)"
        subtitle = "Crew of \(name) \(trial)"
        body = "\(name) says hi in trial \(trial)"
        readable = Int.random(in: 0..<8, using: &generator) != 0
        kind = [Kind.message, .message, .edit, .retraction].randomElement(using: &generator)!
        target = "old-\(self.name)"
        bystander = "kept-\(self.name)"
        removalTiming = [.atOnce, .afterReads(1), .afterReads(3), .never].randomElement(using: &generator)!
        // Held until the test ends it, half the time: expiry can then come during the donation.
        let donation: StandInBehavior.DonationOutcome = switch Int.random(in: 0..<4, using: &generator) {
        case 0: .succeed
        case 1: .fail(UNError(.contentProvidingInvalid))
        default: .neverCallBack
        }
        let updating: StandInBehavior.UpdatingOutcome = Int.random(in: 0..<5, using: &generator) == 0 ? .fail(.contentProvidingInvalid) : .succeed
        var behavior = StandInBehavior(updating: updating, donation: donation)
        behavior.removalTakesEffect = removalTiming
        recorder = StandInRecorder(behavior: behavior)
        for (identifier, message) in [(target, "m-\(self.name)"), (bystander, "k-\(self.name)")] {
            let shown = UNMutableNotificationContent()
            shown.body = "earlier \(message)"
            let record = DeliveredNotification.record(for: Message(identifier: message, conversationIdentifier: "c-\(self.name)"))
            shown.userInfo = [DeliveredNotification.recordKey: record as Any]
            recorder.deliver(UNNotificationRequest(identifier: identifier, content: shown, trigger: nil))
        }
        service = InterleavingService(
            hook: InterleavingService.Hook.allCases.randomElement(using: &generator)!,
            expiryHook: InterleavingService.ExpiryHook.allCases.randomElement(using: &generator)!,
            donationTimeout: Int.random(in: 0..<4, using: &generator) == 0 ? .zero : .seconds(3))
        var communication: [String: JSONValue] = [
            "sender_name": .string(self.name), "conversation_id": .string("c-\(self.name)"), "avatar_url": .string(Self.avatar.absoluteString),
        ]
        switch kind {
        case .message: break
        case .edit: communication["replaces"] = .string("m-\(self.name)")
        case .retraction: communication["retracts"] = [.string("m-\(self.name)")]
        }
        let payload: JSONValue = [
            "aps": ["alert": ["title": .string(title), "subtitle": .string(subtitle), "body": .string(body)], "mutable-content": 1],
            "communication": .object(communication),
            "attachments": [["url": .string(Self.photo.absoluteString)], ["url": .string(Self.voice.absoluteString)]],
        ]
        let content = UNMutableNotificationContent()
        content.title = title
        content.subtitle = subtitle
        content.body = body
        // A Date: JSON has no such value, so Herald cannot read the payload.
        let unreadable: [AnyHashable: Any] = readable ? [:] : ["sent": Date()]
        content.userInfo = (payload.foundationObject as? [AnyHashable: Any] ?? [:]).merging(unreadable) { $1 }
        request = UNNotificationRequest(identifier: self.name, content: content, trigger: nil)
    }

    var configurationDescription: String {
        "\(readable ? "readable" : "unreadable") \(kind), removal \(removalTiming), hook \(service.hook), expiry hook \(service.expiryHook), "
            + "donation \(recorder.behavior.donation), update \(recorder.behavior.updating)"
    }

    /// iOS hands the push to the extension.
    func receive() {
        let (handle, recorder, firstListing) = (handler.handler, recorder, firstListing)
        StandInRecorder.$current.withValue(recorder) {
            service.didReceive(request) { content in
                firstListing.keep(recorder.deliveredNotifications.map(\.request.identifier))
                handle(content)
            }
        }
        guard let task = service.inFlight?.task else {
            runEnded.set()
            return
        }
        Task { [runEnded] in
            await task.value
            runEnded.set()
        }
    }

    // MARK: - What the test does to it

    /// Answers some of the downloads still held, in any order, each with any outcome.
    func answerDownloads(using generator: inout SeededGenerator) {
        guard !unanswered.isEmpty else { return }
        let count = Bool.random(using: &generator) ? unanswered.count : Int.random(in: 1...unanswered.count, using: &generator)
        for _ in 1...count {
            let url = unanswered.remove(at: Int.random(in: unanswered.indices, using: &generator))
            service.fetcher.answer(url, with: Bool.random(using: &generator) ? .image : HeldFetcher.Answer.allCases.randomElement(using: &generator)!)
        }
    }

    /// Moves the service's clock on: a download, the budget or the donation wait may pass its
    /// deadline.
    func advanceClock(using generator: inout SeededGenerator) {
        service.manualClock.advance(by: .milliseconds(Int.random(in: 0...6_000, using: &generator)))
    }

    /// Ends a donation held by the stand-in, with success or an error.
    func endDonation(using generator: inout SeededGenerator) {
        recorder.completePendingDonations(error: Bool.random(using: &generator) ? nil : UNError(.contentProvidingInvalid))
    }

    /// iOS's time runs out: once per notification, on the test's task or racing it from another
    /// thread.
    func expire(concurrently: Bool) {
        guard expiryCall == nil else { return }
        let latest = service.inFlight?.session.progress.latest
        let held = service.holdsUnanswered ? service.hookInputs.first : nil
        let moment: Moment =
            if !handler.deliveries.isEmpty { .afterDelivery }
            else if held != nil { .duringTheHook }
            else if recorder.pendingDonationCount > 0 { .duringDonation }
            else if latest.map({ $0.stage == .original }) ?? true { .beforeThePipeline }
            else if isRemoving { .duringRemoval }
            else if !service.fetcher.waitingURLs.isEmpty { .duringDownloads }
            else { .betweenSteps }
        expiryCall = ExpiryCall(moment: moment, latest: latest, heldByHook: held)
        guard concurrently else {
            service.serviceExtensionTimeWillExpire()
            expiryReturned.set()
            return
        }
        DispatchQueue.global().async { [service, expiryReturned] in
            service.serviceExtensionTimeWillExpire()
            expiryReturned.set()
        }
    }

    /// Whether the extension asked for the removal and has not finished its run: the remover
    /// reads iOS's list, pausing on the service's clock, until the notification is gone from it.
    var isRemoving: Bool {
        kind != .message && !recorder.removals.isEmpty && (service.inFlight?.session.progress.latest?.stage ?? .original) < .complete
    }

    /// Waits until the notification cannot move on without the test: it waits for a download, the
    /// donation, iOS's removal or the provider, or its run is over. A download waits for the test
    /// when every download not yet answered is waiting, or was given up at its deadline.
    ///
    /// - Returns: whether it did (else the wait gave up).
    @discardableResult
    func settle() async -> Bool {
        await Flag.poll { [self] in
            runEnded.isSet || !handler.deliveries.isEmpty || !service.hookInputs.isEmpty || recorder.pendingDonationCount > 0
                || waitsForDownloads || isRemoving
        }
    }

    /// Whether the run waits for the test to answer downloads.
    private var waitsForDownloads: Bool {
        let waiting = service.fetcher.waitingURLs
        return !waiting.isEmpty && waiting.isSuperset(of: Set(unanswered).subtracting(service.fetcher.abandonedURLs))
    }

    /// Lets everything end as it would on a phone: every download answered, every donation ended,
    /// the provider answering late or never, and iOS calling expiry if nothing was delivered.
    ///
    /// - Returns: what never came to an end (nothing, when the adapter is sound).
    func finish(using generator: inout SeededGenerator) async -> [String] {
        var stuck: [String] = []
        for url in unanswered { service.fetcher.answer(url, with: .image) }
        unanswered = []
        let ended = await Flag.poll { [self] in
            recorder.completePendingDonations()
            // Time passes while the remover waits for iOS (its pause is 50 ms), which may never
            // apply the removal; a new message's run waits on nothing that time ends.
            if kind != .message { service.manualClock.advance(by: .milliseconds(50)) }
            return runEnded.isSet
        }
        if !ended {
            stuck.append("the pipeline never finished")
        }
        // The hook runs on its own queue once the pipeline hands it the content: wait until it
        // has run and returned.
        let hooked = await Flag.poll { [service] in
            (service.inFlight?.session.handedToHook == nil || !service.hookInputs.isEmpty) && service.hookReturned
        }
        if !hooked { stuck.append("the forward hook was never called, or never returned") }
        if Bool.random(using: &generator) { service.answerHeldHandler() }
        if expiryCall != nil, !(await Flag.poll { [expiryReturned] in expiryReturned.isSet }) {
            stuck.append("serviceExtensionTimeWillExpire never returned")
        }
        // iOS gives up at about 30 s, unless content was delivered.
        if handler.deliveries.isEmpty, expiryCall == nil { expire(concurrently: false) }
        // A provider answering after the end changes nothing.
        if Bool.random(using: &generator) { service.answerHeldHandler() }
        return stuck
    }
}
/// The first value kept, whichever thread keeps it.
final class FirstValue<Value>: @unchecked Sendable {
    // @unchecked: `stored` is only touched while `lock` is held.
    private let lock = NSLock()
    private var stored: Value?

    var value: Value? { lock.withLock { stored } }

    func keep(_ value: Value) {
        lock.withLock { if stored == nil { stored = value } }
    }
}
#endif
