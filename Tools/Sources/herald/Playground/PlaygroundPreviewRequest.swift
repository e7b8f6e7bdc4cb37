import Foundation
import HeraldCore

/// The body of the playground's `POST /preview`: `{"payload": text, "layout": name,
/// "language": code}`, the last two optional.
struct PlaygroundPreviewRequest {
    /// The editor's text: a device payload or a provider's request body, not yet parsed.
    let payload: String
    /// `nil` detects the layout.
    let layout: Layout?
    let language: String

    /// A body that is not such an object.
    struct Invalid: Error {
        let message: String
    }

    /// - Parameter settings: the --layout-file layout, which the page names too, and the
    ///   default language.
    init(_ body: Data, settings: Playground.Settings) throws(Invalid) {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: body)
        } catch {
            throw Invalid(message: "the body must be a JSON object {\"payload\": \"...\"}; it is not JSON (\(error.detail), line \(error.line), column \(error.column))")
        }
        guard case .object(let fields) = json else {
            throw Invalid(message: "the body must be a JSON object {\"payload\": \"...\"}, not a JSON \(json.typeName)")
        }
        guard case .string(let payload)? = fields["payload"] else {
            throw Invalid(message: "\"payload\" must be the payload's text, a string")
        }
        self.payload = payload
        switch fields["layout"] {
        case nil, .null?, .string("")?:
            layout = nil
        case .string(let name)?:
            if let file = settings.layoutFile, file.name == name {
                layout = file
            } else if let builtIn = Layout.builtIn(named: name) {
                layout = builtIn
            } else {
                throw Invalid(message: "unknown layout '\(name)'")
            }
        default:
            throw Invalid(message: "\"layout\" must be a layout's name")
        }
        switch fields["language"] {
        case nil, .null?, .string("")?:
            // Empty while the developer retypes it: the command line's language meanwhile.
            language = settings.language
        case .string(let code)? where !code.isEmpty:
            language = code
        default:
            throw Invalid(message: "\"language\" must be a language code such as en")
        }
    }
}
