import Foundation

/// Everything `herald doctor` found in one project.
public struct DoctorReport: Sendable {
    public let projectURL: URL
    /// The project's configurations, in its order.
    public let configurations: [String]
    /// The notification service extension targets found, and the app each belongs to.
    public let extensions: [(extension: String, app: String?)]
    /// Findings by target (the project's own first), then check order, then configuration.
    public let findings: [DoctorFinding]

    /// Whether any check failed as an error: the exit status is 1 then.
    public var hasErrors: Bool { findings.contains { $0.status == .error } }
}
