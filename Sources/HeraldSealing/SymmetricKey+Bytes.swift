import Crypto
import Foundation

extension SymmetricKey {
    /// The key's bytes, for storing a key in a `Sendable` value or closure.
    ///
    /// CryptoKit's `SymmetricKey` is `Sendable` in the iOS 18 SDK but not in iOS 17's
    /// (docs/architecture.md, "Apple facts"): Herald's `Sendable` types keep bytes and make the key
    /// when they use it, so they compile against either.
    @_spi(HeraldTools) public var bytes: Data {
        withUnsafeBytes { Data($0) }
    }
}
