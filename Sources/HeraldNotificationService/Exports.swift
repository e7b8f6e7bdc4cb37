// What `import HeraldNotificationService` brings besides this module: every type a subclass of
// `CommunicationNotificationService` meets when it overrides a hook, so that one import is
// enough for the extension target. Tests/OneImport/Extension imports nothing else, overrides
// every hook and names those types: a line removed here breaks that target's build.
//
// Herald's phone-side modules are re-exported whole. The hooks reach deep into them: `log(_:)`
// takes HeraldCore's `Decision`, whose codes HeraldCore, HeraldEnrichment and this module each
// declare; `configuration` holds an `EnrichmentConfiguration` with a `Layout`, a `ContentSource`,
// a `BadgeCounter` and more; `makeFetcher(for:)` and `makeKeyProvider(for:)` return
// HeraldEnrichment's protocols, and a key store may throw HeraldSealing's `DecryptionError`.
// Re-exporting single types would leave the codes other modules add to `Decision.Code` out of
// reach where member imports are checked (SE-0444). The extension target links these modules
// anyway, and holds little code of its own for their names to clash with.
//
// Of swift-crypto, only `SymmetricKey`, what a `KeyProvider` answers: all of it would bring
// names such as `AES` and `SHA256` that other crypto libraries declare too. On Apple platforms
// `Crypto` re-exports CryptoKit, and the name is found through that re-export (UNVERIFIED there,
// as no Apple SDK exists where Herald is built; a scoped import found through a re-export
// compiles on Linux).
//
// Foundation: the hooks' values are made of its types (`URL`, `Data`). Apple's frameworks bring
// it on Apple platforms; said here, it holds on Linux too.
@_exported import Foundation
@_exported import HeraldCore
@_exported import HeraldEnrichment
@_exported import HeraldSealing
@_exported import struct Crypto.SymmetricKey
