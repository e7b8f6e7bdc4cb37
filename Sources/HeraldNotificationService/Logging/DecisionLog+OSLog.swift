#if canImport(os)
import HeraldCore
import os

// UNVERIFIED: compiled only on Apple platforms.
extension DecisionLog {
    private static let logger = Logger(subsystem: subsystem, category: category)

    static func write(_ decision: Decision, level: ServiceConfiguration.LogLevel) {
        switch level {
        case .debug: logger.debug("\(decision.code.rawValue, privacy: .public): \(decision.message, privacy: .private)")
        case .info: logger.info("\(decision.code.rawValue, privacy: .public): \(decision.message, privacy: .private)")
        case .error: logger.error("\(decision.code.rawValue, privacy: .public): \(decision.message, privacy: .private)")
        }
    }
}
#endif
