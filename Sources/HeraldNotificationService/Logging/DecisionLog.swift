import HeraldCore

/// Where the extension's decisions go.
///
/// On Apple platforms: `os.Logger` with subsystem ``subsystem`` and category ``category``,
/// which an app filters in Console (`subsystem:dev.herald`). Elsewhere nothing is written; a
/// subclass of the service (or a test) overrides `CommunicationNotificationService.log(_:)`.
public enum DecisionLog {
    public static let subsystem = "dev.herald"
    public static let category = "notification-service"
}
