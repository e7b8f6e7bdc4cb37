import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Why a connection to `host:port` failed, in words a person acts on: nothing listening, no
/// such host, unreachable, a certificate for another name, rather than NIO's
/// `SingleConnectionFailure(…)` or BoringSSL's error stack.
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

    /// What a failure between the TCP connection and HTTP/2's first SETTINGS means. A server
    /// that cannot be APNs for this client is ``APNSTransportError/unusableServer(_:)``, which
    /// is not retried; a failure that may pass stays ``APNSTransportError/connectFailed(_:)``.
    ///
    /// - Parameter byAddress: `host` is an IP address, which a certificate names apart from
    ///   its DNS names.
    static func handshake(_ error: any Error, host: String, port: Int, byAddress: Bool) -> APNSTransportError {
        if let transport = error as? APNSTransportError { return transport }
        let server = "\(host):\(port)"
        if let extra = error as? NIOSSLExtraError, extra == .failedToValidateHostname {
            let how = byAddress ? "; an address must be an IP entry of its subjectAltName, or connect by a name it holds" : ""
            return .unusableServer("the certificate of \(server) is not for \(host)\(how)")
        }
        guard case NIOSSLError.handshakeFailed(let failure) = error else { return .connectFailed("\(server): \(error)") }
        // BoringSSL's reasons are stable names inside its error stack's text.
        let stack = "\(failure)"
        if stack.contains("CERTIFICATE_VERIFY_FAILED") {
            return .unusableServer(
                "the certificate of \(server) is not trusted: no authority this client trusts signed it, or it is outside its dates "
                    + "(a local server's authority is trusted with --ca-file, or APNSClient.Configuration.trustedCertificatesFile)")
        }
        if stack.contains("WRONG_VERSION_NUMBER") || stack.contains("PACKET_LENGTH_TOO_LONG") {
            return .unusableServer("\(server) does not speak TLS (a plain HTTP server?); APNs is HTTP/2 over TLS")
        }
        if stack.contains("NO_APPLICATION_PROTOCOL") {
            return .unusableServer("\(server) does not speak HTTP/2: it refused h2 in the TLS handshake (ALPN)")
        }
        let reason = stack.range(of: "OPENSSL_internal:").map { stack[$0.upperBound...].prefix { $0 != " " && $0 != "]" } }.map(String.init) ?? stack
        return .connectFailed("the TLS handshake with \(server) failed (\(reason))")
    }
}
