import BenchmarkFixtures
import Foundation

/// Runs one pass of one stage over the payload fixtures, after a warm-up pass, for
/// `scripts/stage-cost.sh` to count its instructions under callgrind.
///
/// `StageCost <stage>`, where stage is one of ``Stage``'s raw values; prints the
/// stage, the number of fixtures and a checksum of the results. The instruction count is the
/// script's: this program only makes sure the counted function does the same work every time.
@main
enum StageCost {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 1, let stage = arguments.first.flatMap(Stage.init(rawValue:)) else {
            let stages = Stage.allCases.map(\.rawValue).joined(separator: "|")
            FileHandle.standardError.write(Data("usage: StageCost \(stages)\n".utf8))
            exit(2)
        }
        let fixtures = try FixtureSet.load()
        let inputs = try StageInputs(fixtures)
        // The warm-up pass runs every one-time initialization (static tables, lazy globals)
        // outside the counted pass.
        let warmUp = try pass(stage, over: inputs)
        let checksum = try runMeasuredPass(stage, over: inputs)
        precondition(checksum == warmUp, "two passes of \(stage) disagree: \(warmUp) and \(checksum)")
        print("\(stage.rawValue): \(fixtures.files.count) fixtures, checksum \(checksum)")
    }
}
