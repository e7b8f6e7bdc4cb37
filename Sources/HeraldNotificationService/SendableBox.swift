/// Carries an Apple framework object (not `Sendable`) across the pipeline's concurrency
/// boundary.
///
/// Safe because of how the service uses it: the boxed object is created, then only read; for
/// content it is always an immutable `UNNotificationContent` copy (the mutable subclass is
/// copied before boxing); the service itself keeps its mutable state behind a lock.
struct SendableBox<Value>: @unchecked Sendable {
    // @unchecked: `value` is immutable and, per the type's contract, never mutated after boxing.
    let value: Value
}
