import ArgumentParser

/// A number of seconds given on the command line, checked before it becomes a `Duration`:
/// `Duration.seconds(_:)` traps on a value such as `1e308`, and a large one such as `1e20`
/// traps later, as a timer.
enum SecondsOption {
    /// Refuses anything but a number of seconds above 0 and at most `maximum` (which also
    /// refuses `nan` and `inf`).
    ///
    /// - Parameters:
    ///   - value: the option's value.
    ///   - flag: the option, for the message (`--timeout`).
    ///   - maximum: the largest value accepted.
    /// - Throws: `ValidationError` naming the flag and the range.
    static func check(_ value: Double, flag: String, maximum: Double) throws {
        guard value > 0, value <= maximum else {
            throw ValidationError("\(flag) must be a number of seconds above 0 and at most \(Int(maximum)), not \(value)")
        }
    }
}
