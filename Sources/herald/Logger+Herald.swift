import Logging

extension Logger {
    /// The logger `herald`'s commands hand to the libraries: debug lines on standard error
    /// with `--verbose`, only warnings otherwise (the emulator's reason for refusing a provider
    /// token, a log it cannot write).
    ///
    /// - Parameter verbose: whether to log everything.
    static func herald(verbose: Bool) -> Logger {
        var logger = Logger(label: "herald") { label in StreamLogHandler.standardError(label: label) }
        // Without --verbose, only what a person must act on: warnings and worse.
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }
}
