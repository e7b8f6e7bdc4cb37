// swift-tools-version: 6.1
import PackageDescription

// Herald's server and desk side: the payload builder and sealing, APNs and OneSignal clients,
// the APNs emulator, `herald doctor`'s reader, lint and provider requests, and the `herald`
// command. A package of its own beside the phone-side package at the repository root, which it
// depends on by path: an app that adds Herald resolves only the root package and so none of the
// NIO, AsyncHTTPClient or ArgumentParser pins below (docs/architecture.md, "Two packages").
let package = Package(
    name: "HeraldTools",
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "HeraldSending", targets: ["HeraldSending"]),
        .library(name: "HeraldDesk", targets: ["HeraldDesk"]),
        .library(name: "HeraldAPNs", targets: ["HeraldAPNs"]),
        .library(name: "HeraldOneSignal", targets: ["HeraldOneSignal"]),
        .library(name: "HeraldAPNsEmulator", targets: ["HeraldAPNsEmulator"]),
        // `herald doctor`'s reader and checks; a product so that Fuzz/ can link it.
        .library(name: "HeraldDoctor", targets: ["HeraldDoctor"]),
        .executable(name: "herald", targets: ["herald"]),
    ],
    dependencies: [
        .package(name: "Herald", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // The OneSignal client, and `herald preview`'s downloads (real back-pressure). The APNs
        // client speaks HTTP/2 through swift-nio-http2 itself.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // HTTP/2 for the APNs client and the APNs emulator; the emulator's self-signed certificate.
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // Server-side libraries take a Logger from their caller.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // What a server needs to write what the extension reads, without the phone pipeline and
        // without NIO: the payload builder, sealing (HeraldSealing's format), the retry policy.
        .target(
            name: "HeraldSending",
            dependencies: [
                .product(name: "HeraldCore", package: "Herald"), .product(name: "HeraldSealing", package: "Herald"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The desk's checks and conversions: lint, and a provider's request body as the phone
        // receives it. APNs's rules for push type, priority and size are HeraldSending's.
        .target(name: "HeraldDesk", dependencies: [.product(name: "HeraldCore", package: "Herald"), "HeraldSending"]),
        // The APNs wire format as pure functions, provider tokens, the HTTP/2 client.
        .target(
            name: "HeraldAPNs",
            dependencies: [
                .product(name: "HeraldCore", package: "Herald"),
                "HeraldSending",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A local server that answers as APNs does, over HTTP/2 and TLS, with fault injection:
        // a library so that Herald's tests and a backend's own tests start it in process;
        // `herald apns-emulator` runs it from the command line.
        .target(
            name: "HeraldAPNsEmulator",
            dependencies: [
                "HeraldAPNs",
                "HeraldSending",
                .product(name: "HeraldCore", package: "Herald"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // OneSignal's create-notification REST call.
        .target(
            name: "HeraldOneSignal",
            dependencies: [
                .product(name: "HeraldCore", package: "Herald"),
                "HeraldSending",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Reads an app's Xcode project (project.pbxproj, Info.plist, entitlements, xcconfig) and
        // checks it for what communication notifications need; `herald doctor`.
        // Signed builds too (SignedBuild/): an .ipa, .app or .xcarchive, a provisioning profile.
        .target(
            name: "HeraldDoctor",
            dependencies: [.product(name: "HeraldCore", package: "Herald"), .product(name: "SwiftASN1", package: "swift-asn1"), "CZlib"]
        ),
        // The system's zlib (libz, on every Mac and in every Linux distribution; building on
        // Linux needs its headers, Debian's zlib1g-dev or Fedora's zlib-devel), to inflate an
        // .ipa's entries: a header and a link, no package to pin.
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        .executableTarget(
            name: "herald",
            dependencies: [
                .product(name: "HeraldCore", package: "Herald"),
                .product(name: "HeraldEnrichment", package: "Herald"),
                "HeraldSending",
                "HeraldDesk",
                "HeraldDoctor",
                "HeraldAPNs",
                "HeraldAPNsEmulator",
                "HeraldOneSignal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "HeraldSendingTests",
            dependencies: [
                "HeraldSending", "HeraldDesk", .product(name: "HeraldCore", package: "Herald"),
                .product(name: "HeraldSealing", package: "Herald"), .product(name: "HeraldEnrichment", package: "Herald"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        .testTarget(
            name: "HeraldDeskTests",
            dependencies: ["HeraldDesk", "HeraldSending", .product(name: "HeraldCore", package: "Herald"), .product(name: "HeraldTestSupport", package: "Herald")]),
        // Fixtures/xcode: ten real apps' project files, as INDEX.md there describes.
        .testTarget(
            name: "HeraldDoctorTests", dependencies: ["HeraldDoctor", .product(name: "HeraldCore", package: "Herald"), "HeraldToolsTestSupport"],
            resources: [.copy("Fixtures")]),
        .testTarget(
            name: "HeraldAPNsTests",
            dependencies: [
                "HeraldAPNs", "HeraldAPNsEmulator", "HeraldSending", .product(name: "HeraldCore", package: "Herald"),
                .product(name: "HeraldTestSupport", package: "Herald"), "HeraldToolsTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"), .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"), .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "HeraldOneSignalTests",
            dependencies: [
                "HeraldOneSignal", "HeraldSending", .product(name: "HeraldCore", package: "Herald"),
                .product(name: "HeraldTestSupport", package: "Herald"), "HeraldToolsTestSupport", .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // What the tests of this package share beyond the root's HeraldTestSupport: a log recorder,
        // and signed-build files made from nothing (SignedBuildSamples, which Fuzz/ links too).
        .target(name: "HeraldToolsTestSupport", dependencies: [.product(name: "Logging", package: "swift-log")], path: "Tests/HeraldToolsTestSupport"),
        // Runs the built `herald` binary as a user does; depending on it makes `swift test` build it.
        .testTarget(
            name: "HeraldCLITests",
            dependencies: [
                "herald", .product(name: "HeraldCore", package: "Herald"), .product(name: "HeraldEnrichment", package: "Herald"),
                "HeraldSending", .product(name: "HeraldTestSupport", package: "Herald"), "HeraldToolsTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
