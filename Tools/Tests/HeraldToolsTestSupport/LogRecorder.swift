import Foundation
import Logging

/// Keeps every record a `Logger` made, for tests of what a library logs.
public final class LogRecorder: @unchecked Sendable {
    // @unchecked: `stored` is only touched while `lock` is held.
    public struct Entry: Sendable {
        public let level: Logger.Level
        public let message: String
        public let metadata: [String: String]
    }

    private let lock = NSLock()
    private var stored: [Entry] = []

    public init() {}

    /// Everything logged so far, in order.
    public var entries: [Entry] { lock.withLock { stored } }

    /// Everything logged so far as text, one line each with its metadata: what a test that
    /// looks for a secret searches.
    public var text: String {
        entries.map { entry in "\(entry.message) " + entry.metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
            .joined(separator: "\n")
    }

    /// A logger that records here, at every level.
    public var logger: Logger {
        var logger = Logger(label: "test") { _ in Handler(recorder: self) }
        logger.logLevel = .trace
        return logger
    }

    fileprivate func record(_ entry: Entry) {
        lock.withLock { stored.append(entry) }
    }

    private struct Handler: LogHandler {
        let recorder: LogRecorder
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
            recorder.record(Entry(level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
        }
    }
}
