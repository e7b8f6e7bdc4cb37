/// The ways the emulator misbehaves on purpose, as a real APNs node sometimes does.
///
/// Shares pick requests at random from a seeded generator, so a run can be repeated; counts
/// pick every Nth request. Zero turns a fault off.
public struct EmulatorFaults: Hashable, Sendable {
    /// Added before every answer; more than a day counts as a day.
    public var latency: Duration
    /// The share of requests answered 500 `InternalServerError` or 503 `ServiceUnavailable`
    /// (half each), 0...1.
    public var serverErrorShare: Double
    /// Every this many requests, a burst of 429 `TooManyRequests` starts.
    public var tooManyRequestsEvery: Int
    /// How many requests each 429 burst answers.
    public var tooManyRequestsBurst: Int
    /// The share of streams reset (RST_STREAM) without an answer, 0...1.
    public var resetShare: Double
    /// Every this many requests, the connection is closed under the request.
    public var closeConnectionEvery: Int
    /// Every this many requests, GOAWAY refuses that request and every later one on its connection.
    public var goAwayEvery: Int
    /// Every this many requests, the answer stops after its HEADERS (500, no END_STREAM) and
    /// the stream stays open until the client resets it: a node that hangs mid-answer.
    public var stallEvery: Int
    /// Every this many requests, the notification is accepted and logged, and then its answer
    /// is lost: in turn the stream is reset, the connection is closed, or the answer stalls
    /// after its HEADERS. The client cannot know it was accepted; a request APNs's rules
    /// refuse is answered as usual.
    public var loseAnswerEvery: Int
    /// Sent as `Retry-After` (whole seconds) with every injected 429 and 503. APNs documents
    /// no such header; this tests how a client honours one. `nil` sends none.
    public var retryAfter: Duration?
    /// Seeds the generator behind the shares.
    public var seed: UInt64

    /// - Parameters: see the properties; all off by default.
    public init(
        latency: Duration = .zero, serverErrorShare: Double = 0, tooManyRequestsEvery: Int = 0, tooManyRequestsBurst: Int = 0,
        resetShare: Double = 0, closeConnectionEvery: Int = 0, goAwayEvery: Int = 0, stallEvery: Int = 0, loseAnswerEvery: Int = 0,
        retryAfter: Duration? = nil, seed: UInt64 = 1
    ) {
        self.latency = latency
        self.serverErrorShare = serverErrorShare
        self.tooManyRequestsEvery = tooManyRequestsEvery
        self.tooManyRequestsBurst = tooManyRequestsBurst
        self.resetShare = resetShare
        self.closeConnectionEvery = closeConnectionEvery
        self.goAwayEvery = goAwayEvery
        self.stallEvery = stallEvery
        self.loseAnswerEvery = loseAnswerEvery
        self.retryAfter = retryAfter
        self.seed = seed
    }
}
