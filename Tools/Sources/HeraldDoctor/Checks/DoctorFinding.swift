import Foundation

/// What one check found for one target, in the configurations where it found the same.
public struct DoctorFinding: Hashable, Sendable {
    /// How a check came out. Any error makes `herald doctor` exit 1.
    public enum Status: String, Hashable, Sendable, Comparable, CaseIterable {
        case error, warning, info, ok

        public static func < (lhs: Status, rhs: Status) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public let check: DoctorCheck
    public internal(set) var status: Status
    /// The target it concerns; `nil` for the project as a whole.
    public let target: String?
    /// The configurations it holds in, in the project's order.
    public internal(set) var configurations: [String]
    /// What was found, one line.
    public internal(set) var message: String
    /// What to change, one line; `nil` for a check that passed.
    public internal(set) var fix: String?

    /// Says that the verdict took `variables`, defined nowhere, as empty, as Xcode does: it
    /// holds only if xcodebuild's command line or environment does not set them.
    ///
    /// - Parameter missing: base `.xcconfig` files named but not found, which may define them:
    ///   then an error is only a warning, since the file, once there, may make it right.
    mutating func noteTakenAsEmpty(_ variables: Set<String>, missing: [URL] = []) {
        guard !variables.isEmpty else { return }
        let names = variables.sorted().map { "$(\($0))" }
        let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        guard !missing.isEmpty else {
            message += " (taking \(listed), defined nowhere, as empty, as Xcode does)"
            return
        }
        let files = Set(missing.map(\.lastPathComponent)).sorted().joined(separator: ", ")
        message += " (taking \(listed), defined nowhere, as empty; the missing \(files) may define it)"
        if status == .error { status = .warning }
    }

    init(_ check: DoctorCheck, _ status: Status, target: String?, configuration: String, _ message: String, fix: String? = nil) {
        self.check = check
        self.status = status
        self.target = target
        self.configurations = [configuration]
        self.message = message
        self.fix = status == .ok ? nil : fix
    }
}
