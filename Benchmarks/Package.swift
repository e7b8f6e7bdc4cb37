// swift-tools-version: 6.1
import PackageDescription

// Herald's benchmarks, kept out of the main package so `swift test` at the repository root never
// builds the benchmark dependency. Run them with `scripts/benchmark.sh` from the repository root.
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
        // Decode + preview + lint per payload against JSONSerialization's parse of the same bytes.
        .executableTarget(
            name: "HeraldPipeline",
            dependencies: [
                .product(name: "HeraldCore", package: "Herald"),
                .product(name: "HeraldDesk", package: "HeraldTools"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/HeraldPipeline",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
