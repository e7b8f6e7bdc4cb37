import Foundation
import HeraldCore

/// Every payload fixture's bytes, read once before anything is measured.
///
/// The benchmarks run over the same files the tests use: each `*.json` in
/// `Tests/HeraldCoreTests/Fixtures/payloads`, found relative to this source file, or in the
/// directory named by `HERALD_BENCHMARK_FIXTURES` when it is set. Files are kept as `Data`, what
/// `herald lint` and `herald preview` hand to `Payload(data:)`, so both sides of the comparison
/// start from the same bytes.
public struct FixtureSet: Sendable {
    /// The environment variable that points the benchmarks at another fixture directory.
    public static let directoryVariable = "HERALD_BENCHMARK_FIXTURES"

    /// The directory the fixtures were read from.
    public let directory: URL
    /// Each fixture's bytes, in file-name order.
    public let files: [Data]
    /// The total size of `files`, in bytes.
    public var byteCount: Int { files.reduce(0) { $0 + $1.count } }

    /// Reads every `*.json` file in the fixture directory.
    ///
    /// Both parsers must accept every file: a fixture one of them rejects would end that side's
    /// work early and make the ratio meaningless, so it stops the run instead.
    ///
    /// - Throws: ``FixtureError`` when the directory has no fixtures or a fixture does not parse;
    ///   any error `FileManager` or `Data(contentsOf:)` throws while reading.
    public static func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FixtureSet {
        let directory = environment[directoryVariable].map { URL(fileURLWithPath: $0, isDirectory: true) } ?? defaultDirectory
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        guard !names.isEmpty else { throw FixtureError("no *.json fixtures in \(directory.path)") }
        let files = try names.map { try Data(contentsOf: directory.appendingPathComponent($0)) }
        for (name, bytes) in zip(names, files) {
            do {
                _ = try JSONSerialization.jsonObject(with: bytes)
                _ = try Payload(data: bytes)
            } catch {
                throw FixtureError("\(name) does not parse: \(error)")
            }
        }
        return FixtureSet(directory: directory, files: files)
    }

    /// `Tests/HeraldCoreTests/Fixtures/payloads`, found from this file's place in the repository
    /// (`Benchmarks/Benchmarks/Fixtures/FixtureSet.swift`).
    private static var defaultDirectory: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // Fixtures
            .deletingLastPathComponent()  // Benchmarks (targets)
            .deletingLastPathComponent()  // Benchmarks (package)
            .deletingLastPathComponent()  // repository root
            .appendingPathComponent("Tests/HeraldCoreTests/Fixtures/payloads", isDirectory: true)
    }
}

/// Why the fixture set could not be used.
public struct FixtureError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
