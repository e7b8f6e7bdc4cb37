#if !canImport(os)
import HeraldCore

extension DecisionLog {
    /// No system log here: decisions reach tests through `CommunicationNotificationService.log(_:)`.
    static func write(_ decision: Decision, minimum: ServiceConfiguration.LogLevel) {}
}
#endif
