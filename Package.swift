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
    "FirebaseMessaging", "APNsExample", "OneSignalExample", "FirebaseExample", "HeraldChatExtension", "HeraldChatApp", "ExampleExtensionTests",
    "HeraldAppTests", "OneImportTests",
]
/// The stand-in, for a target that needs it on Linux only.
let standIn: [Target.Dependency] = hasStandIn ? [.target(name: "AppleFrameworksStandIn", condition: .when(platforms: [.linux]))] : []

// The example extensions compile as an app's extension target does in Xcode 26, where new
// targets default to MainActor isolation (SE-0466), so the guide's code is proven to build
// there. Swift 6.1 (Xcode 16.3) has no such mode; its targets are nonisolated by default.
#if compiler(>=6.2)
let defaultMainActor: [SwiftSetting] = [.unsafeFlags(["-default-isolation", "MainActor"])]
// The sample app's targets (Examples/HeraldChat) also have Approachable Concurrency on, as Xcode
// 26 makes new projects: in Swift 6 mode, SWIFT_APPROACHABLE_CONCURRENCY adds these two (the
// default of their build settings in swift-build's Swift.xcspec).
let approachableConcurrency: [SwiftSetting] = [.enableUpcomingFeature("NonisolatedNonsendingByDefault"), .enableUpcomingFeature("InferIsolatedConformances")]
#else
let defaultMainActor: [SwiftSetting] = []
let approachableConcurrency: [SwiftSetting] = []
#endif
/// An app's target as strict as it can be about imports: besides default MainActor isolation, an
/// extension member is visible only where its module is imported (SE-0444, Swift 6.1).
let appTargetSettings = defaultMainActor + [.enableUpcomingFeature("MemberImportVisibility")]

// The package an app adds: the phone side only, so that resolving it pins swift-crypto and what
// swift-crypto needs, and nothing of the server. The server libraries, the APNs emulator and the
// `herald` command are the package in Tools/, which depends on this one by path
// (docs/architecture.md says why the split is two packages and not traits).
let package = Package(
    name: "Herald",
    // iOS 16 / macOS 13: the phone-side timing API (Duration, Clock) starts there; see the README.
    platforms: [.iOS(.v16), .macOS(.v13)],
    products: [
        .library(name: "HeraldCore", targets: ["HeraldCore"]),
        .library(name: "HeraldEnrichment", targets: ["HeraldEnrichment"]),
        // The sealed-content format, both ways: the extension opens, a server seals (Tools/).
        .library(name: "HeraldSealing", targets: ["HeraldSealing"]),
        .library(name: "HeraldNotificationService", targets: ["HeraldNotificationService"]),
        // The app target's half: Reply and Mark as read from a message's notification.
        .library(name: "HeraldApp", targets: ["HeraldApp"]),
        // Herald's own tests' loopback HTTP server, shared with the tests of Tools/; no app links it.
        .library(name: "HeraldTestSupport", targets: ["HeraldTestSupport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
    ],
    targets: [
        // Phone-side: Foundation only, so an extension links nothing it does not need.
        .target(name: "HeraldCore"),
        // End-to-end sealed content (AES-256-GCM under a key id), opened by the extension and
        // sealed by a server, which so needs none of the pipeline. Foundation and swift-crypto.
        .target(name: "HeraldSealing", dependencies: ["HeraldCore", .product(name: "Crypto", package: "swift-crypto")]),
        // Phone-side too: no NIO, only Foundation and swift-crypto (CryptoKit on Apple platforms).
        .target(
            name: "HeraldEnrichment",
            dependencies: ["HeraldCore", "HeraldSealing", .product(name: "Crypto", package: "swift-crypto")]
        ),
        // The iOS adapter: one source for both platforms. On Apple platforms it imports
        // UserNotifications and Intents; on Linux, the stand-in below.
        .target(
            name: "HeraldNotificationService",
            dependencies: ["HeraldCore", "HeraldEnrichment", "HeraldSealing", .product(name: "Crypto", package: "swift-crypto")] + standIn
        ),
        // The app-side library: the message category's actions, the response handler, the
        // outgoing intent's donation. Linked by the app target, never by the extension.
        .target(name: "HeraldApp", dependencies: ["HeraldCore", "HeraldEnrichment"] + standIn),
        // Linux only: the UserNotifications/Intents surface the adapter uses, signature for
        // signature as Apple's SDK declares it (docs/architecture.md), with a recorder for tests.
        .target(name: "AppleFrameworksStandIn"),
        .testTarget(
            name: "HeraldCoreTests",
            dependencies: ["HeraldCore", "HeraldTestSupport"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "HeraldEnrichmentTests",
            dependencies: [
                "HeraldEnrichment", "HeraldSealing", "HeraldCore", .product(name: "Crypto", package: "swift-crypto"),
                "HeraldTestSupport",
            ]
        ),
        .testTarget(name: "HeraldAppTests", dependencies: ["HeraldApp", "HeraldCore", "HeraldEnrichment"] + standIn),
        .testTarget(name: "AppleFrameworksStandInTests", dependencies: ["AppleFrameworksStandIn", "HeraldTestSupport"]),
        .testTarget(
            name: "HeraldNotificationServiceTests",
            dependencies: [
                "HeraldNotificationService", "HeraldEnrichment", "HeraldSealing", "HeraldCore", "HeraldTestSupport",
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
        // The sample app's extension, and the app's files that need no SwiftUI or UIKit (its
        // list, its delegate, its desk command), compiled through symlinks as its Xcode targets
        // compile them.
        .target(
            name: "HeraldChatExtension", dependencies: ["HeraldNotificationService"], path: "Tests/Examples/HeraldChatExtension",
            swiftSettings: defaultMainActor + approachableConcurrency),
        .target(name: "HeraldChatApp", dependencies: ["HeraldApp"], path: "Tests/Examples/HeraldChatApp", swiftSettings: defaultMainActor + approachableConcurrency),
        .testTarget(
            name: "ExampleExtensionTests",
            dependencies: [
                "APNsExample", "OneSignalExample", "FirebaseExample", "OneSignalExtension", "FirebaseMessaging", "HeraldChatExtension", "HeraldChatApp",
                "HeraldApp",
                "HeraldNotificationService", "HeraldCore", "NotificationServiceTestSupport", "HeraldTestSupport",
            ] + standIn
        ),
        // The proof that one import is enough: code that imports only HeraldNotificationService
        // (an extension overriding every hook) or only HeraldApp (an app's notification side),
        // and names every type their APIs use; OneImportTests runs it.
        .target(name: "OneImportExtension", dependencies: ["HeraldNotificationService"], path: "Tests/OneImport/Extension", swiftSettings: appTargetSettings),
        .target(name: "OneImportApp", dependencies: ["HeraldApp"], path: "Tests/OneImport/App", swiftSettings: appTargetSettings),
        .testTarget(
            name: "OneImportTests",
            dependencies: ["OneImportExtension", "OneImportApp", "HeraldNotificationService", "NotificationServiceTestSupport"] + standIn
        ),
        // What the adapter's tests and the example tests share: a recording content handler.
        .target(name: "NotificationServiceTestSupport", dependencies: ["HeraldCore"] + standIn, path: "Tests/NotificationServiceTestSupport"),
        // Test helpers shared by the test targets of both packages: the misbehaving loopback HTTP
        // server, the contract every fetcher keeps, `only`, a message with every field set.
        .target(name: "HeraldTestSupport", dependencies: ["HeraldCore", "HeraldEnrichment"], path: "Tests/HeraldTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)

if !hasStandIn {
    package.targets.removeAll { linuxOnlyTargets.contains($0.name) }
}

// swift-docc-plugin, only when HERALD_DOCS=1 asks for it (scripts/build-docs.sh,
// docs/documentation.md): an app that adds Herald resolves swift-crypto and swift-asn1 and
// nothing else (scripts/check-app-pins.sh), so the plugin is no dependency of the package an
// app sees.
if Context.environment["HERALD_DOCS"] == "1" {
    package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", exact: "1.5.0"))
}
