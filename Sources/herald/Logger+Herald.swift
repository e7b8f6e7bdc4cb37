import Logging

extension Logger {
    /// The logger `herald`'s commands hand to the libraries: debug lines on standard error
    /// with `--verbose`, nothing otherwise.
    ///
    /// - Parameter verbose: whether to log.
    static func herald(verbose: Bool) -> Logger {
        guard verbose else { return Logger(label: "herald", factory: { _ in SwiftLogNoOpLogHandler() }) }
        var logger = Logger(label: "herald") { label in StreamLogHandler.standardError(label: label) }
        logger.logLevel = .debug
        return logger
    }
}
