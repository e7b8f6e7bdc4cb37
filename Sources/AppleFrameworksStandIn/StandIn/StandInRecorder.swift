import Foundation

/// What the stand-in was asked to do (donations, content updates, images set on intents), the
/// state of the app's notification center, and how the stand-in should behave; the test's handle
/// on the stand-in.
///
/// The stand-in's APIs use `StandInRecorder.current`, a task-local value. A test binds its own
/// recorder around the code under test, so tests running in parallel never see each other's
/// records:
///
/// ```swift
/// let recorder = StandInRecorder(behavior: StandInBehavior(updating: .fail(.contentProvidingInvalid)))
/// try await StandInRecorder.$current.withValue(recorder) {
///     try await codeUnderTest()          // tasks it creates with Task { } inherit the binding
/// }
/// #expect(recorder.donations.first?.direction == .incoming)
/// ```
///
/// Unbound code records into `StandInRecorder.shared`. Work hopping to a `DispatchQueue` or
/// `Task.detached` leaves the binding behind, and records there go to `shared` too.
///
/// Stand-in only; no Apple counterpart.
public final class StandInRecorder: @unchecked Sendable {
    // @unchecked: every `var` below is read and written only while `lock` is held. The records
    // hold the stand-in's classes, which like Apple's are not Sendable: read them after the code
    // under test is done with them. `lock` and `notificationCenterState` are internal for
    // `StandInRecorder+NotificationCenter.swift`, under the same rule.
    let lock = NSLock()
    private var storedBehavior: StandInBehavior
    private var storedDonations: [Donation] = []
    private var storedUpdates: [ContentUpdate] = []
    private var storedImageAssignments: [ImageAssignment] = []
    private var pendingDonations: [@Sendable ((any Error)?) -> Void] = []
    var notificationCenterState = NotificationCenterState()

    /// The recorder for code not bound to one.
    public static let shared = StandInRecorder()

    /// The recorder the stand-in's APIs use in this task; bind one with `$current.withValue`.
    @TaskLocal public static var current: StandInRecorder = .shared

    /// - Parameter behavior: how the stand-in behaves; default, everything succeeds.
    public init(behavior: StandInBehavior = StandInBehavior()) {
        storedBehavior = behavior
    }

    /// How the stand-in behaves from the next call on.
    public var behavior: StandInBehavior {
        get { lock.withLock { storedBehavior } }
        set { lock.withLock { storedBehavior = newValue } }
    }

    /// Every `donate` call, in order, failed ones included.
    public var donations: [Donation] { lock.withLock { storedDonations } }

    /// Every `updating(from:)` call, in order, throwing ones included.
    public var updates: [ContentUpdate] { lock.withLock { storedUpdates } }

    /// Every `setImage(_:forParameterNamed:)` call, in order, including those the stand-in
    /// could not map to a parameter (which, as on iOS, did nothing).
    public var imageAssignments: [ImageAssignment] { lock.withLock { storedImageAssignments } }

    /// How many donations wait for `completePendingDonations(error:)`.
    public var pendingDonationCount: Int { lock.withLock { pendingDonations.count } }

    /// Completes every donation held by `.neverCallBack`, on the caller's thread.
    ///
    /// - Parameter error: what the completions get; `nil` for success.
    /// - Returns: how many were completed.
    @discardableResult
    public func completePendingDonations(error: (any Error)? = nil) -> Int {
        let pending = lock.withLock {
            defer { pendingDonations.removeAll() }
            return pendingDonations
        }
        for completion in pending { completion(error) }
        return pending.count
    }

    /// Forgets every record; pending donations are dropped without completing. The notification
    /// center's state goes too (delivered notifications, removals, added requests, categories,
    /// badge), but not its instance: `notificationCenter` and its delegate stay.
    public func reset() {
        lock.withLock {
            storedDonations.removeAll()
            storedUpdates.removeAll()
            storedImageAssignments.removeAll()
            pendingDonations.removeAll()
            notificationCenterState.reset()
        }
    }

    // MARK: - Called by the stand-in's APIs

    /// Records a donation and says how it ends.
    func recordDonation(of interaction: INInteraction, style: Donation.Style) -> StandInBehavior.DonationOutcome {
        let intent = interaction.intent
        let images = intent.parameterImages
        let direction = interaction.direction
        return lock.withLock {
            let outcome = storedBehavior.donation
            storedDonations.append(
                Donation(
                    interaction: interaction, intent: intent, direction: direction,
                    parameterImages: images, style: style, outcome: outcome))
            return outcome
        }
    }

    func holdPendingDonation(_ completion: @escaping @Sendable ((any Error)?) -> Void) {
        lock.withLock { pendingDonations.append(completion) }
    }

    func recordImageAssignment(_ assignment: ImageAssignment) {
        lock.withLock { storedImageAssignments.append(assignment) }
    }

    /// Updates `content` from `provider` as the behaviour says, and records it.
    func update(
        _ content: UNNotificationContent, from provider: any UNNotificationContentProviding
    ) throws(UNError) -> UNNotificationContent {
        let (behavior, wasDonated) = lock.withLock {
            (storedBehavior, storedDonations.contains { $0.intent === provider })
        }
        switch behavior.updating {
        case .fail(let code):
            let error = UNError(code)
            lock.withLock {
                storedUpdates.append(
                    ContentUpdate(
                        original: content, provider: provider, result: .failure(error),
                        providerWasDonated: wasDonated, treatedAsGroup: false))
            }
            throw error
        case .succeed:
            let (updated, treatedAsGroup) = content.standInUpdated(
                from: provider, clearsSubtitle: behavior.updatingClearsSubtitle,
                copiesKeepProvider: behavior.copiesKeepContentProvider)
            lock.withLock {
                storedUpdates.append(
                    ContentUpdate(
                        original: content, provider: provider, result: .success(updated),
                        providerWasDonated: wasDonated, treatedAsGroup: treatedAsGroup))
            }
            return updated
        }
    }
}
