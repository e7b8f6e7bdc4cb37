import Foundation

/// Runs the `herald` binary that `swift test` built, as a user runs it.
struct HeraldProcess {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// Whether the process ended by a signal (a crash) rather than by exiting.
        let crashed: Bool
    }

    /// The repository root, for Examples/ and the fixtures: this file is in
    /// Tools/Tests/HeraldCLITests.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    /// `herald` sits next to the test bundle in the build directory.
    static var executable: URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while directory.path != "/", !FileManager.default.isExecutableFile(atPath: directory.appendingPathComponent("herald").path) {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("herald")
    }

    /// Runs herald to completion; see ``run(_:_:stdin:environment:workingDirectory:)``.
    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:], workingDirectory: URL? = nil) async throws -> Result {
        var inherited = ProcessInfo.processInfo.environment
        inherited.removeValue(forKey: "HERALD_DECRYPTION_KEYS")
        return try await run(
            executable, arguments, stdin: stdin, environment: inherited.merging(environment) { _, new in new }, workingDirectory: workingDirectory)
    }

    /// Runs a program to completion without blocking a thread of the cooperative pool: tests run
    /// in parallel on few cores, and a blocked pool would delay other tests' timers.
    static func run(
        _ program: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil, workingDirectory: URL? = nil
    ) async throws -> Result {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let workingDirectory { process.currentDirectoryURL = workingDirectory }
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    _ = ignoreBrokenPipes
                    try process.run()
                    // A child may stop reading before the end (herald refuses input over 1 MB):
                    // the write then fails with EPIPE, which is the child's answer, not an error.
                    if let stdin { try? input.fileHandleForWriting.write(contentsOf: stdin) }
                    try input.fileHandleForWriting.close()
                    // Drain stderr on another thread while stdout is read here, so neither pipe
                    // fills up and blocks the child.
                    let errorOutput = PipeReader(error)
                    let out = output.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    let errorData = errorOutput.data()
                    continuation.resume(returning: Result(
                        status: process.terminationStatus,
                        stdout: String(decoding: out, as: UTF8.self),
                        stderr: String(decoding: errorData, as: UTF8.self),
                        crashed: process.terminationReason == .uncaughtSignal))
                } catch {
                    continuation.resume(throwing: error)
                }
            }
        }
    }
}

/// SIGPIPE ignored in the test process, once: otherwise writing to a child that has closed its
/// standard input kills the whole test run.
private let ignoreBrokenPipes: Void = {
    signal(SIGPIPE, SIG_IGN)
}()

/// Reads a pipe to its end on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    // @unchecked: `result` is written once on the reading thread before `done` is signalled, and
    // read only after waiting for it.
    private var result = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        DispatchQueue.global().async {
            self.result = pipe.fileHandleForReading.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func data() -> Data {
        done.wait()
        return result
    }
}
