/// Who hears how an exchange on a connection ended: the `Waiter` of
/// ``APNSConnectionStateMachine`` in the client.
enum APNSWaiter: Sendable {
    /// A single ``APNSConnection/send(_:timeout:streamWaitDeadline:)``, suspended until then.
    case continuation(CheckedContinuation<APNSWireResponse, any Error>)
    /// One request of a batch: its outcome goes to the batch worker's mailbox under `index`.
    case mailbox(APNSBatchMailbox, index: Int)

    /// Tells the waiter; called exactly once per exchange.
    func resume(with outcome: Result<APNSWireResponse, APNSTransportError>) {
        switch self {
        case .continuation(let continuation): continuation.resume(with: outcome)
        case .mailbox(let mailbox, let index): mailbox.post(.answered(index, outcome))
        }
    }
}
