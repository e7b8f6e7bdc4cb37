import ArgumentParser
import Foundation
import NIOCore

/// A failure the command reports in one line, with the exit status it stands for.
struct CLIError: Error, CustomStringConvertible {
    /// Usage errors and unreadable files.
    static let usageExitCode: Int32 = 2

    let description: String
    let exitCode: Int32

    static func usage(_ message: String) -> CLIError {
        CLIError(description: message, exitCode: usageExitCode)
    }

    /// A server (playground, emulator) that cannot bind its address, saying why in words:
    /// the port in use, or one that needs privileges.
    static func cannotListen(on host: String, port: Int, _ error: any Error) -> CLIError {
        switch (error as? IOError)?.errnoCode {
        case EADDRINUSE?: .usage("cannot listen on \(host):\(port): the port is in use; give another with --port (0 picks a free one)")
        case EACCES?: .usage("cannot listen on \(host):\(port): permission denied (ports below 1024 need privileges); give another with --port")
        default: .usage("cannot listen on \(host):\(port): \(error)")
        }
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
