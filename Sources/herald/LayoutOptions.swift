import ArgumentParser
import Foundation
import HeraldCore

/// `--layout NAME | --layout-file FILE`, shared by the commands that read payloads.
struct LayoutOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Read the payload with this built-in layout instead of detecting one.",
        valueName: Layout.builtIn.map(\.name).joined(separator: "|")))
    var layout: String?

    @Option(name: .customLong("layout-file"), help: ArgumentHelp(
        "Read the payload with a custom layout from a JSON file (see README, Custom layouts).", valueName: "file"))
    var layoutFile: String?

    func validate() throws {
        if layout != nil, layoutFile != nil {
            throw ValidationError("give --layout or --layout-file, not both")
        }
        if let layout, Layout.builtIn(named: layout) == nil {
            throw ValidationError("unknown layout '\(layout)'; built-in layouts: \(Layout.builtIn.map(\.name).joined(separator: ", "))")
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
