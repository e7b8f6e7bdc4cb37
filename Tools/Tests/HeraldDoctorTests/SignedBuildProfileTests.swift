import Foundation
import HeraldDoctor
import HeraldToolsTestSupport
import Testing

/// Provisioning profiles: the property list inside a CMS signature, as openssl signs one and
/// as a hostile file breaks one.
@Suite struct SignedBuildProfileTests {
    /// A profile's property list as the developer portal writes one for development.
    static let expiry = Date(timeIntervalSince1970: 1_900_000_000)
    static let created = Date(timeIntervalSince1970: 1_800_000_000)
    static var developmentProfile: [String: Any] {
        [
            "Name": "iOS Team Provisioning Profile: com.example.chat",
            "UUID": "0B5E7D6C-1111-2222-3333-444455556666",
            "TeamIdentifier": ["ABCDE12345"],
            "TeamName": "Example Ltd",
            "ApplicationIdentifierPrefix": ["ABCDE12345"],
            "CreationDate": created,
            "ExpirationDate": expiry,
            "ProvisionedDevices": ["00008110-000A1B2C3D4E5F60", "00008030-001122334455667E"],
            "Platform": ["iOS"],
            "Entitlements": [
                "application-identifier": "ABCDE12345.com.example.chat",
                "aps-environment": "development",
                "get-task-allow": true,
                "com.apple.security.application-groups": ["group.com.example.chat"],
                "keychain-access-groups": ["ABCDE12345.*"],
                "com.apple.developer.usernotifications.communication": true,
            ] as [String: Any],
        ]
    }

    @Test func readsAProfileOpensslSignedInDER() throws {
        let profile = try ProvisioningProfile(reading: Data(try OpenSSL.sign(SignedBuildSamples.plist(Self.developmentProfile))))
        Self.expectDevelopmentProfile(profile)
    }

    /// `openssl cms -stream` writes BER with indefinite lengths and the content in chunks, as
    /// older signing tools did.
    @Test func readsAProfileWithIndefiniteLengths() throws {
        let signed = try OpenSSL.sign(SignedBuildSamples.plist(Self.developmentProfile), streaming: true)
        #expect(signed[1] == 0x80, "openssl -stream was expected to write an indefinite length")
        Self.expectDevelopmentProfile(try ProvisioningProfile(reading: Data(signed)))
    }

    static func expectDevelopmentProfile(_ profile: ProvisioningProfile) {
        #expect(profile.name == "iOS Team Provisioning Profile: com.example.chat")
        #expect(profile.uuid == "0B5E7D6C-1111-2222-3333-444455556666")
        #expect(profile.teamIdentifiers == ["ABCDE12345"])
        #expect(profile.teamName == "Example Ltd")
        #expect(profile.applicationIdentifierPrefixes == ["ABCDE12345"])
        #expect(profile.applicationIdentifier == "ABCDE12345.com.example.chat")
        #expect(profile.entitlements["aps-environment"] == .string("development"))
        #expect(profile.entitlements["com.apple.security.application-groups"] == .array([.string("group.com.example.chat")]))
        #expect(profile.entitlements["keychain-access-groups"] == .array([.string("ABCDE12345.*")]))
        #expect(profile.entitlements["com.apple.developer.usernotifications.communication"] == .bool(true))
        #expect(profile.creationDate == created)
        #expect(profile.expirationDate == expiry)
        #expect(profile.deviceCount == 2)
        #expect(profile.platforms == ["iOS"])
        #expect(profile.kind == .development)
        #expect(!profile.isExpired(at: expiry.addingTimeInterval(-1)))
        #expect(profile.isExpired(at: expiry))
    }

    /// Profiles' keys by the kind they make, as the developer portal writes each.
    static func keys(of kind: String) -> [String: Any] {
        switch kind {
        case "development": ["ProvisionedDevices": ["d"], "Entitlements": ["get-task-allow": true]]
        case "ad hoc": ["ProvisionedDevices": ["d"], "Entitlements": ["get-task-allow": false]]
        case "ad hoc without get-task-allow": ["ProvisionedDevices": ["d"]]
        case "enterprise": ["ProvisionsAllDevices": true, "Entitlements": ["get-task-allow": false]]
        default: ["Entitlements": ["aps-environment": "production"]]
        }
    }

    @Test(arguments: [
        ("development", ProvisioningProfile.Kind.development), ("ad hoc", .adHoc), ("ad hoc without get-task-allow", .adHoc),
        ("enterprise", .enterprise), ("app store", .appStore),
    ])
    func tellsTheKindFromDevicesAndDebugging(profile name: String, kind: ProvisioningProfile.Kind) throws {
        let profile = try ProvisioningProfile(reading: Data(SignedBuildSamples.signedMessage(content: SignedBuildSamples.plist(Self.keys(of: name)))))
        #expect(profile.kind == kind)
    }

    @Test func aTruncatedProfileIsAnError() throws {
        let signed = try OpenSSL.sign(SignedBuildSamples.plist(Self.developmentProfile))
        for length in [0, 1, 2, 20, signed.count / 2, signed.count - 1] {
            #expect(throws: DoctorError.self) { try ProvisioningProfile(reading: Data(signed.prefix(length))) }
        }
    }

    @Test func aLengthPastTheEndIsAnError() {
        var message = SignedBuildSamples.signedMessage(content: SignedBuildSamples.plist(["Name": "x"]))
        // The outer SEQUENCE's long-form length, made larger than the file.
        #expect(message[1] == 0x81 || message[1] == 0x82)
        message[2] = 0xFF
        let error = #expect(throws: DoctorError.self) { try ProvisioningProfile(reading: Data(message)) }
        #expect(error?.reason.hasPrefix("not a readable CMS signed message") == true)
    }

    @Test func aDetachedSignatureHasNoProfile() throws {
        let detached = try OpenSSL.sign(SignedBuildSamples.plist(Self.developmentProfile), detached: true)
        let error = #expect(throws: DoctorError.self) { try ProvisioningProfile(reading: Data(detached)) }
        #expect(error?.reason == "it holds no content: a detached signature")
    }

    @Test func aPlainPropertyListIsNotAProfile() {
        let error = #expect(throws: DoctorError.self) { try ProvisioningProfile(reading: Data(SignedBuildSamples.plist(Self.developmentProfile))) }
        #expect(error?.reason.hasPrefix("not a readable CMS signed message") == true)
    }

    @Test func aKeyOfTheWrongTypeIsNamed() {
        let message = SignedBuildSamples.signedMessage(content: SignedBuildSamples.plist(["TeamIdentifier": "ABCDE12345"]))
        let error = #expect(throws: DoctorError.self) { try ProvisioningProfile(reading: Data(message)) }
        #expect(error?.reason == "its TeamIdentifier is \"ABCDE12345\", not an array of strings")
    }

    @Test func signedContentThatIsNotAPropertyListIsAnError() {
        let message = SignedBuildSamples.signedMessage(content: Array("<plist><dict><key>a</key>".utf8))
        let error = #expect(throws: DoctorError.self) { try ProvisioningProfile(reading: Data(message)) }
        #expect(error?.reason.hasPrefix("its signed content is not a readable property list") == true)
    }
}

/// openssl, run as a user would, to sign a property list with a throwaway key and
/// certificate it makes itself. A machine without openssl fails these tests.
enum OpenSSL {
    /// `openssl cms -sign -nodetach -outform DER` of `content` (`-stream` for BER with
    /// indefinite lengths; without `-nodetach` when `detached`).
    static func sign(_ content: [UInt8], streaming: Bool = false, detached: Bool = false) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-cms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        try Data(content).write(to: folder.appendingPathComponent("content.plist"))
        try run([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("key.pem"), "-out", path("cert.pem"), "-days", "1",
            "-subj", "/CN=Herald test profile signer",
        ])
        var sign = ["cms", "-sign", "-binary", "-in", path("content.plist"), "-signer", path("cert.pem"), "-inkey", path("key.pem"), "-outform", "DER", "-out", path("signed.der")]
        if !detached { sign.append("-nodetach") }
        if streaming { sign.append("-stream") }
        try run(sign)
        return Array(try Data(contentsOf: folder.appendingPathComponent("signed.der")))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private static func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["openssl"] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "openssl \(arguments.prefix(2).joined(separator: " ")) exited with \(process.terminationStatus) (is openssl installed?): \(String(decoding: message, as: UTF8.self))")
        }
    }
}
