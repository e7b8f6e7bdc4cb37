import Foundation
import NIOCore
import NIOPosix

/// Why a TCP connection to `host:port` failed, in words a person acts on: nothing listening,
/// no such host, unreachable, rather than NIO's `SingleConnectionFailure(…)`.
enum ConnectFailure {
    static func describe(_ error: any Error, host: String, port: Int) -> String {
        guard let failure = error as? NIOConnectionError else { return "\(host):\(port): \(error)" }
        if failure.dnsAError != nil, failure.dnsAAAAError != nil, failure.connectionErrors.isEmpty {
            return "\(host) has no address (the name does not resolve)"
        }
        let codes = failure.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
        if codes.contains(ECONNREFUSED) {
            return "nothing is listening at \(host):\(port) (connection refused): is the server running, and is the port right?"
        }
        if codes.contains(ENETUNREACH) || codes.contains(EHOSTUNREACH) {
            return "\(host):\(port) cannot be reached from here (no route to it)"
        }
        if let first = failure.connectionErrors.first {
            return "\(host):\(port): \((first.error as? IOError)?.description ?? "\(first.error)")"
        }
        return "\(host):\(port): \(error)"
    }
}
