import Foundation
import HeraldCore

/// What each stage of decode + preview + lint works on when it is measured alone: the fixtures
/// and every earlier stage's output, all computed before anything is measured.
public struct StageInputs: Sendable {
    /// Each fixture's bytes: the parse's input.
    public let files: [Data]
    /// Each fixture parsed: `Payload(json:)`'s input.
    public let values: [JSONValue]
    /// Each fixture as a payload: the preview's input.
    public let payloads: [Payload]
    /// Each payload's preview: lint's input, with the payload.
    public let previews: [Preview]

    /// - Parameter fixtures: the fixtures, which ``FixtureSet/load(environment:)`` checked parse.
    /// - Throws: what `JSONValue(parsing:)` throws, which a loaded fixture set never does.
    public init(_ fixtures: FixtureSet) throws {
        files = fixtures.files
        values = try files.map { try JSONValue(parsing: $0) }
        payloads = values.map(Payload.init(json:))
        previews = payloads.map { Preview(payload: $0) }
    }
}
