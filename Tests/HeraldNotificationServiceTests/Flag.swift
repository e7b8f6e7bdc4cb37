// Only where AppleFrameworksStandIn exists (Linux), with the interleaving tests that use it.
#if canImport(AppleFrameworksStandIn)
import Foundation

/// A flag one thread sets and another polls.
final class Flag: @unchecked Sendable {
    // @unchecked: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = false

    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }

    /// Polls `condition` until it holds, with a short real pause between polls; gives up after a
    /// minute or so, so that a run that never ends fails its trial instead of hanging the suite.
    ///
    /// - Returns: whether the condition held.
    static func poll(_ condition: () -> Bool) async -> Bool {
        var polls = 0
        while !condition() {
            guard polls < 600_000 else { return false }
            polls += 1
            await Task.yield()
            try? await Task.sleep(for: .microseconds(50))
        }
        return true
    }
}
#endif
