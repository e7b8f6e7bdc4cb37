/// Which warnings are said: each distinct one once, and no more than a few a minute, however
/// many a peer can make up.
///
/// An unauthenticated client chooses the text of a refused provider token (its `kid`, its
/// `iss`), so it can make every warning new. The throttle remembers the last ``remembered``
/// warnings said, says at most ``perWindow`` in each ``window``, and counts those it held back;
/// the first warning after a window that held some back is preceded by how many.
struct WarningThrottle: Sendable {
    /// What to do with one warning.
    struct Decision: Hashable, Sendable {
        /// Whether to say it; when not, it was said already or the window is full.
        var say: Bool
        /// Warnings held back in the windows before this one, to be counted in a line of
        /// their own first; 0 for none.
        var heldBack: Int
    }

    /// How many distinct warnings are remembered as said, the oldest forgotten first.
    let remembered: Int
    /// How many are said in one window.
    let perWindow: Int
    let window: Duration
    /// The warnings said, the oldest first.
    private var said: [String] = []
    private var windowStart: ContinuousClock.Instant?
    private var saidInWindow = 0
    private var heldBack = 0

    /// - Parameters:
    ///   - remembered: how many distinct warnings are remembered as said (at least 1).
    ///   - perWindow: how many are said in one window.
    ///   - window: the window.
    init(remembered: Int = 100, perWindow: Int = 10, window: Duration = .seconds(60)) {
        self.remembered = max(remembered, 1)
        self.perWindow = perWindow
        self.window = window
    }

    /// Decides about `warning`, seen at `now`.
    mutating func decide(_ warning: String, at now: ContinuousClock.Instant) -> Decision {
        var counted = 0
        if windowStart.map({ now >= $0.advanced(by: window) }) ?? true {
            counted = heldBack
            windowStart = now
            saidInWindow = 0
            heldBack = 0
        }
        guard !said.contains(warning) else { return Decision(say: false, heldBack: counted) }
        guard saidInWindow < perWindow else {
            heldBack += 1
            return Decision(say: false, heldBack: counted)
        }
        saidInWindow += 1
        said.append(warning)
        if said.count > remembered { said.removeFirst() }
        return Decision(say: true, heldBack: counted)
    }
}
