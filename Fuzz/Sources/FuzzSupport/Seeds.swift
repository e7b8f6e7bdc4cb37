import Foundation

/// Seed inputs a target builds itself (signed tokens, sealed boxes, media headers), which no
/// fixture file holds.
///
/// `scripts/fuzz.sh` runs each target once with ``environmentVariable`` set to a directory;
/// the target writes its seeds there and exits before fuzzing.
public enum Seeds {
    /// The directory to write seeds into; when unset, the target fuzzes.
    public static let environmentVariable = "HERALD_FUZZ_WRITE_SEEDS"

    /// Writes the seeds and exits, when ``environmentVariable`` names a directory; otherwise
    /// returns at once.
    ///
    /// - Parameter seeds: file names and contents; built only when asked for.
    public static func writeIfAsked(_ seeds: @autoclosure () -> [(name: String, bytes: [UInt8])]) {
        guard let path = ProcessInfo.processInfo.environment[environmentVariable], !path.isEmpty else { return }
        let directory = URL(fileURLWithPath: path, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for seed in seeds() {
                try Data(seed.bytes).write(to: directory.appendingPathComponent(seed.name))
            }
        } catch {
            FileHandle.standardError.write(Data("error: cannot write seeds to \(path): \(error)\n".utf8))
            exit(1)
        }
        exit(0)
    }
}
