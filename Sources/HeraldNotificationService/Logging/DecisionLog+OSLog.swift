#if canImport(os)
import HeraldCore
import os

// UNVERIFIED: compiled only on Apple platforms.
extension DecisionLog {
    private static let logger = Logger(subsystem: subsystem, category: category)

    static func write(_ decision: Decision, minimum: ServiceConfiguration.LogLevel) {
        guard shouldWrite(decision.code, minimum: minimum) else { return }
        switch level(of: decision.code) {
        case .debug: logger.debug("\(decision.code.rawValue, privacy: .public): \(decision.message, privacy: .private)")
        case .info: logger.info("\(decision.code.rawValue, privacy: .public): \(decision.message, privacy: .private)")
        case .error: logger.error("\(decision.code.rawValue, privacy: .public): \(decision.message, privacy: .private)")
        }
    }
}
#endif
