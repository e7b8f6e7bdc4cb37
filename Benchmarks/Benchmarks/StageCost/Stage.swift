import BenchmarkFixtures
import Foundation
import HeraldCore
import HeraldDesk

/// One step of decode + preview + lint, or the whole pipeline, or the baseline it is compared
/// with: what `StageCost` runs one pass of.
enum Stage: String, CaseIterable {
    /// `JSONSerialization.jsonObject(with:)` on every fixture: the floor the pipeline is compared with.
    case baseline
    /// `Payload(data:)`, `Preview(payload:)` and `Linter.lint(_:preview:)` on every fixture.
    case pipeline
    /// `JSONValue(parsing:)`.
    case parse
    /// `Payload(json:)` on values parsed beforehand.
    case payload
    /// `Preview(payload:)` on payloads built beforehand.
    case preview
    /// `Linter.lint(_:preview:)` on payloads and previews built beforehand.
    case lint

}

/// One pass of `stage` over every fixture: called directly for the warm-up, which is not
/// counted, and through ``runMeasuredPass(_:over:)`` for the pass that is.
///
/// - Returns: a number drawn from every result, so the optimizer cannot drop the work.
func pass(_ stage: Stage, over inputs: StageInputs) throws -> Int {
    var count = 0
    switch stage {
    case .baseline:
        for bytes in inputs.files {
            count += try JSONSerialization.jsonObject(with: bytes) is [String: Any] ? 1 : 0
        }
    case .pipeline:
        for bytes in inputs.files {
            let payload = try Payload(data: bytes)
            let preview = Preview(payload: payload)
            count += Linter.lint(payload, preview: preview).count + preview.decisions.count
        }
    case .parse:
        for bytes in inputs.files { count += try JSONValue(parsing: bytes).objectValue?.count ?? 0 }
    case .payload:
        for value in inputs.values { count += Payload(json: value).byteCount }
    case .preview:
        for payload in inputs.payloads { count += Preview(payload: payload).decisions.count }
    case .lint:
        for (payload, preview) in zip(inputs.payloads, inputs.previews) { count += Linter.lint(payload, preview: preview).count }
    }
    return count
}

/// ``pass(_:over:)``, counted: the only code `scripts/stage-cost.sh` counts the instructions of
/// (callgrind's `--toggle-collect` names this function), so it must keep its name, run once per
/// process and never be inlined.
@inline(never)
func runMeasuredPass(_ stage: Stage, over inputs: StageInputs) throws -> Int {
    try pass(stage, over: inputs)
}
