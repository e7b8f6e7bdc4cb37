/// Why the emulator could not start, other than its port: a log file or simctl folder it
/// cannot write, or a TLS certificate and key it cannot use. Each says which and why, in words.
public struct APNSEmulatorStartError: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
