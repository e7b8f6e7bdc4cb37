// Only where AppleFrameworksStandIn exists (Linux): the interleaving tests observe the adapter
// through the stand-in.
#if canImport(AppleFrameworksStandIn)
import AppleFrameworksStandIn
import Foundation

@testable import HeraldNotificationService

// What the adapter promises for one notification, checked once its trial has ended. Each check
// names the promise it tests; each fails if that promise breaks.
extension InterleavingFlight {
    /// Every broken promise, described; empty when the adapter kept them all.
    func brokenPromises() -> [String] {
        let deliveries = handler.deliveries
        // Exactly once: iOS's content handler is called once, never twice, never not at all.
        guard let delivered = deliveries.first, deliveries.count == 1 else {
            return ["the content handler was called \(deliveries.count) times"]
        }
        var broken: [String] = []
        // Two notifications in flight do not mix: this one's text, sender and update only; a
        // retraction's is empty once the pipeline read it (the app filters).
        if delivered.body != body, !(kind == .retraction && isEmpty(delivered)) {
            broken.append("delivered the text \"\(delivered.body)\", not this notification's")
        }
        broken += hookPromises(delivered)
        broken += expiryPromises(delivered)
        broken += layoutPromises(delivered)
        broken += removalPromises(delivered)
        return broken
    }

    /// Whether `content` shows nothing: no text and no attachments.
    private func isEmpty(_ content: UNNotificationContent) -> Bool {
        content.title.isEmpty && content.subtitle.isEmpty && content.body.isEmpty && content.attachments.isEmpty
    }

    /// An edit or a delete removes its message's notification and no other, before the content
    /// handler is called unless expiry came first or iOS never applied the removal; a delete
    /// read by the pipeline delivers nothing, even on expiry.
    private func removalPromises(_ delivered: UNNotificationContent) -> [String] {
        var broken: [String] = []
        let named = Set(recorder.removals.joined())
        if !named.isSubset(of: [target]) { broken.append("removed \(named.sorted()), not only \(target)") }
        if recorder.removals.count > 1 { broken.append("asked for \(recorder.removals.count) removals") }
        let listed = recorder.deliveredNotifications.map(\.request.identifier)
        if !listed.contains(bystander) { broken.append("the notification of another message of the conversation went") }
        guard kind != .message, readable else {
            if !named.isEmpty { broken.append("a push that removes nothing removed \(named.sorted())") }
            return broken
        }
        let final = service.inFlight?.session.progress.latest
        // iOS may not apply the removal within the removal's time (the clock moves by seconds):
        // then the remover says so and delivery goes on.
        let confirmed = !(final?.decisions.contains { $0.code == .removalUnconfirmed } ?? false)
        if expiryCall == nil, confirmed, listedAtDelivery?.contains(target) != false {
            broken.append("the content handler was called while \(target) was still shown (listed: \(listedAtDelivery ?? []))")
        }
        // What the pipeline had read when delivery was decided: at expiry, or at the end.
        let read = expiryCall == nil ? final : expiryCall?.latest
        if kind == .retraction, !isEmpty(delivered), let read, read.stage >= .decoded {
            broken.append("a delete the pipeline had read delivered \"\(delivered.body)\" instead of nothing")
        }
        return broken
    }

    /// The forward hook runs at most once, before delivery, and sees exactly what is delivered:
    /// the content it was handed (when expiry delivers while the provider works) or what it
    /// handed back.
    private func hookPromises(_ delivered: UNNotificationContent) -> [String] {
        let inputs = service.hookInputs
        guard let input = inputs.first else {
            // Without the hook, only expiry delivers, and never the communication layout.
            var broken: [String] = []
            if expiryCall == nil { broken.append("delivered without the forward hook or expiry") }
            if StandInInspection.contentProvider(of: delivered) != nil {
                broken.append("delivered the communication layout without the forward hook")
            }
            return broken
        }
        var broken: [String] = []
        if inputs.count > 1 { broken.append("the forward hook ran \(inputs.count) times") }
        if delivered !== input, !service.hookOutputs.contains(where: { $0 === delivered }) {
            broken.append("delivered content the forward hook never saw: it was handed \(describe(input)), iOS got \(describe(delivered))")
        }
        if !readable, input.title != title || input.body != body || !input.attachments.isEmpty {
            broken.append("an unreadable payload was not forwarded as received")
        }
        return broken
    }

    /// On expiry: the provider hears of it once, first, and what is delivered is no less than
    /// what was done by then.
    private func expiryPromises(_ delivered: UNNotificationContent) -> [String] {
        guard let call = expiryCall else {
            return service.expiryHookCalls == 0 ? [] : ["forwardExpiry ran without expiry"]
        }
        var broken: [String] = []
        if service.expiryHookCalls != 1 {
            broken.append("forwardExpiry ran \(service.expiryHookCalls) times for one expiry")
        }
        let fromProvider = service.hookOutputs.contains { $0 === delivered }
        if let held = call.heldByHook, delivered !== held, !fromProvider {
            broken.append("expiry during the forward hook did not deliver what the hook was handed")
        }
        if call.latest != nil, delivered === request.content {
            broken.append("expiry delivered the push as received though the pipeline had published \(call.latest!.stage)")
        }
        if let latest = call.latest, latest.stage >= .decoded {
            let downloaded = latest.attachments.filter { $0.status == .downloaded }.count
            if delivered.attachments.count < downloaded {
                broken.append("expiry delivered \(delivered.attachments.count) attachments, though \(downloaded) were downloaded")
            }
        }
        return broken
    }

    /// A content as a failure message shows it.
    private func describe(_ content: UNNotificationContent) -> String {
        let layout = StandInInspection.contentProvider(of: content) == nil ? "without" : "with"
        return "\"\(content.title)\" \(layout) the layout, \(content.attachments.count) attachments, category \"\(content.categoryIdentifier)\""
    }

    /// Never a mix: the communication layout whole (this notification's donated and updated
    /// intent, title and restored subtitle) or none of it (the push's own title).
    private func layoutPromises(_ delivered: UNNotificationContent) -> [String] {
        guard let provider = StandInInspection.contentProvider(of: delivered) else {
            return delivered.title == title || (kind == .retraction && isEmpty(delivered)) ? [] : ["plain content with the title \"\(delivered.title)\""]
        }
        if kind == .retraction { return ["a delete delivered a communication layout"] }
        guard let update = recorder.updates.first(where: { $0.provider as AnyObject === provider as AnyObject }),
            case .success(let updated) = update.result
        else {
            return ["delivered a communication layout that no update of this notification made"]
        }
        var broken: [String] = []
        if !update.providerWasDonated { broken.append("updated from an intent that was not donated first") }
        if delivered.title != updated.title || delivered.subtitle != subtitle {
            broken.append("the layout's title or subtitle is off: \"\(delivered.title)\", \"\(delivered.subtitle)\"")
        }
        let sender = (provider as? INSendMessageIntent).flatMap { StandInInspection.message($0).sender?.displayName }
        if sender != name { broken.append("the layout shows the sender \(sender ?? "none")") }
        return broken
    }
}
#endif
