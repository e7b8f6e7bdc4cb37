import Foundation

/// Everything `herald doctor` found in one project.
public struct DoctorReport: Sendable {
    public let projectURL: URL
    /// The project's configurations, in its order.
    public let configurations: [String]
    /// The notification service and content extensions found, in the project's order.
    public let extensions: [NotificationExtension]
    /// Findings by target (the project's own first), then check order, then configuration.
    public let findings: [DoctorFinding]
    /// The application targets examined, and those whose entitlements grant time-sensitive
    /// notifications (`com.apple.developer.usernotifications.time-sensitive`) in every
    /// configuration: what lint with `--project` checks a `time-sensitive` push against.
    public var apps: [String] = []
    public var timeSensitiveApps: [String] = []

    /// Whether any check failed as an error: the exit status is 1 then.
    public var hasErrors: Bool { findings.contains { $0.status == .error } }
}
