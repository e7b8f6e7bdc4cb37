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

    /// Reads the bytes.
    ///
    /// - Throws: ``CLIError`` with exit status 2 when the file cannot be read.
    func read() throws(CLIError) -> Data {
        if argument == "-" {
            if isatty(FileHandle.standardInput.fileDescriptor) != 0 {
                printError("reading a payload from standard input; end it with Ctrl-D")
            }
            return FileHandle.standardInput.readDataToEndOfFile()
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else {
            throw .usage("\(argument): no such file")
        }
        guard !isDirectory.boolValue else { throw .usage("\(argument): is a directory, not a payload file") }
        guard let data = FileManager.default.contents(atPath: argument) else {
            throw .usage("\(argument): cannot be read")
        }
        return data
    }
}
