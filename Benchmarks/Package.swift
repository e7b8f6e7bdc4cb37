// swift-tools-version: 6.1
import PackageDescription

// Herald's benchmarks, kept out of the main package so `swift test` at the repository root never
// builds the benchmark dependency. Run them with `scripts/benchmark.sh` from the repository root.

/// What both executables run: the fixtures, and Herald's decode, preview and lint.
let pipeline: [Target.Dependency] = [
    "BenchmarkFixtures",
    .product(name: "HeraldCore", package: "Herald"),
    .product(name: "HeraldDesk", package: "HeraldTools"),
]

let package = Package(
    name: "HeraldBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Herald", path: ".."),
        // Lint is the desk's, in the package under Tools/.
        .package(name: "HeraldTools", path: "../Tools"),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The payload fixtures, read once, for both executables below.
        .target(name: "BenchmarkFixtures", dependencies: [.product(name: "HeraldCore", package: "Herald")], path: "Benchmarks/Fixtures"),
        // Decode + preview + lint per payload against JSONSerialization's parse of the same bytes.
        .executableTarget(
            name: "HeraldPipeline",
            dependencies: pipeline + [.product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/HeraldPipeline",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // One pass of one stage, for scripts/stage-cost.sh to count its instructions under
        // callgrind: CI's guard against a regression. It needs nothing of the benchmark package,
        // so building it builds only Herald's own modules.
        .executableTarget(
            name: "StageCost",
            dependencies: pipeline,
            path: "Benchmarks/StageCost"
        ),
    ],
    swiftLanguageModes: [.v6]
)
