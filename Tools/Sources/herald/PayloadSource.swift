import Foundation

/// A payload argument: a file path, or `-` for standard input.
struct PayloadSource {
    let argument: String

    /// A name for messages: the path, or "standard input".
    var displayName: String { argument == "-" ? "standard input" : argument }

    /// The directory relative media references resolve against: the file's, or the current one.
    var baseDirectory: URL {
        argument == "-"
            ? URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
            : URL(fileURLWithPath: argument).deletingLastPathComponent()
    }

    /// The most a payload, request body or layout file may hold: APNs takes 4 KB, and no
    /// provider's request comes near this, so a larger file is a mistake, refused at once
    /// rather than parsed for seconds.
    static let maximumByteCount = 1 << 20

    /// Reads the bytes.
    ///
    /// - Throws: ``CLIError`` with exit status 2 when the file cannot be read or is larger
    ///   than ``maximumByteCount``.
    func read() throws(CLIError) -> Data {
        if argument == "-" {
            if isatty(FileHandle.standardInput.fileDescriptor) != 0 {
                printError("reading a payload from standard input; end it with Ctrl-D")
            }
            var data = Data()
            while data.count <= Self.maximumByteCount {
                let chunk = FileHandle.standardInput.readData(ofLength: 64 * 1024)
                if chunk.isEmpty { return data }
                data.append(chunk)
            }
            throw tooLarge("over 1 MB")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw .usage("\(argument): no such file")
        }
        guard !isDirectory.boolValue else { throw .usage("\(argument): is a directory, not a payload file") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: argument))?[.size] as? Int, size > Self.maximumByteCount {
            throw tooLarge(Self.megabytes(size))
        }
        guard let data = FileManager.default.contents(atPath: argument) else {
            throw .usage("\(argument): cannot be read")
        }
        return data
    }

    private func tooLarge(_ size: String) -> CLIError {
        .usage("\(displayName): \(size); Herald reads payloads up to 1 MB (APNs takes 4 KB): is this the right file?")
    }

    private static func megabytes(_ count: Int) -> String {
        String(format: "%.1f MB", Double(count) / 1_048_576)
    }
}
