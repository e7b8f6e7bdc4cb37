// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Herald",
    platforms: [.macOS(.v13), .iOS(.v15)],
    products: [
        .library(name: "HeraldCore", targets: ["HeraldCore"]),
        .executable(name: "herald", targets: ["herald"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Phone-side: Foundation only, so an extension links nothing it does not need.
        .target(name: "HeraldCore"),
        .executableTarget(
            name: "herald",
            dependencies: [
                "HeraldCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "HeraldCoreTests",
            dependencies: ["HeraldCore"],
            resources: [.copy("Fixtures")]
        ),
        // Runs the built `herald` binary as a user does; depending on it makes `swift test` build it.
        .testTarget(
            name: "HeraldCLITests",
            dependencies: ["herald", "HeraldCore"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
