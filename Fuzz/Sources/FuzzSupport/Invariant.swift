/// Stops the run when a property that must hold for every input does not: libFuzzer records
/// the input as a crash, as it does for a trap inside Herald.
///
/// - Parameters:
///   - condition: the property.
///   - message: what went wrong, for the crash report; only built when it fails.
public func require(_ condition: Bool, _ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
    guard condition else { fatalError("invariant failed: \(message())", file: file, line: line) }
}
