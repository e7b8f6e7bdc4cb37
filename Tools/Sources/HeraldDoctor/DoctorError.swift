import Foundation

/// A project `herald doctor` cannot read: which file, and where the reader knows it, the line.
public struct DoctorError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: URL?
    public let line: Int?
    /// What is wrong, one phrase.
    public let reason: String

    public init(file: URL?, line: Int? = nil, reason: String) {
        self.file = file
        self.line = line
        self.reason = reason
    }

    public var description: String {
        guard let file else { return reason }
        return "\(file.path)\(line.map { ":\($0)" } ?? ""): \(reason)"
    }
}
