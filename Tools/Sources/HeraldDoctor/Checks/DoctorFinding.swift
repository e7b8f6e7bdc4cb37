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
    public let message: String
    /// What to change, one line; `nil` for a check that passed.
    public internal(set) var fix: String?

    init(_ check: DoctorCheck, _ status: Status, target: String?, configuration: String, _ message: String, fix: String? = nil) {
        self.check = check
        self.status = status
        self.target = target
        self.configurations = [configuration]
        self.message = message
        self.fix = status == .ok ? nil : fix
    }
}
