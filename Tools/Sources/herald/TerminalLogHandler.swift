import Logging

/// The log handler of `herald`'s commands: swift-log's stream format (timestamp, level, label,
/// metadata, message), with the message and every metadata key and value written out with
/// ``Swift/String/terminalSafeLine``, so each event is one line that cannot steer the terminal.
///
/// The libraries log text their peers choose: the emulator warns of a refused provider token
/// by its `kid` and `iss`, which an unauthenticated client sets. Escaping it here covers every
/// line, whoever logs it.
struct TerminalLogHandler: LogHandler {
    /// Formats and writes; it is handed only escaped text, and keeps no metadata of its own.
    private var output: StreamLogHandler
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?

    var logLevel: Logger.Level {
        get { output.logLevel }
        set { output.logLevel = newValue }
    }

    /// - Parameters:
    ///   - label: the logger's label.
    ///   - stream: where lines go: standard error for the commands, a recorder in tests.
    init(label: String, stream: any TextOutputStream & Sendable) {
        output = StreamLogHandler(label: label.terminalSafeLine, stream: stream, metadataProvider: nil)
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        merged.merge(metadataProvider?.get() ?? [:]) { _, provided in provided }
        merged.merge(event.metadata ?? [:]) { _, explicit in explicit }
        if let error = event.error { merged["error"] = "\(error)" }
        var safe = event
        safe.message = "\(event.message.description.terminalSafeLine)"
        safe.error = nil
        // Two keys may read alike once escaped ("\u{9B}" written out, and U+009B): one is kept.
        safe.metadata = Dictionary(merged.map { key, value in (key.terminalSafeLine, Logger.MetadataValue.string("\(value)".terminalSafeLine)) }) { first, _ in first }
        output.log(event: safe)
    }
}
