// swift-tools-version: 6.1
import PackageDescription

// Herald's libFuzzer targets: one executable per parser of untrusted input. A package of its
// own, so the root package's `swift build` and `swift test` never see fuzzing flags;
// `scripts/fuzz.sh` builds it with `-sanitize=fuzzer,address` and runs the targets
// (docs/fuzzing.md). Linux only: Apple's toolchains ship no libFuzzer.
let herald = { (module: String) -> Target.Dependency in .product(name: module, package: "Herald") }
let heraldTools = { (module: String) -> Target.Dependency in .product(name: module, package: "HeraldTools") }
let crypto = Target.Dependency.product(name: "Crypto", package: "swift-crypto")
let fuzzTargets: [(product: String, target: String, dependencies: [Target.Dependency])] = [
    ("fuzz-payload", "FuzzPayload", [herald("HeraldCore"), heraldTools("HeraldDesk")]),
    ("fuzz-layout-definition", "FuzzLayoutDefinition", [herald("HeraldCore"), heraldTools("HeraldDesk")]),
    ("fuzz-media-sniffer", "FuzzMediaSniffer", [herald("HeraldEnrichment")]),
    ("fuzz-sealed-content", "FuzzSealedContent", [herald("HeraldCore"), herald("HeraldSealing"), herald("HeraldEnrichment"), heraldTools("HeraldDesk"), crypto]),
    ("fuzz-apns-request", "FuzzAPNSRequest", [heraldTools("HeraldAPNs"), heraldTools("HeraldSending")]),
    ("fuzz-apns-response", "FuzzAPNSResponse", [heraldTools("HeraldAPNs")]),
    ("fuzz-hpack-response", "FuzzHPACKResponse", [heraldTools("HeraldAPNs"), .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHPACK", package: "swift-nio-http2")]),
    ("fuzz-provider-token", "FuzzProviderToken", [heraldTools("HeraldAPNs"), crypto]),
    ("fuzz-doctor-files", "FuzzDoctorFiles", [heraldTools("HeraldDoctor")]),
    ("fuzz-signed-build", "FuzzSignedBuild", [heraldTools("HeraldDoctor")]),
]

let package = Package(
    name: "HeraldFuzz",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: fuzzTargets.map { .executable(name: $0.product, targets: [$0.target]) },
    dependencies: [
        .package(name: "Herald", path: ".."),
        .package(name: "HeraldTools", path: "../Tools"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
    ],
    targets: [
        // What every target shares: reading an input in pieces, invariants, seeds.
        .target(name: "FuzzSupport", dependencies: ["CLibFuzzer"]),
        // libFuzzer's driver, declared for Swift.
        .target(name: "CLibFuzzer"),
    ] + fuzzTargets.map { .executableTarget(name: $0.target, dependencies: ["FuzzSupport"] + $0.dependencies) },
    swiftLanguageModes: [.v6]
)
