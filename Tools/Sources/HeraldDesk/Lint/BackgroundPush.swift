@_spi(HeraldTools) import HeraldCore
import HeraldSending

/// A background push (`apns-push-type: background`, or a payload of `content-available`
/// alone) and what lint finds wrong with it.
///
/// Apple: a background notification has `content-available: 1` and no alert, sound or badge,
/// and is sent with push type `background` at the priority APNs requires for it
/// (``APNSPushType/requiredPriority``, 5). The extension never runs for one, so the rules about
/// running it do not apply.
struct BackgroundPush {
    let findings: [LintFinding]

    /// `nil` when the push is not a background one.
    init?(aps: APS, pushOptions: APNSPushOptions) {
        var findings: [LintFinding] = []
        switch pushOptions.pushType {
        case .background?:
            let noisy = Self.noisyKeys(aps)
            if !noisy.isEmpty {
                findings.append(LintFinding(
                    .backgroundWithAlert,
                    "a background push carries no \(noisy.phrase(joinedBy: "or")); remove \(noisy.count == 1 ? "it" : "them"), or send an alert push (apns-push-type alert)"))
            }
            if !aps.contentAvailable {
                findings.append(LintFinding(.backgroundWithoutContentAvailable, "add \"content-available\": 1 to aps, or iOS does not wake the app for this background push"))
            }
            if let violation = APNSPushType.background.violation(priority: pushOptions.priority) {
                findings.append(LintFinding(.backgroundPriority, "\(violation); APNs refuses it otherwise"))
            }
        case nil where aps.contentAvailable && Self.noisyKeys(aps).isEmpty:
            let priority = APNSPushType.background.requiredPriority!.rawValue
            findings.append(LintFinding(
                .backgroundPushType,
                "content-available alone is a background push: send it with apns-push-type background and apns-priority \(priority) (`herald send apns --push-type background` sets both)"))
        default:
            return nil
        }
        self.findings = findings
    }

    /// The keys of `aps` that make a push noisy: alert, sound and badge, those present.
    private static func noisyKeys(_ aps: APS) -> [String] {
        [("alert", aps.alert != nil), ("sound", aps.sound != nil), ("badge", aps.badge != nil)].filter(\.1).map(\.0)
    }
}

extension Linter {
    /// The background-push findings alone, for a sender that is about to send `payload` with
    /// `pushOptions`: empty when it is not a background push.
    ///
    /// - Parameters:
    ///   - payload: the payload about to be sent.
    ///   - pushOptions: the push type and priority it is sent with.
    /// - Returns: the findings of the background rules, errors first.
    public static func lintBackground(_ payload: Payload, pushOptions: APNSPushOptions) -> [LintFinding] {
        payload.aps.flatMap { BackgroundPush(aps: $0, pushOptions: pushOptions) }?.findings ?? []
    }

    /// Whether `payload`, sent with `pushOptions` over those `conversion` sets, is a background
    /// push: the phone shows nothing.
    ///
    /// - Parameters:
    ///   - payload: the payload as the phone receives it.
    ///   - conversion: how a provider's request became it, whose APNs headers count; `nil`
    ///     for a device payload.
    ///   - pushOptions: the push type and priority it is sent with, over the provider's.
    /// - Returns: `true` for a background push.
    public static func isBackground(_ payload: Payload, conversion: RequestConversion? = nil, pushOptions: APNSPushOptions) -> Bool {
        payload.aps.flatMap { BackgroundPush(aps: $0, pushOptions: sendingOptions(conversion, pushOptions)) } != nil
    }
}
