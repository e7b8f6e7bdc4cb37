// Every platform difference in HeraldEnrichment lives here, so the logic elsewhere reads the
// same on Linux and on Apple platforms.

enum Platform {
    /// Whether `URLSessionTask.suspend()` pauses a running transfer so that flow control can
    /// use it. On Apple platforms it does (Apple: "a task, while suspended, produces no network
    /// traffic"; UNVERIFIED here, as no Apple SDK is available to test it). In
    /// swift-corelibs-foundation it blocks behind the delegate queue and can crash
    /// (`NativeProtocol.stopLoading`) when resumed soon after, so Linux never calls it.
    static let urlSessionPausesTransfers: Bool = {
        #if canImport(Darwin)
        return true
        #else
        return false
        #endif
    }()
}
