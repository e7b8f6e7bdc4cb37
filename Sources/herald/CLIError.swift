import ArgumentParser
import Foundation

/// A failure the command reports in one line, with the exit status it stands for.
struct CLIError: Error, CustomStringConvertible {
    /// Usage errors and unreadable files.
    static let usageExitCode: Int32 = 2

    let description: String
    let exitCode: Int32

    static func usage(_ message: String) -> CLIError {
        CLIError(description: message, exitCode: usageExitCode)
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("herald: " + message.terminalSafe + "\n").utf8))
}

extension CLIError {
    /// Reports the error and exits with its status; ArgumentParser would print a usage text.
    func exit() -> Never {
        printError(description)
        Foundation.exit(exitCode)
    }
}
