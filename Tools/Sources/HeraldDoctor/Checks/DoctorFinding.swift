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
    public let status: Status
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
    mutating func noteTakenAsEmpty(_ variables: Set<String>) {
        guard !variables.isEmpty else { return }
        let names = variables.sorted().map { "$(\($0))" }
        let listed = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
        message += " (taking \(listed), defined nowhere, as empty, as Xcode does)"
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
