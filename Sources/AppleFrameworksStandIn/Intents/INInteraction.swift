import Foundation

/// An intent that happened (a message received), to donate to the system.
///
/// Source: reference, Intents: `class INInteraction : NSObject  // iOS 10` with
/// `init(intent:response:)`, `var direction { get set }`, `donate(completion:)` and, in newer
/// SDKs, `donate() async throws`. The reference's runtime facts: Apple's guide donates the
/// interaction first, then calls `updating(from:)`.
/// UNVERIFIED: Apple's public `intent`, `intentResponse` and other properties are not in the
/// reference; a donation's intent is in `StandInRecorder.Donation`.
/// Availability: Apple's documentation page, iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0; the
/// pages of `direction` and `donate(completion:)` give the same, and the iOS 15 SDK's generated
/// interface (DougGregor/swift-concurrency-objc iOS/Intents/INInteraction.swift) puts no
/// attribute on `init(intent:response:)`, `donate(completion:)` or `direction`.
@available(iOS 10.0, macOS 11.0, watchOS 3.2, tvOS 14.0, *)
open class INInteraction: NSObject {
    let intent: INIntent
    let response: INIntentResponse?

    /// An interaction for `intent`.
    ///
    /// Source: reference, `init(intent: INIntent, response: INIntentResponse?)`. Model: the
    /// intent is kept, not copied (UNVERIFIED: Apple's `intent` property may be `copy`).
    public init(intent: INIntent, response: INIntentResponse?) {
        self.intent = intent
        self.response = response
        super.init()
    }

    /// Incoming for a received message.
    ///
    /// Source: reference, `var direction: INInteractionDirection { get set }`.
    /// Model: starts `.unspecified` (UNVERIFIED).
    open var direction: INInteractionDirection = .unspecified

    /// Donates the interaction; `completion` gets `nil` or the error.
    ///
    /// Source: reference, `func donate(completion: ((Error?) -> Void)? = nil)  // newer SDKs:
    /// @Sendable`. Deviation: the stand-in takes the newer SDKs' `@Sendable` handler, so code
    /// that compiles here compiles against old and new SDKs.
    /// Model: the donation is recorded in `StandInRecorder.current` at the call, with the
    /// direction and the intent's images as they are then; `completion` runs later on another
    /// thread (UNVERIFIED: Apple's queue), with the error `StandInBehavior.donation` names, or
    /// is held until `StandInRecorder.completePendingDonations(error:)` when it says
    /// `.neverCallBack`.
    open func donate(completion: (@Sendable ((any Error)?) -> Void)? = nil) {
        let recorder = StandInRecorder.current
        switch recorder.recordDonation(of: self, style: .completionHandler) {
        case .succeed:
            if let completion { DispatchQueue.global().async { completion(nil) } }
        case .fail(let error):
            if let completion { DispatchQueue.global().async { completion(error) } }
        case .neverCallBack:
            recorder.holdPendingDonation { error in completion?(error) }
        }
    }

    /// Donates the interaction.
    ///
    /// Source: reference, "newer SDKs: ... `donate() async throws`". UNVERIFIED: its
    /// availability. It has no page or header line of its own: Swift imports it from
    /// `-donateInteractionWithCompletion:` as that method's async form, which carries that
    /// method's availability, here the class's; so none is declared.
    /// Model: recorded as `donate(completion:)` is; with `.neverCallBack` it does not return
    /// until `StandInRecorder.completePendingDonations(error:)`, whatever cancellation says
    /// (UNVERIFIED what Apple's does on cancellation).
    ///
    /// - Throws: the error `StandInRecorder.current.behavior.donation` names.
    open func donate() async throws {
        let recorder = StandInRecorder.current
        switch recorder.recordDonation(of: self, style: .async) {
        case .succeed:
            return
        case .fail(let error):
            throw error
        case .neverCallBack:
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                recorder.holdPendingDonation { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            }
        }
    }
}
