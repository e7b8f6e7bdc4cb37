import Foundation

extension URL {
    /// Whether the URL's host is this machine's loopback interface (`localhost`, `127.x.x.x`,
    /// `::1`): the only place plain http may carry a secret (an API key, a bearer token), for a
    /// local test server.
    @_spi(HeraldTools) public var hasLoopbackHost: Bool {
        let host = (host ?? "").lowercased()
        if ["localhost", "::1", "[::1]"].contains(host) { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
