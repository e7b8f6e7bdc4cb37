import Foundation

/// An `.xcconfig` file as Xcode reads it: its assignments in order, with the files it includes
/// in place (see ``XCConfigReader``).
struct XCConfigFile: Sendable {
    /// An `#include` that was skipped because it names a file already being read: the file
    /// itself, or one that included it on the way.
    struct Cycle: Hashable, Sendable {
        /// The file whose `#include` was skipped, and the line it is on.
        let file: URL
        let line: Int
        /// The chain of includes, from the file first read to the one named again.
        let chain: [URL]
    }

    /// A file outside the folder `herald doctor` was given (``ProjectRoot``), which was not
    /// read: an `#include` of one, or a base configuration that is one.
    struct Outside: Hashable, Sendable {
        /// The file whose `#include` names it, and the line; `nil` for a base configuration.
        let file: URL?
        let line: Int?
        /// Its path as the `#include` or the project writes it.
        let path: String
    }

    var assignments: [BuildSettingAssignment] = []
    /// The file, or files it includes with `#include` (not `#include?`), that do not exist: a
    /// CocoaPods or gitignored file often does not. They contribute nothing.
    var missing: [URL] = []
    /// The includes skipped as cycles, as Xcode skips them (with a warning).
    var cycles: [Cycle] = []
    /// The files outside the folder, not read: what they would set is unknown.
    var outside: [Outside] = []
}
