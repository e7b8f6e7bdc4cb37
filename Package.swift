// swift-tools-version: 6.1
import PackageDescription

// AppleFrameworksStandIn (UserNotifications and Intents for Linux) and the tests and examples
// that run the adapter on it exist only where the manifest is read on Linux. On a Mac the
// adapter imports Apple's frameworks, which record nothing a test could check, so those
// targets are left out and `swift test` runs the rest (docs/extension-guide.md, section 12).
// UNVERIFIED: no Mac builds Herald's CI; the Mac side of this is designed, not yet run.
#if os(Linux)
let hasStandIn = true
#else
let hasStandIn = false
#endif
let linuxOnlyTargets: Set<String> = [
    "AppleFrameworksStandIn", "AppleFrameworksStandInTests", "NotificationServiceTestSupport", "OneSignalExtension",
    "FirebaseMessaging", "APNsExample", "OneSignalExample", "FirebaseExample", "ExampleExtensionTests",
]
/// The stand-in, for a target that needs it on Linux only.
let standIn: [Target.Dependency] = hasStandIn ? [.target(name: "AppleFrameworksStandIn", condition: .when(platforms: [.linux]))] : []

// The example extensions compile as an app's extension target does in Xcode 26, where new
// targets default to MainActor isolation (SE-0466), so the guide's code is proven to build
// there. Swift 6.1 (Xcode 16.3) has no such mode; its targets are nonisolated by default.
#if compiler(>=6.2)
let defaultMainActor: [SwiftSetting] = [.unsafeFlags(["-default-isolation", "MainActor"])]
#else
let defaultMainActor: [SwiftSetting] = []
#endif

let package = Package(
    name: "Herald",
    // iOS 16 / macOS 13: the phone-side timing API (Duration, Clock) starts there; see the README.
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "HeraldCore", targets: ["HeraldCore"]),
        .library(name: "HeraldEnrichment", targets: ["HeraldEnrichment"]),
        .library(name: "HeraldNotificationService", targets: ["HeraldNotificationService"]),
        .library(name: "HeraldAPNs", targets: ["HeraldAPNs"]),
        .library(name: "HeraldOneSignal", targets: ["HeraldOneSignal"]),
        .library(name: "HeraldAPNsEmulator", targets: ["HeraldAPNsEmulator"]),
        // `herald doctor`'s reader and checks; a product so that Fuzz/ can link it.
        .library(name: "HeraldDoctor", targets: ["HeraldDoctor"]),
        .executable(name: "herald", targets: ["herald"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Server-side only: the OneSignal client, and `herald preview`'s downloads (real
        // back-pressure). The APNs client speaks HTTP/2 through swift-nio-http2 itself.
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        // HTTP/2 for the APNs client and the APNs emulator; the emulator's self-signed certificate.
        .package(url: "https://github.com/apple/swift-nio-http2", from: "1.46.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // Server-side libraries take a Logger from their caller (STYLE.md).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Phone-side: Foundation only, so an extension links nothing it does not need.
        .target(name: "HeraldCore"),
        // Phone-side too: no NIO, only Foundation and swift-crypto (CryptoKit on Apple platforms).
        .target(
            name: "HeraldEnrichment",
            dependencies: ["HeraldCore", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The iOS adapter: one source for both platforms. On Apple platforms it imports
        // UserNotifications and Intents; on Linux, the stand-in below.
        .target(
            name: "HeraldNotificationService",
            dependencies: ["HeraldCore", "HeraldEnrichment", .product(name: "Crypto", package: "swift-crypto")] + standIn
        ),
        // Linux only: the UserNotifications/Intents surface the adapter uses, signature for
        // signature as reference/apple-frameworks.md gives it, with a recorder for tests.
        .target(name: "AppleFrameworksStandIn"),
        // Server-side: the APNs wire format as pure functions, provider tokens, the HTTP/2 client.
        .target(
            name: "HeraldAPNs",
            dependencies: [
                "HeraldCore",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"),
                .product(name: "NIOHPACK", package: "swift-nio-http2"),
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
                "HeraldCore",
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
        // Server-side: OneSignal's create-notification REST call.
        .target(
            name: "HeraldOneSignal",
            dependencies: [
                "HeraldCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Desk-side: reads an app's Xcode project (project.pbxproj, Info.plist, entitlements,
        // xcconfig) and checks it for what communication notifications need; `herald doctor`.
        .target(name: "HeraldDoctor", dependencies: ["HeraldCore"]),
        .executableTarget(
            name: "herald",
            dependencies: [
                "HeraldCore",
                "HeraldDoctor",
                "HeraldEnrichment",
                "HeraldAPNs",
                "HeraldAPNsEmulator",
                "HeraldOneSignal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                // Never in the phone-side modules: see DESIGN.md.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ]
        ),
        .testTarget(
            name: "HeraldCoreTests",
            dependencies: ["HeraldCore"],
            resources: [.copy("Fixtures")]
        ),
        // Fixtures/xcode: ten real apps' project files, as INDEX.md there describes.
        .testTarget(name: "HeraldDoctorTests", dependencies: ["HeraldDoctor", "HeraldCore"], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "HeraldEnrichmentTests",
            dependencies: [
                "HeraldEnrichment", "HeraldCore", .product(name: "Crypto", package: "swift-crypto"),
                "HeraldTestSupport",
            ]
        ),
        .testTarget(
            name: "HeraldAPNsTests",
            dependencies: [
                "HeraldAPNs", "HeraldAPNsEmulator", "HeraldCore", "HeraldTestSupport", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "NIOHTTP2", package: "swift-nio-http2"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOTLS", package: "swift-nio"), .product(name: "X509", package: "swift-certificates"), .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "HeraldOneSignalTests",
            dependencies: ["HeraldOneSignal", "HeraldCore", "HeraldTestSupport", .product(name: "Logging", package: "swift-log")]
        ),
        .testTarget(name: "AppleFrameworksStandInTests", dependencies: ["AppleFrameworksStandIn", "HeraldTestSupport"]),
        .testTarget(
            name: "HeraldNotificationServiceTests",
            dependencies: [
                "HeraldNotificationService", "HeraldEnrichment", "HeraldCore", "HeraldTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
            ] + (hasStandIn ? ["NotificationServiceTestSupport"] : []) + standIn
        ),
        // The example extensions of Examples/NotificationServiceExtensions, each compiled as its
        // own module (each defines `NotificationService`) through a symlink, against small
        // stand-ins of the provider SDKs they call; ExampleExtensionTests runs them.
        .target(name: "OneSignalExtension", dependencies: standIn, path: "Tests/Examples/OneSignalExtension"),
        .target(name: "FirebaseMessaging", dependencies: standIn, path: "Tests/Examples/FirebaseMessaging"),
        .target(name: "APNsExample", dependencies: ["HeraldNotificationService"], path: "Tests/Examples/APNsExample", swiftSettings: defaultMainActor),
        .target(
            name: "OneSignalExample", dependencies: ["HeraldNotificationService", "OneSignalExtension"], path: "Tests/Examples/OneSignalExample",
            swiftSettings: defaultMainActor),
        .target(
            name: "FirebaseExample", dependencies: ["HeraldNotificationService", "FirebaseMessaging"], path: "Tests/Examples/FirebaseExample",
            swiftSettings: defaultMainActor),
        .testTarget(
            name: "ExampleExtensionTests",
            dependencies: [
                "APNsExample", "OneSignalExample", "FirebaseExample", "OneSignalExtension", "FirebaseMessaging",
                "HeraldNotificationService", "HeraldCore", "NotificationServiceTestSupport", "HeraldTestSupport",
            ] + standIn
        ),
        // What the adapter's tests and the example tests share: a recording content handler.
        .target(name: "NotificationServiceTestSupport", dependencies: ["HeraldCore"] + standIn, path: "Tests/NotificationServiceTestSupport"),
        // Test helpers shared by the test targets: the misbehaving loopback HTTP server, `only`.
        .target(name: "HeraldTestSupport", dependencies: [.product(name: "Logging", package: "swift-log")], path: "Tests/HeraldTestSupport"),
        // Runs the built `herald` binary as a user does; depending on it makes `swift test` build it.
        .testTarget(
            name: "HeraldCLITests",
            dependencies: [
                "herald", "HeraldCore", "HeraldEnrichment", "HeraldTestSupport", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

if !hasStandIn {
    package.targets.removeAll { linuxOnlyTargets.contains($0.name) }
}
