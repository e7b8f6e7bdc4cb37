import NIOConcurrencyHelpers

/// Where a batch worker of ``APNSClient`` hears of its notifications: the outcome of each first
/// attempt, posted by the connection's event loop, and the end of each notification handed to
/// a retry task. The worker takes everything posted since it last looked with one wake-up, so
/// that at tens of thousands of answers a second a notification costs no task switch of its own.
final class APNSBatchMailbox: Sendable {
    enum Item: Sendable {
        /// The first attempt of the notification numbered `index` ended so.
        case answered(Int, Result<APNSWireResponse, APNSTransportError>)
        /// A notification handed to a retry task has its delivery.
        case retryFinished
    }

    private struct State {
        var items: [Item] = []
        var waiter: CheckedContinuation<[Item], Never>?
    }

    private let state = NIOLockedValueBox(State())

    /// Posts an item, waking the worker if it waits.
    func post(_ item: Item) {
        let ready: (CheckedContinuation<[Item], Never>, [Item])? = state.withLockedValue { state in
            state.items.append(item)
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            defer { state.items = [] }
            return (waiter, state.items)
        }
        if let (waiter, items) = ready { waiter.resume(returning: items) }
    }

    /// Everything posted since the last call, in order; waits until there is something.
    func take() async -> [Item] {
        await withCheckedContinuation { continuation in
            let ready: [Item]? = state.withLockedValue { state in
                guard !state.items.isEmpty else {
                    state.waiter = continuation
                    return nil
                }
                defer { state.items = [] }
                return state.items
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
