import Foundation

/// How the stand-in behaves where the real frameworks could succeed or fail: set it on a
/// `StandInRecorder` to make the code under test meet a failure on cue.
///
/// Stand-in only; no Apple counterpart.
public struct StandInBehavior: Sendable {
    /// What `UNNotificationContent.updating(from:)` does.
    public enum UpdatingOutcome: Hashable, Sendable {
        /// Returns updated content.
        case succeed
        /// Throws `UNError(code)`, as iOS does for an invalid provider
        /// (`.contentProvidingInvalid`) or one it does not allow (`.contentProvidingObjectNotAllowed`).
        case fail(UNError.Code)
    }

    /// What `INInteraction.donate` does.
    public enum DonationOutcome: Sendable {
        /// Completes without an error.
        case succeed
        /// Completes with (or throws) this error.
        case fail(any Error)
        /// Never completes until `StandInRecorder.completePendingDonations(error:)`.
        case neverCallBack
    }

    /// When a `removeDeliveredNotifications(withIdentifiers:)` or `removeAllDeliveredNotifications()`
    /// shows in what `getDeliveredNotifications(completionHandler:)` and `deliveredNotifications()`
    /// answer. Apple's removal methods have no completion handler. UNVERIFIED: that they take effect
    /// asynchronously and how long it takes (shipping apps wait 0.1 to 1 s after removing); one
    /// public report observes, on iOS 16, that a later read answers only after earlier removals
    /// took effect, and that a removal is cancelled when the extension exits first (`.never`).
    /// Each case is deterministic: reads are counted, no clock is read.
    public enum RemovalTiming: Hashable, Sendable {
        /// The removal is in effect before the removing call returns.
        case atOnce
        /// The removal takes effect once this many reads made after it have answered with the
        /// removed notifications still listed; the next read lists them no longer. `0` or less is
        /// `.atOnce`.
        case afterReads(Int)
        /// The removal is recorded, but the notifications stay listed.
        case never
    }

    /// Default `.succeed`.
    public var updating: UpdatingOutcome
    /// Default `.succeed`.
    public var donation: DonationOutcome
    /// Whether a successful `updating(from:)` with an `INSendMessageIntent` clears the subtitle.
    /// Default `true`: the stand-in's model of iOS (UNVERIFIED), so the adapter's restoring of
    /// the subtitle is exercised; `false` tests the adapter against an iOS that keeps it.
    public var updatingClearsSubtitle: Bool
    /// Whether `copy()` and `mutableCopy()` of content made by a successful `updating(from:)`
    /// keep what the update added (`StandInInspection.contentProvider(of:)`).
    /// Default `true`. UNVERIFIED model either way: Apple says only that the result of
    /// `updating(from:)` should go straight to the content handler (reference), not whether a
    /// copy keeps the communication layout; `false` checks that code under test does not copy
    /// updated content needlessly. Taken when the update is made: it holds for that content and
    /// its copies wherever they are made, bound recorder or not.
    public var copiesKeepContentProvider: Bool
    /// When removals of delivered notifications take effect. Default `.atOnce`. Taken when the
    /// removal is made: changing it later does not change removals already made.
    public var removalTakesEffect: RemovalTiming

    /// - Parameters: see the properties.
    public init(
        updating: UpdatingOutcome = .succeed, donation: DonationOutcome = .succeed, updatingClearsSubtitle: Bool = true,
        copiesKeepContentProvider: Bool = true, removalTakesEffect: RemovalTiming = .atOnce
    ) {
        self.updating = updating
        self.donation = donation
        self.updatingClearsSubtitle = updatingClearsSubtitle
        self.copiesKeepContentProvider = copiesKeepContentProvider
        self.removalTakesEffect = removalTakesEffect
    }
}
