import Foundation

/// Where APNs listens: Apple's production or development server, or another server that
/// answers as APNs does (`herald apns-emulator`).
public struct APNSEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// `https://host:port`, without a path.
    public var url: URL

    /// - Parameter url: `https://host[:port]`; a trailing `/` is dropped, since request paths
    ///   start with one.
    public init(url: URL) {
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        self.url = URL(string: text) ?? url
    }

    /// `api.push.apple.com`: apps signed for distribution.
    public static let production = Self(url: URL(string: "https://api.push.apple.com")!)
    /// `api.sandbox.push.apple.com`: apps signed for development.
    public static let sandbox = Self(url: URL(string: "https://api.sandbox.push.apple.com")!)

    public var description: String { url.absoluteString }
}
