import Foundation
import HeraldCore

extension InterruptionLevel {
    /// The spelling OneSignal's `ios_interruption_level` takes: APNs's values with an
    /// underscore where APNs has a hyphen (`time_sensitive`).
    public var oneSignalValue: String {
        rawValue.replacingOccurrences(of: "-", with: "_")
    }
}
