import NIOConcurrencyHelpers

/// The device tokens of a batch, handed out one at a time to whichever worker asks next, so
/// the sequence is read lazily however long it is.
final class DeviceTokenFeed<Tokens: Sequence<DeviceToken>>: @unchecked Sendable {
    // @unchecked: `iterator` is only touched while `lock` is held.
    private let lock = NIOLock()
    private var iterator: Tokens.Iterator
    /// Set once the iterator returned nil: it is not asked again.
    private var finished = false

    init(_ tokens: Tokens) {
        iterator = tokens.makeIterator()
    }

    /// The next token, or `nil` when there are no more.
    func next() -> DeviceToken? {
        lock.withLock {
            guard !finished else { return nil }
            guard let token = iterator.next() else {
                finished = true
                return nil
            }
            return token
        }
    }
}
