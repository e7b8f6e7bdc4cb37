@_spi(HeraldTools) import HeraldCore

/// A background push (`apns-push-type: background`, or a payload of `content-available`
/// alone) and what lint finds wrong with it.
///
/// Apple: a background notification has `content-available: 1` and no alert, sound or badge,
/// and is sent with push type `background` and priority 5. The extension never runs for one,
/// so the rules about running it do not apply.
struct BackgroundPush {
    let findings: [LintFinding]

    /// `nil` when the push is not a background one.
    init?(aps: APS, headers: [String: String]) {
        let pushType = headers["apns-push-type"]
        let priority = headers["apns-priority"]
        let noisy = [("alert", aps.alert != nil), ("sound", aps.sound != nil), ("badge", aps.badge != nil)].filter(\.1).map(\.0)
        var findings: [LintFinding] = []
        switch pushType {
        case "background":
            if !noisy.isEmpty {
                findings.append(LintFinding(
                    .backgroundWithAlert,
                    "a background push carries no \(noisy.phrase(joinedBy: "or")); remove \(noisy.count == 1 ? "it" : "them"), or send an alert push (apns-push-type alert)"))
            }
            if !aps.contentAvailable {
                findings.append(LintFinding(.backgroundWithoutContentAvailable, "add \"content-available\": 1 to aps, or iOS does not wake the app for this background push"))
            }
            if priority != "5" {
                let found = priority.map { "apns-priority is \($0)" } ?? "without apns-priority APNs takes 10"
                findings.append(LintFinding(.backgroundPriority, "\(found); APNs refuses a background push unless apns-priority is 5"))
            }
        case nil where aps.contentAvailable && noisy.isEmpty:
            findings.append(LintFinding(
                .backgroundPushType,
                "content-available alone is a background push: send it with apns-push-type background and apns-priority 5 (`herald send apns --push-type background` sets both)"))
        default:
            return nil
        }
        self.findings = findings
    }
}

extension Linter {
    /// The background-push findings alone, for a sender that is about to send `payload` with
    /// `headers`: empty when it is not a background push.
    public static func lintBackground(_ payload: Payload, headers: [String: String]) -> [LintFinding] {
        payload.aps.flatMap { BackgroundPush(aps: $0, headers: headers) }?.findings ?? []
    }

    /// Whether `payload`, sent with `headers`, is a background push: the phone shows nothing.
    public static func isBackground(_ payload: Payload, headers: [String: String]) -> Bool {
        payload.aps.flatMap { BackgroundPush(aps: $0, headers: headers) } != nil
    }
}
