import ArgumentParser
import Foundation
@_spi(HeraldTools) import HeraldCore

/// A server's URL given with `--endpoint`, checked before anything connects: NIO traps on a
/// port above 65535, and a URL without a host has nowhere to go.
enum EndpointOption {
    /// - Parameters:
    ///   - text: the option's value.
    ///   - schemes: the schemes the sender speaks, the first named in the message.
    ///   - why: what the scheme rule says, for the message.
    /// - Throws: `ValidationError` naming what is wrong.
    static func check(_ text: String, schemes: [String], why: String) throws {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), schemes.contains(scheme) else {
            throw ValidationError("--endpoint \(text) must be \(schemes.map { "an \($0) URL" }.phrase(joinedBy: "or")) (\(why))")
        }
        guard let host = url.host, !host.isEmpty else { throw ValidationError("--endpoint \(text) has no host") }
        if let port = url.port, !(1...65535).contains(port) {
            throw ValidationError("--endpoint \(text): port \(port) is out of range (1 to 65535)")
        }
    }
}
