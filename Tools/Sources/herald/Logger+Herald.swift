import Logging

extension Logger {
    /// The logger `herald`'s commands hand to the libraries: debug lines on standard error
    /// with `--verbose`, only warnings otherwise (the emulator's reason for refusing a provider
    /// token, a log it cannot write), each made safe for the terminal by ``TerminalLogHandler``.
    ///
    /// - Parameters:
    ///   - verbose: whether to log everything.
    ///   - stream: where lines go; standard error unless a test records them.
    static func herald(verbose: Bool, stream: any TextOutputStream & Sendable = StandardErrorStream()) -> Logger {
        var logger = Logger(label: "herald") { label in TerminalLogHandler(label: label, stream: stream) }
        // Without --verbose, only what a person must act on: warnings and worse.
        logger.logLevel = verbose ? .debug : .warning
        return logger
    }
}
