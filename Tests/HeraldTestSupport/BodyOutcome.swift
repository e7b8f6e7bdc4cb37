import Foundation

/// What a body stream delivered: its chunks, and the error it ended with, if any.
public struct BodyOutcome: Sendable {
    public var chunks: [Data] = []
    public var error: (any Error)?
    public var bytes: Data { chunks.reduce(into: Data()) { $0.append($1) } }

    public init() {}
}

/// Reads a body to its end, keeping the error instead of throwing it.
public func drain(_ body: AsyncThrowingStream<Data, any Error>) async -> BodyOutcome {
    var outcome = BodyOutcome()
    do {
        for try await chunk in body { outcome.chunks.append(chunk) }
    } catch {
        outcome.error = error
    }
    return outcome
}
