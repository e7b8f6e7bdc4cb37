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

    /// - Parameters: see the properties.
    public init(
        updating: UpdatingOutcome = .succeed, donation: DonationOutcome = .succeed, updatingClearsSubtitle: Bool = true,
        copiesKeepContentProvider: Bool = true
    ) {
        self.updating = updating
        self.donation = donation
        self.updatingClearsSubtitle = updatingClearsSubtitle
        self.copiesKeepContentProvider = copiesKeepContentProvider
    }
}
