import Foundation
import HeraldDoctor
import HeraldToolsTestSupport
import Testing

/// The entitlements in a Mach-O executable's code signature, thin and universal, and what a
/// hostile executable cannot make the reader do.
@Suite struct SignedBuildMachOTests {
    static var entitlements: [String: Any] {
        [
            "application-identifier": "ABCDE12345.com.example.chat",
            "aps-environment": "production",
            "com.apple.security.application-groups": ["group.com.example.chat"],
        ]
    }
    static var signature: [UInt8] { SignedBuildSamples.superBlob(entitlements: SignedBuildSamples.plist(entitlements), der: true) }

    static func expectEntitlements(_ slice: CodeSignature.Slice?) {
        #expect(slice?.isSigned == true)
        #expect(slice?.entitlements?["application-identifier"] == .string("ABCDE12345.com.example.chat"))
        #expect(slice?.entitlements?["aps-environment"] == .string("production"))
        #expect(slice?.entitlements?["com.apple.security.application-groups"] == .array([.string("group.com.example.chat")]))
    }

    @Test(arguments: [(true, false), (false, false), (true, true), (false, true)])
    func readsAThinExecutable(is64: Bool, bigEndian: Bool) throws {
        let file = SignedBuildSamples.machO(signature: Self.signature, is64: is64, bigEndian: bigEndian)
        let signature = try CodeSignature(reading: Data(file))
        #expect(signature.slices.count == 1)
        #expect(signature.slices.first?.architecture == "arm64")
        #expect(signature.slices.first?.hasDEREntitlements == true)
        Self.expectEntitlements(signature.slices.first)
        #expect(signature.isSigned)
        #expect(signature.entitlements == signature.slices.first?.entitlements)
    }

    @Test(arguments: [false, true])
    func readsAUniversalExecutable(is64: Bool) throws {
        let armv7 = SignedBuildSamples.machO(signature: SignedBuildSamples.superBlob(entitlements: SignedBuildSamples.plist(Self.entitlements), der: false), is64: false, cpuType: 12, cpuSubtype: 9)
        let arm64 = SignedBuildSamples.machO(signature: Self.signature)
        let signature = try CodeSignature(reading: Data(SignedBuildSamples.fat([armv7, arm64], is64: is64)))
        #expect(signature.slices.map(\.architecture) == ["armv7", "arm64"])
        #expect(signature.slices.map(\.hasDEREntitlements) == [false, true])
        Self.expectEntitlements(signature.slices.first)
        Self.expectEntitlements(signature.slices.last)
    }

    @Test func anUnsignedExecutableIsAnAnswer() throws {
        let signature = try CodeSignature(reading: Data(SignedBuildSamples.machO(signature: nil)))
        #expect(signature.slices == [CodeSignature.Slice(architecture: "arm64", isSigned: false, entitlements: nil, hasDEREntitlements: false)])
        #expect(!signature.isSigned)
        #expect(signature.entitlements == nil)
    }

    @Test func aSignatureWithoutEntitlementsClaimsNone() throws {
        let signature = try CodeSignature(reading: Data(SignedBuildSamples.machO(signature: SignedBuildSamples.superBlob(entitlements: nil, der: false))))
        #expect(signature.isSigned)
        #expect(signature.entitlements == nil)
    }

    /// Each hostile file and the start of the error it must give.
    static let hostileFiles: [(String, [UInt8], String)] = [
        ("not Mach-O", Array("#!/bin/sh\necho hi\n".utf8), "not a Mach-O executable"),
        ("empty", [], "not a Mach-O executable"),
        ("load commands past the file", with(SignedBuildSamples.machO(signature: signature), le32: 0x7FFF_0000, at: 20), "arm64: its load commands take"),
        ("load command size past the commands", with(SignedBuildSamples.machO(signature: signature), le32: 4000, at: 36), "arm64: load command 1 says it is 4000 bytes"),
        ("signature past the file", with(SignedBuildSamples.machO(signature: signature), le32: 0x00FF_FFFF, at: 32 + 24 + 8), "arm64: its LC_CODE_SIGNATURE points at"),
        ("signature size past the file", with(SignedBuildSamples.machO(signature: signature), le32: 0x7FFF_FFFF, at: 32 + 24 + 12), "arm64: its LC_CODE_SIGNATURE points at"),
        ("universal count huge", SignedBuildSamples.be32(0xCAFE_BABE) + SignedBuildSamples.be32(0xFFFF_FFFF), "its universal header lists 4294967295 architectures"),
        ("universal with no architecture", SignedBuildSamples.be32(0xCAFE_BABF) + SignedBuildSamples.be32(0), "its universal header lists no architecture"),
        ("universal entries past the file", SignedBuildSamples.be32(0xCAFE_BABE) + SignedBuildSamples.be32(3), "the universal header's 3 architectures"),
        ("architecture past the file", with(SignedBuildSamples.fat([SignedBuildSamples.machO(signature: signature)]), be32: 0x7000_0000, at: 16), "architecture 1 of its universal header lies outside the file"),
        ("SuperBlob count past its end", with(SignedBuildSamples.machO(signature: signature), be32: 63, at: 4096 + 8), "arm64: its code signature lists 63 blobs, whose index runs past"),
        ("SuperBlob count huge", with(SignedBuildSamples.machO(signature: signature), be32: 0xFFFF_FFFF, at: 4096 + 8), "arm64: its code signature lists 4294967295 blobs"),
        ("blob past its end", with(SignedBuildSamples.machO(signature: signature), be32: 0x00FF_0000, at: 4096 + 12 + 8 + 4), "arm64: its code signature puts slot 5 at offset"),
        ("blob length past its end", with(SignedBuildSamples.machO(signature: signature), be32: 0x00FF_0000, at: 4096 + 12 + 24 + 8 + 4), "arm64: its code signature has a blob in slot 5 of"),
        ("not a SuperBlob", with(SignedBuildSamples.machO(signature: signature), be32: 0x1234_5678, at: 4096), "arm64: its code signature does not start with"),
        ("entitlements not a plist", SignedBuildSamples.machO(signature: SignedBuildSamples.superBlob(entitlements: Array("<plist>".utf8), der: false)), "arm64: its code signature has entitlements that are not"),
        ("truncated", Array(SignedBuildSamples.machO(signature: signature).prefix(4096 + 40)), "arm64: its LC_CODE_SIGNATURE points at"),
    ]

    @Test(arguments: hostileFiles)
    func aHostileExecutableIsAnError(name: String, file: [UInt8], reason: String) {
        let error = #expect(throws: DoctorError.self, "\(name)") { try CodeSignature(reading: Data(file)) }
        #expect(error?.reason.hasPrefix(reason) == true, "\(name): \(error?.reason ?? "no error")")
        #expect(error?.file == nil)
    }

    /// `bytes` with a 32-bit field at `offset` overwritten.
    static func with(_ bytes: [UInt8], le32 value: UInt32, at offset: Int) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(offset..<(offset + 4), with: SignedBuildSamples.le32(value))
        return copy
    }

    static func with(_ bytes: [UInt8], be32 value: UInt32, at offset: Int) -> [UInt8] {
        var copy = bytes
        copy.replaceSubrange(offset..<(offset + 4), with: SignedBuildSamples.be32(value))
        return copy
    }
}
