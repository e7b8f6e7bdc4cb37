import Foundation
import FuzzSupport
import HeraldDoctor

/// The readers of a signed build `herald doctor` is given: a provisioning profile (CMS around a
/// property list), a Mach-O executable's code signature, and an .ipa (a ZIP archive, its
/// entries inflated in memory, the app and its extensions read from it).
///
/// Input: a mode byte, then the file's bytes:
/// - 0: ``ProvisioningProfile/init(reading:)``;
/// - 1: ``CodeSignature/init(reading:)``;
/// - 2: ``SignedBuild/init(ipa:url:)``, which reads the ZIP, inflates entries and reads every
///   bundle's Info.plist, executable and profile through the two readers above.
///
/// Beyond not crashing: an error from the profile or Mach-O reader names no file (the caller
/// adds it) and says something; an .ipa's error names the .ipa; a universal file reads to at
/// most 16 architectures; a build read has an app and at most 100 extensions.
@main
enum SignedBuildTarget: FuzzTarget {
    static func main() { Fuzzer.main(self) { Fuzzer.test(SignedBuildTarget.self, $0, $1) } }

    static let url = URL(fileURLWithPath: "/fuzz/App.ipa")

    static func run(_ input: inout FuzzInput) {
        let mode = input.byte() % 3
        let data = Data(input.rest())
        do {
            switch mode {
            case 0:
                let profile = try ProvisioningProfile(reading: data)
                _ = profile.kind
            case 1:
                let signature = try CodeSignature(reading: data)
                require(!signature.slices.isEmpty && signature.slices.count <= 16, "\(signature.slices.count) architectures read")
            default:
                let build = try SignedBuild(ipa: data, url: url)
                require(build.app != nil, "an .ipa read without an app")
                require(build.extensions.count <= 100, "\(build.extensions.count) extensions read")
            }
        } catch {
            require(!error.reason.isEmpty, "an error with no reason")
            require(error.file == (mode == 2 ? url : nil), "mode \(mode): an error naming \(error.file?.path ?? "no file")")
        }
    }

    /// A profile, a thin and a universal executable, and an .ipa holding them with an
    /// extension, one entry stored.
    static var seeds: [(name: String, bytes: [UInt8])] {
        let entitlements = SignedBuildSamples.plist([
            "application-identifier": "ABCDE12345.com.example.chat", "aps-environment": "production",
            "com.apple.security.application-groups": ["group.com.example.chat"],
        ])
        let profile = SignedBuildSamples.signedMessage(
            content: SignedBuildSamples.plist([
                "TeamIdentifier": ["ABCDE12345"], "ProvisionedDevices": ["d"], "ExpirationDate": Date(timeIntervalSince1970: 1_900_000_000),
                "Entitlements": ["get-task-allow": true],
            ]))
        let thin = SignedBuildSamples.machO(signature: SignedBuildSamples.superBlob(entitlements: entitlements, der: true))
        let armv7 = SignedBuildSamples.machO(signature: SignedBuildSamples.superBlob(entitlements: entitlements, der: false), is64: false, cpuType: 12, cpuSubtype: 9)
        let info = { (identifier: String, executable: String) in
            SignedBuildSamples.plist(["CFBundleIdentifier": identifier, "CFBundleExecutable": executable, "NSUserActivityTypes": ["INSendMessageIntent"]])
        }
        let service = "Payload/Chat.app/PlugIns/Service.appex/"
        let ipa = SignedBuildSamples.zip([
            .init(name: "Payload/Chat.app/Info.plist", bytes: info("com.example.chat", "Chat"), deflated: false),
            .init(name: "Payload/Chat.app/Chat", bytes: thin),
            .init(name: "Payload/Chat.app/embedded.mobileprovision", bytes: profile),
            .init(name: service + "Info.plist", bytes: info("com.example.chat.Service", "Service")),
            .init(name: service + "Service", bytes: armv7),
        ])
        return [
            (name: "profile", bytes: [0] + profile),
            (name: "thin", bytes: [1] + thin),
            (name: "universal", bytes: [1] + SignedBuildSamples.fat([armv7, thin])),
            (name: "ipa", bytes: [2] + ipa),
        ]
    }
}
