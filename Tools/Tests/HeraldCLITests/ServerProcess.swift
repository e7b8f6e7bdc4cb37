import Foundation

/// A `herald` server command (`apns-emulator`, `playground`) running in the background, as a
/// user starts it in a terminal.
final class ServerProcess: @unchecked Sendable {
    // @unchecked: `process` and the pipes are set up in init and only read afterwards;
    // `stopped` is only touched while `lock` is held.
    private let process = Process()
    private let output = Pipe()
    private let error = Pipe()
    private let lock = NSLock()
    private var stopped = false
    /// The ready line it printed.
    let readyLine: String
    /// The port from the ready line.
    let port: Int

    /// Starts the command and waits (off the cooperative pool) for its ready line.
    ///
    /// - Parameters:
    ///   - command: the subcommand.
    ///   - arguments: the arguments after it; `--port 0` is added.
    init(_ command: String, _ arguments: [String]) async throws {
        process.executableURL = HeraldProcess.executable
        process.arguments = [command, "--port", "0"] + arguments
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let handle = output.fileHandleForReading
        let line: String = try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var bytes = Data()
                while !bytes.contains(UInt8(ascii: "\n")) {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }  // end of output: it exited before it was ready
                    bytes += chunk
                }
                guard let text = String(data: bytes, encoding: .utf8), text.contains("listening on") else {
                    continuation.resume(throwing: CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "no ready line: \(String(decoding: bytes, as: UTF8.self))"]))
                    return
                }
                continuation.resume(returning: text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        readyLine = line
        guard let range = line.range(of: #"127\.0\.0\.1:(\d+)"#, options: .regularExpression),
              let port = Int(line[range].split(separator: ":").last ?? "")
        else {
            process.terminate()
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "no port in: \(line)"])
        }
        self.port = port
    }

    /// Sends SIGINT and waits for the process to end.
    ///
    /// - Returns: its exit status and what it wrote to standard error.
    func stop() async -> (status: Int32, stderr: String) {
        lock.withLock { stopped = true }
        let process = self.process
        let error = self.error
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                kill(process.processIdentifier, SIGINT)
                process.waitUntilExit()
                let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                continuation.resume(returning: (process.terminationStatus, text))
            }
        }
    }

    deinit {
        if !lock.withLock({ stopped }), process.isRunning { process.terminate() }
    }
}
