import ArgumentParser
import Foundation
import HeraldCore

/// `--layout NAME | --layout-file FILE`, one rule for every command: a built-in layout by
/// name, a custom one from a file.
struct LayoutOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "A built-in layout, where the message's data is read from (default: detected per payload) or, for send, written to (default: apns).",
        valueName: Layout.builtIn.map(\.name).joined(separator: "|")))
    var layout: String?

    @Option(name: .customLong("layout-file"), help: ArgumentHelp(
        "A custom layout from a JSON file, instead of --layout (see README, Custom layouts).", valueName: "file"))
    var layoutFile: String?

    func validate() throws {
        if layout != nil, layoutFile != nil {
            throw ValidationError("give --layout or --layout-file, not both")
        }
        if let layout, Layout.builtIn(named: layout) == nil {
            let file = FileManager.default.fileExists(atPath: layout) ? "; for a layout file, use --layout-file \(layout)" : ""
            throw ValidationError("unknown layout '\(layout)'; built-in layouts: \(Layout.builtIn.map(\.name).joined(separator: ", "))\(file)")
        }
    }

    /// The chosen layout, or `nil` to detect one per payload.
    ///
    /// - Throws: ``CLIError`` (status 2) when the layout file cannot be read or is invalid.
    func resolve() throws(CLIError) -> Layout? {
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
