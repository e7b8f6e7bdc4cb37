import NIOCore

extension APNSClient {
    /// One worker of ``send(_:to:onDelivery:)``: keeps up to `window` notifications in flight
    /// until the feed runs out, and reports each once.
    ///
    /// Each round it takes tokens until the window is full and hands their first attempts to
    /// the next connection at once, then waits for its mailbox. An outcome that ends the
    /// notification is reported on the spot; any other goes on in a retry task
    /// (``continueSending(_:after:)``), which still counts in the window until it reports.
    ///
    /// - Parameters:
    ///   - template: the notification, already valid; its token and `apns-id` change per device.
    ///   - feed: the tokens, shared by every worker.
    ///   - window: how many of this worker's notifications may be in flight at once.
    ///   - slot: the connection slot the worker sends on (a worker per connection).
    ///   - onDelivery: told each delivery.
    func work<Tokens>(
        _ template: APNSRequest, feed: DeviceTokenFeed<Tokens>, window: Int, slot: Int, onDelivery: @escaping @Sendable (APNSDelivery) -> Void
    ) async {
        let mailbox = APNSBatchMailbox()
        await withTaskGroup(of: Void.self) { retries in
            // First attempts in flight with the provider token each carried, by the index their
            // outcome is posted with; an index is reused once free (an array, not a dictionary:
            // no hashing per notification).
            var sent: [(request: APNSRequest, token: String)?] = []
            var freeIndexes: [Int] = []
            var inFlight = 0
            var feedIsEmpty = false
            var random = BufferedSecureRandom()
            // The authorization header's value for the provider token in use, made once per token.
            var authorization: (token: String, header: String)?
            while true {
                var round: [(index: Int, request: APNSWireRequest)] = []
                let token = tokens.current()
                if authorization?.token != token { authorization = (token, "bearer \(token)") }
                while !feedIsEmpty, inFlight < window {
                    guard !Task.isCancelled, let deviceToken = feed.next() else {
                        feedIsEmpty = true
                        break
                    }
                    var request = template
                    request.deviceToken = deviceToken
                    request.apnsID = nil  // each device's notification gets its own id
                    prepare(&request, using: &random)
                    let index = freeIndexes.popLast() ?? sent.count
                    if index == sent.count { sent.append(nil) }
                    sent[index] = (request, token)
                    round.append((index, request.wireRequest(authorizationHeader: authorization?.header)))
                    inFlight += 1
                }
                if !round.isEmpty {
                    do {
                        let connection = try await connections.connection(inSlot: slot)
                        connection.send(round, timeout: requestTimeout, streamWaitDeadline: .now() + streamWait, to: mailbox)
                    } catch {
                        let failure = error as? APNSTransportError ?? .connectFailed("\(error)")
                        for (index, _) in round { mailbox.post(.answered(index, .failure(failure))) }
                    }
                }
                guard inFlight > 0 else { return }
                for item in await mailbox.take() {
                    guard case .answered(let index, var outcome) = item else {
                        inFlight -= 1  // a retry task reported
                        _ = await retries.next()  // its last step: the group lets it go
                        continue
                    }
                    // Moved out, leaving the index free. An index is answered once per first
                    // attempt (the connection's state machine ends each exchange exactly once),
                    // so a reused index never receives its previous notification's outcome.
                    let (request, token) = sent[index].take()!
                    freeIndexes.append(index)
                    if case .failure(.noFreeStream) = outcome { outcome = .failure(.noFreeStream(waited: Duration(streamWait))) }  // as the pool says it
                    if case .failure(let error) = outcome, error.isResendableAtOnce {
                        // It never reached APNs: it goes again at once through the pool, which
                        // resends on another connection, as a first attempt.
                        retries.addTask {
                            onDelivery(await self.continueSending(APNSAttempts(request), after: .zero))
                            mailbox.post(.retryFinished)
                        }
                        continue
                    }
                    var attempts = APNSAttempts(request)
                    switch settle(&attempts, outcome, token: token) {
                    case .finished(let delivery):
                        onDelivery(delivery)
                        inFlight -= 1
                    case .retry(let delay):
                        retries.addTask {
                            onDelivery(await self.continueSending(attempts, after: delay))
                            mailbox.post(.retryFinished)
                        }
                    }
                }
            }
        }
    }
}
