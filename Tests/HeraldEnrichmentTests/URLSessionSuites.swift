import Testing

/// The suites that drive URLSession against the loopback server, run one test at a time.
///
/// swift-corelibs-foundation runs every transfer of the process through one internal queue: a
/// test streaming an endless body or cancelling mid-transfer delays every other transfer by
/// seconds, which would break the deadline bounds of the tests beside it.
@Suite(.serialized) enum URLSessionSuites {}
