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

    /// The repository root, for Examples/ and the fixtures.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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

    static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        inherited.removeValue(forKey: "HERALD_DECRYPTION_KEYS")
        process.environment = inherited.merging(environment) { _, new in new }
        let output = Pipe()
        let error = Pipe()
        let input = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(stdin) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a large output cannot block the child.
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self),
            crashed: process.terminationReason == .uncaughtSignal)
    }
}
