import ArgumentParser
import Foundation
import HeraldCore

/// `--layout NAME | --layout-file FILE` for the commands that read payloads. `send apns`,
/// which writes one, has its own help text and the same rule (``check(layout:layoutFile:)``,
/// ``resolve(layout:layoutFile:)``): a built-in layout by name, a custom one from a file.
struct LayoutOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Read the payload with this built-in layout instead of detecting one.",
        valueName: Layout.builtIn.map(\.name).joined(separator: "|")))
    var layout: String?

    @Option(name: .customLong("layout-file"), help: ArgumentHelp(
        "Read the payload with a custom layout from a JSON file (see README, Custom layouts).", valueName: "file"))
    var layoutFile: String?

    func validate() throws {
        try Self.check(layout: layout, layoutFile: layoutFile)
    }

    /// The chosen layout, or `nil` to detect one per payload.
    ///
    /// - Throws: ``CLIError`` (status 2) when the layout file cannot be read or is invalid.
    func resolve() throws(CLIError) -> Layout? {
        try Self.resolve(layout: layout, layoutFile: layoutFile)
    }

    /// Refuses both at once, and a name that is no built-in layout (pointing a path at
    /// --layout-file).
    static func check(layout: String?, layoutFile: String?) throws {
        if layout != nil, layoutFile != nil {
            throw ValidationError("give --layout or --layout-file, not both")
        }
        if let layout, Layout.builtIn(named: layout) == nil {
            let file = FileManager.default.fileExists(atPath: layout) ? "; for a layout file, use --layout-file \(layout)" : ""
            throw ValidationError("unknown layout '\(layout)'; built-in layouts: \(Layout.builtIn.map(\.name).joined(separator: ", "))\(file)")
        }
    }

    /// The named or loaded layout, or `nil` when neither option was given.
    ///
    /// - Throws: ``CLIError`` (status 2) when the layout file cannot be read or is invalid.
    static func resolve(layout: String?, layoutFile: String?) throws(CLIError) -> Layout? {
        if let layout { return Layout.builtIn(named: layout) }
        guard let layoutFile else { return nil }
        let data = try PayloadSource(argument: layoutFile).read()
        do {
            return try Layout(definitionData: data)
        } catch {
            throw .usage("\(layoutFile): \(error.message)")
        }
    }
}
