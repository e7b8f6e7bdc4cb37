import Benchmark
import BenchmarkFixtures
import Foundation
import HeraldCore
import HeraldDesk

// What a notification service extension pays for Herald, against the floor of parsing the same
// bytes with Foundation. One iteration is one pass over the whole fixture set, so every time
// reported is per pass. `scripts/benchmark.sh` runs these and prints the Herald/baseline ratio;
// `docs/benchmarks.md` has the numbers and what they mean.

let benchmarks: @Sendable () -> Void = {
    let fixtures: FixtureSet
    let inputs: StageInputs
    do {
        fixtures = try FixtureSet.load()
        inputs = try StageInputs(fixtures)
    } catch {
        fatalError("HeraldPipeline: \(error)")
    }

    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, .throughput],
        timeUnits: .microseconds,
        warmupIterations: 20,
        maxDuration: .seconds(3),
        maxIterations: 10_000
    )

    // The two numbers the target is about: Herald must stay within 2x of the baseline.

    Benchmark("Baseline JSONSerialization", configuration: configuration) { _ throws in
        for bytes in fixtures.files {
            blackHole(try JSONSerialization.jsonObject(with: bytes))
        }
    }

    Benchmark("Herald decode-preview-lint", configuration: configuration) { _ throws in
        for bytes in fixtures.files {
            let payload = try Payload(data: bytes)
            let preview = Preview(payload: payload)
            blackHole(Linter.lint(payload, preview: preview))
            blackHole(preview)
        }
    }

    // The same pipeline one stage at a time, each from the previous stage's output computed
    // before measuring, to show where Herald's time goes. The stages add up to the line above.

    Benchmark("Stage 1 JSONValue parse", configuration: configuration) { _ throws in
        for bytes in fixtures.files {
            blackHole(try JSONValue(parsing: bytes))
        }
    }

    Benchmark("Stage 2 Payload from JSONValue", configuration: configuration) { _ in
        for value in inputs.values {
            blackHole(Payload(json: value))
        }
    }

    Benchmark("Stage 3 Preview", configuration: configuration) { _ in
        for payload in inputs.payloads {
            blackHole(Preview(payload: payload))
        }
    }

    Benchmark("Stage 4 Linter lint", configuration: configuration) { _ in
        for (payload, preview) in zip(inputs.payloads, inputs.previews) {
            blackHole(Linter.lint(payload, preview: preview))
        }
    }
}
