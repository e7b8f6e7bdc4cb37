/// A property list that cannot be read: what is wrong and, where the reader knows it, the line.
public struct PropertyListError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line the problem is on, when known.
    public let line: Int?
    /// What is wrong, one phrase: `expected ';' after the value of "name"`.
    public let reason: String

    public init(line: Int?, reason: String) {
        self.line = line
        self.reason = reason
    }

    public var description: String { line.map { "line \($0): \(reason)" } ?? reason }
}
