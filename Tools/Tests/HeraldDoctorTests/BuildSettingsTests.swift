import Foundation
import HeraldDoctor
import Testing

/// Build settings resolved as Xcode resolves them for the device SDK.
@Suite struct BuildSettingsTests {
    /// The app target's settings in `configuration` of a synthetic project with extra settings
    /// (and `.xcconfig` files: the project's base is `Base.xcconfig`).
    static func settings(
        project: [String: String] = [:], app: [String: String], xcconfigs: [String: String] = [:], configuration: String = "Debug"
    ) throws
        -> BuildSettings
    {
        var synthetic = SyntheticProject()
        synthetic.projectSettings = project
        synthetic.appSettings.merge(app) { $1 }
        synthetic.xcconfigs = xcconfigs
        let url = try synthetic.write()
        let project = try XcodeProject(contentsOf: url)
        let target = try #require(project.targets.first { $0.name == "Chat" })
        return BuildSettings(project: project, target: target, configuration: configuration)
    }

    @Test func inheritedAndASelfReferenceMeanTheLevelBelow() throws {
        let settings = try Self.settings(
            project: ["FLAGS": "-a", "DEVELOPMENT_TEAM": "TEAM1"], app: ["FLAGS": "$(inherited) -b", "DEVELOPMENT_TEAM": "$(DEVELOPMENT_TEAM)"])
        #expect(settings.value("FLAGS")?.text == "-a -b")
        #expect(settings.value("DEVELOPMENT_TEAM")?.text == "TEAM1")
    }

    @Test func theDeviceSDKsConditionWins() throws {
        let settings = try Self.settings(app: [
            "CODE_SIGN_ENTITLEMENTS": "", "CODE_SIGN_ENTITLEMENTS[sdk=iphoneos*]": "ios.entitlements",
            "CODE_SIGN_ENTITLEMENTS[sdk=macosx*]": "mac.entitlements", "ARCHS_NOTE[arch=x86_64]": "intel",
        ])
        #expect(settings.value("CODE_SIGN_ENTITLEMENTS")?.text == "ios.entitlements")
        #expect(settings.value("ARCHS_NOTE") == nil)
    }

    @Test func operatorsAndBuiltInValues() throws {
        let settings = try Self.settings(app: ["PRODUCT_NAME": "My App-2", "ID": "com.example.$(PRODUCT_NAME:rfc1034identifier)", "LOW": "$(TARGET_NAME:lower)"])
        #expect(settings.value("PRODUCT_MODULE_NAME")?.text == "My_App_2")
        #expect(settings.value("ID")?.text == "com.example.My-App-2")
        #expect(settings.value("LOW")?.text == "chat")
        #expect(settings.value("SRCROOT")?.text.hasPrefix(FileManager.default.temporaryDirectory.path) == true)
        #expect(settings.value("SRCROOT")?.text.hasSuffix(".xcodeproj") == false)
        #expect(settings.expand("$(CONFIGURATION)-$(UNKNOWN:default=x)").text == "Debug-x")
    }

    /// As Xcode expands it: to nothing.
    @Test func anUndefinedVariableIsEmptyAndIsNamed() throws {
        let settings = try Self.settings(app: ["ID": "$(PREFIX).chat${SUFFIX:lower}", "TEAM": "$(NOPE:default=ABC)"])
        let value = try #require(settings.value("ID"))
        #expect(value.text == ".chat")
        #expect(value.unresolved == ["PREFIX", "SUFFIX"])
        #expect(settings.value("TEAM")?.text == "ABC")
        #expect(settings.value("TEAM")?.unresolved == [])
    }

    @Test func anXCConfigSitsBelowTheProjectsSettingsAndItsIncludesAreRead() throws {
        let settings = try Self.settings(
            project: ["B": "project"], app: ["C": "$(A) $(B)"],
            xcconfigs: ["Base.xcconfig": "// comment\nA = from-xcconfig // trailing\nA[sdk=iphonesimulator*] = simulator\nB = xcconfig\nD = all\nD[config=Debug] = debug\n"
                + "#include \"Missing.xcconfig\"\n#include? \"Optional.xcconfig\"\n"])
        #expect(settings.value("C")?.text == "from-xcconfig project")
        #expect(settings.value("D")?.text == "debug")
        #expect(settings.missingConfigurationFiles.map(\.lastPathComponent) == ["Missing.xcconfig"])
    }
}
