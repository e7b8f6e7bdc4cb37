import Foundation
import HeraldCore

/// How a payload is sent, as far as APNs's rules for the payload depend on it: its push type
/// and priority. What lint judges a background push by, and what `herald send apns` sends with.
public struct APNSPushOptions: Hashable, Sendable {
    /// `apns-push-type`; `nil` when not known (APNs takes ``APNSPushType/default`` when a
    /// request has none).
    public var pushType: APNSPushType?
    /// `apns-priority`; `nil` when not given (APNs takes ``APNSPriority/default``).
    public var priority: APNSPriority?

    /// - Parameters:
    ///   - pushType: the push type; `nil` when not known.
    ///   - priority: the priority; `nil` when not given.
    public init(pushType: APNSPushType? = nil, priority: APNSPriority? = nil) {
        self.pushType = pushType
        self.priority = priority
    }

    /// These options with each one `other` gives in place of this one's.
    ///
    /// - Parameter other: the options that win, such as those given on the command line over
    ///   those a provider's request sets.
    /// - Returns: `other`'s push type and priority where set, else these.
    public func overridden(by other: APNSPushOptions) -> APNSPushOptions {
        APNSPushOptions(pushType: other.pushType ?? pushType, priority: other.priority ?? priority)
    }

    /// Checks the payload against the priority it is sent at: APNs calls priority 10 (or none)
    /// an error for a payload whose `aps` holds only `content-available`, a background update.
    ///
    /// - Parameter payload: the JSON body as sent; a body that is not JSON is not judged here.
    /// - Returns: ``APNSRuleViolation/contentAvailableAtImmediatePriority`` or `nil`.
    public func violation(payload: Data) -> APNSRuleViolation? {
        // Parsed only when the bytes could spell the key: as written, or through an escape.
        // The emulator checks every request, most of which hold neither.
        guard (priority ?? .default) == .immediately,
            Self.maySpellContentAvailable(payload),
            let aps = (try? JSONValue(parsing: payload))?["aps"]?.objectValue,
            aps.count == 1, aps["content-available"] != nil
        else { return nil }
        return .contentAvailableAtImmediatePriority
    }

    private static let contentAvailableKey = Array("content-available".utf8)

    /// Whether the bytes hold `content-available` as written, or a backslash, with which an
    /// escape could spell it. Over raw bytes: Foundation's `firstRange(of:)` on `Data` cost
    /// more than the parse it spares.
    private static func maySpellContentAvailable(_ payload: Data) -> Bool {
        payload.withUnsafeBytes { bytes in
            let key = contentAvailableKey
            guard !bytes.contains(UInt8(ascii: "\\")) else { return true }
            guard bytes.count >= key.count else { return false }
            return (0...(bytes.count - key.count)).contains { start in
                bytes[start] == key[0] && key.indices.allSatisfy { bytes[start + $0] == key[$0] }
            }
        }
    }
}
