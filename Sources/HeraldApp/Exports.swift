// What `import HeraldApp` brings besides this module: the types its own API takes, returns and
// throws, so that the app target needs no other import of Herald. Tests/OneImport/App imports
// nothing else and names each of them: a line removed here breaks that target's build.
//
// Only these types, not HeraldCore and HeraldEnrichment whole: an app target is large, imports
// SwiftUI and modules of its own, and HeraldCore's general names (`Message`, `Person`, `Layout`,
// `Alert`) would become ambiguous beside theirs (SwiftUI declares an `Alert` too). An app that
// wants more of Herald imports HeraldCore itself.
//
// Foundation: the API's values are made of its types (`URL`). Apple's frameworks bring it on
// Apple platforms; said here, it holds on Linux too.
@_exported import Foundation
@_exported import struct HeraldCore.Handle
@_exported import enum HeraldCore.MessageCategory
@_exported import struct HeraldEnrichment.BadgeCounter
@_exported import struct HeraldEnrichment.BadgeCounterError
@_exported import struct HeraldEnrichment.ContactMap
@_exported import struct HeraldEnrichment.ContactMapError
