import NIOConcurrencyHelpers
import NIOCore

/// The connections of a server that have not yet shown their credential (the emulator's valid
/// provider token, the playground's token), at most ``limit`` of them: when one more arrives,
/// the oldest is closed.
///
/// A real client shows its credential in its first request, moments after it connects, and is
/// then no longer counted. A peer that connects and waits holds its place only until `limit`
/// newer ones arrive, so idle connections can neither use up the server's file descriptors nor
/// keep a real client out.
package final class UnprovenConnections: Sendable {
    /// How many may wait at once; at least 1.
    package let limit: Int
    /// In the order they arrived, the oldest first.
    private let waiting = NIOLockedValueBox<[any Channel]>([])

    /// - Parameter limit: how many may wait at once; less than 1 counts as 1.
    package init(limit: Int) {
        self.limit = max(limit, 1)
    }

    /// Counts a new connection, and closes the oldest waiting one when there are more than
    /// ``limit``. A connection leaves the count when it closes, or by ``prove(_:)``.
    package func admit(_ channel: any Channel) {
        let oldest: (any Channel)? = waiting.withLockedValue { waiting in
            waiting.append(channel)
            return waiting.count > limit ? waiting.removeFirst() : nil
        }
        channel.closeFuture.whenComplete { [self] _ in remove(channel) }
        oldest?.close(promise: nil)
    }

    /// The connection showed its credential: it is no longer counted, nor closed for a newcomer.
    package func prove(_ channel: any Channel) {
        remove(channel)
    }

    /// How many connections wait now.
    package var count: Int { waiting.withLockedValue { $0.count } }

    private func remove(_ channel: any Channel) {
        waiting.withLockedValue { waiting in waiting.removeAll { $0 === channel } }
    }
}
