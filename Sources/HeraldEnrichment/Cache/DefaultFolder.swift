import Foundation
@_spi(HeraldTools) import HeraldCore

/// Where Herald keeps its files when the app names no folder: `herald-UID/name` in the
/// temporary directory. Public initializers name it in their default arguments, which may only
/// use public or `@usableFromInline` declarations (not `PrivateDirectory`, an SPI of HeraldCore).
@usableFromInline enum DefaultFolder {
    @usableFromInline static func temporary(_ name: String) -> URL {
        PrivateDirectory.temporaryURL(name)
    }
}
