import Foundation

/// Standard error as a stream for ``TerminalLogHandler``: each line written at once.
struct StandardErrorStream: TextOutputStream, Sendable {
    mutating func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
