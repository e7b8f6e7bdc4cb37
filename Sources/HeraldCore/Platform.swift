import Foundation

// Every platform difference in HeraldCore lives here, so the logic elsewhere reads the same on
// Linux and on Apple platforms.

package enum Platform {
    /// Whether an `NSNumber` is really a boolean (`true`/`false` from JSON or a Swift `Bool`).
    ///
    /// Both platforms hand out one shared instance per boolean value: `kCFBooleanTrue` on Apple
    /// platforms (tested through its CF type id), `__NSCFBoolean`'s two singletons in
    /// swift-corelibs-foundation (tested by identity, as `CFGetTypeID` is not public there).
    package static func isBoolean(_ number: NSNumber) -> Bool {
        #if canImport(Darwin)
        return CFGetTypeID(number) == CFBooleanGetTypeID()
        #else
        return number === NSNumber(value: true) || number === NSNumber(value: false)
        #endif
    }
}
