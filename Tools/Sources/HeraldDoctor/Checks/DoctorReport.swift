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

    /// Whether any check failed as an error: the exit status is 1 then.
    public var hasErrors: Bool { findings.contains { $0.status == .error } }
}
