@_spi(HeraldTools) import HeraldCore

/// Why a payload could not be built.
///
/// The ``code`` is what a caller branches on and tests compare; the ``message`` is one line for
/// a person.
public struct PayloadBuildError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A stable name for the kind of failure.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Even with the body shortened to an ellipsis the payload is over the limit;
        /// ``PayloadBuildError/excessByteCount`` says by how much.
        public static let tooLarge = Code(rawValue: "too-large")
        /// `relevanceScore` is outside 0...1, or not a finite number.
        public static let invalidRelevanceScore = Code(rawValue: "invalid-relevance-score")
        /// The interruption level is not one APNs knows.
        public static let unknownInterruptionLevel = Code(rawValue: "unknown-interruption-level")
        /// Sealing the content failed (the sealer's own error is in the message).
        public static let sealingFailed = Code(rawValue: "sealing-failed")
        /// A message id (the message's own, or one it replaces or retracts) is longer than a
        /// collapse id may be (``APNSCollapseID/maximumByteCount``).
        public static let invalidMessageIdentifier = Code(rawValue: "invalid-message-identifier")
        /// A retraction without a ``RetractFallback``, or built as the wrong kind of push for
        /// its fallback (an alert push for ``RetractFallback/background``, or the reverse).
        public static let retractFallback = Code(rawValue: "retract-fallback")
        /// The badge is negative: a badge is a count, and 0 clears it.
        public static let invalidBadge = Code(rawValue: "invalid-badge")
        /// A push whose content the extension fetches (``HeraldCore/Message/fetchesContent``)
        /// that could not work: sealed (the ids the extension fetches by would be inside the box),
        /// built as a background push (the extension never runs for one), or without a visible
        /// placeholder body or a message id.
        public static let fetchedContent = Code(rawValue: "fetched-content")

        public var description: String { rawValue }
    }

    /// What went wrong, as a stable code.
    public let code: Code
    /// One line for a person.
    public let message: String
    /// For ``Code/tooLarge``: how many bytes over the limit the smallest possible payload is.
    public let excessByteCount: Int?

    /// - Parameters:
    ///   - code: the kind of failure.
    ///   - message: one line for a person.
    ///   - excessByteCount: for ``Code/tooLarge``, the bytes over the limit.
    public init(_ code: Code, _ message: String, excessByteCount: Int? = nil) {
        self.code = code
        self.message = message
        self.excessByteCount = excessByteCount
    }

    public var description: String { "\(code.rawValue): \(message)" }
}
