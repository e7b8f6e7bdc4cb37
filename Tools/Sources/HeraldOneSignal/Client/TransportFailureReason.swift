import Foundation
import NIOCore
import NIOPosix

/// Why an AsyncHTTPClient request could not reach its server, in words: the name that does
/// not resolve, or the errno of the attempts (`connection refused`), rather than NIO's
/// `SingleConnectionFailure(…)` or `DNS error: SocketAddressError.UnknownHost …`.
///
/// `package`: `herald preview`'s downloads go through AsyncHTTPClient too and say the same.
package enum TransportFailureReason {
    package static func words(for error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)).lowercased() }
        guard let failure = error as? NIOConnectionError else { return "\(error)" }
        if let code = failure.connectionErrors.lazy.compactMap({ ($0.error as? IOError)?.errnoCode }).first {
            return String(cString: strerror(code)).lowercased()
        }
        return failure.dnsAError != nil || failure.dnsAAAAError != nil ? "the name does not resolve (no address; offline?)" : "\(failure)"
    }
}
