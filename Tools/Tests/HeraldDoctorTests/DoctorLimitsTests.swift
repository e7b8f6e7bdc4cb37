import Foundation
import HeraldDoctor
import Testing

/// What a hostile project cannot make doctor do: read without end, expand without end, recurse
/// until the stack overflows, read a huge file, or wait on a FIFO.
@Suite struct DoctorLimitsTests {
    static let cycleNote = "which is already being read (Base.xcconfig → Base.xcconfig): Xcode skips that #include with a warning, and so does herald doctor"

    @Test func anXCConfigThatIncludesItselfFourTimesIsReadOnceAndEachIncludeIsReported() throws {
        var project = SyntheticProject()
        project.xcconfigs = ["Base.xcconfig": String(repeating: "#include \"Base.xcconfig\"\n", count: 4) + "FLAGS = $(inherited) -a\n"]
        let report = try project.examine()
        let cycles = report.results(.xcconfigInclude)
        #expect(cycles.map(\.message) == (1...4).map { "Base.xcconfig line \($0) includes Base.xcconfig, \(Self.cycleNote)" })
        #expect(cycles.map(\.status) == Array(repeating: .warning, count: 4))
        #expect(cycles.allSatisfy { $0.configurations == ["Debug", "Release"] })
        let settings = try BuildSettingsTests.settings(app: ["FLAGS": "$(inherited) -b"], xcconfigs: project.xcconfigs)
        #expect(settings.value("FLAGS")?.text == " -a -b")
    }

    @Test func aFileTwoOthersIncludeIsReadTwiceAsXcodeReadsIt() throws {
        let settings = try BuildSettingsTests.settings(
            app: [:],
            xcconfigs: [
                "Base.xcconfig": "#include \"A.xcconfig\"\n#include \"B.xcconfig\"\n", "A.xcconfig": "#include \"Shared.xcconfig\"\nV = a\n",
                "B.xcconfig": "#include \"Shared.xcconfig\"\n", "Shared.xcconfig": "V = shared\n",
            ])
        #expect(settings.value("V")?.text == "shared")
    }

    @Test func includesPastTheBudgetAreAnErrorAtTheInclude() throws {
        var project = SyntheticProject()
        let budget = 1000
        project.xcconfigs = ["Base.xcconfig": String(repeating: "#include \"Leaf.xcconfig\"\n", count: budget + 5), "Leaf.xcconfig": "A = 1\n"]
        let url = try project.write()
        let base = url.deletingLastPathComponent().appendingPathComponent("Base.xcconfig")
        #expect(
            throws: DoctorError(
                file: base, line: budget,
                reason: "not read: Leaf.xcconfig would go past the 1000 files or 32 MiB of .xcconfig herald doctor reads for one project (a file included twice counts twice)")
        ) { try XcodeProject(contentsOf: url) }
    }

    /// `L0 = $(L1)$(L1)$(L1)$(L1)`, `L1 = $(L2)…`: 4^30 bytes if expanded in full.
    static func chain(levels: Int) -> [String: String] {
        var settings = ["L\(levels)": "x"]
        for level in 0..<levels { settings["L\(level)"] = String(repeating: "$(L\(level + 1))", count: 4) }
        return settings
    }

    @Test func aChainThatGrowsFourfoldAtEachOfThirtyLevelsStopsAt64KiB() throws {
        var project = SyntheticProject()
        project.projectSettings = Self.chain(levels: 30)
        project.appSettings["PRODUCT_BUNDLE_IDENTIFIER"] = "$(L0)"
        let url = try project.write()
        let xcodeProject = try XcodeProject(contentsOf: url)
        let settings = BuildSettings(project: xcodeProject, target: xcodeProject.targets[0], configuration: "Debug")
        let value = try #require(settings.value("L0"))
        #expect(value.text == "$(L1)$(L1)$(L1)$(L1)")
        #expect(value.stopped == "expands past 64 KiB")
        let report = Doctor.examine(xcodeProject)
        let stopped = report.results(.unresolvedSetting).filter { $0.target == "Chat" }
        #expect(stopped.map(\.message) == ["PRODUCT_BUNDLE_IDENTIFIER expands past 64 KiB, more than herald doctor expands; it is compared as written"])
        #expect(stopped.first?.configurations == ["Debug", "Release"])
    }

    @Test func aChainWithinTheLimitExpandsInFull() throws {
        let settings = try BuildSettingsTests.settings(project: Self.chain(levels: 7), app: [:])
        let value = try #require(settings.value("L0"))
        #expect(value.text == String(repeating: "x", count: 1 << 14))
        #expect(value.stopped == nil)
    }

    @Test func referencesNestedDeeperThan32LevelsStop() throws {
        var chain = ["A40": "end"]
        for level in 0..<40 { chain["A\(level)"] = "$(A\(level + 1))" }
        let settings = try BuildSettingsTests.settings(project: chain, app: ["NEAR": "$(A10)"])
        let value = try #require(settings.value("A0"))
        #expect(value.text == "$(A1)")
        #expect(value.stopped == "has references nested more than 32 levels deep")
        #expect(settings.value("NEAR")?.text == "end")
    }

    @Test func settingsThatNameEachOtherKeepTheReferenceAsWritten() throws {
        let settings = try BuildSettingsTests.settings(app: ["A": "a$(B)", "B": "b$(A)"])
        let value = try #require(settings.value("A"))
        #expect(value.text == "ab$(A)")
        #expect(value.unresolved.isEmpty && value.stopped == nil)
    }

    @Test func aProjectFileNested5000ParenthesesDeepIsAnErrorNotACrash() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)/Deep.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("project.pbxproj")
        let text = "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = " + String(repeating: "(", count: 5000) + String(repeating: ")", count: 5000) + ";\n\t};\n}\n"
        try Data(text.utf8).write(to: file)
        #expect(throws: DoctorError(file: file, line: 4, reason: "nesting deeper than 512 levels")) { try XcodeProject(contentsOf: folder) }
        // 512 levels are read.
        let deepest = "{ A = " + String(repeating: "(", count: 511) + String(repeating: ")", count: 511) + "; }"
        #expect(throws: Never.self) { try PropertyList(reading: Data(deepest.utf8)) }
    }

    @Test func anXMLPropertyListNested5000DeepIsAnError() {
        let text = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n" + String(repeating: "<array>", count: 5000) + String(repeating: "</array>", count: 5000) + "\n</plist>\n"
        #expect(throws: PropertyListError(line: 3, reason: "nesting deeper than 512 levels")) { try PropertyList(reading: Data(text.utf8)) }
    }

    @Test func aBinaryPropertyListNestedTooDeepIsAnError() throws {
        var value: Any = "x"
        for _ in 0..<1000 { value = [value] }
        let data = try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0)
        #expect(throws: PropertyListError(line: nil, reason: "not a readable binary property list (malformed, or nested deeper than 512 levels)")) {
            try PropertyList(reading: data)
        }
    }

    /// A binary list of `levels + 1` objects: the string "x", and arrays that each hold the one
    /// before twice, so 2^levels strings when every reference is followed.
    static func sharedArrays(levels: Int) -> Data {
        var objects: [[UInt8]] = [[0x51, UInt8(ascii: "x")]]
        for index in 1...levels { objects.append([0xA2, UInt8(index - 1), UInt8(index - 1)]) }
        var data = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets.append(UInt8(data.count))
            data += object
        }
        let tableOffset = data.count
        data += offsets
        func bigEndian(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
        data += [0, 0, 0, 0, 0, 0, 1, 1] + bigEndian(objects.count) + bigEndian(objects.count - 1) + bigEndian(tableOffset)
        return Data(data)
    }

    @Test func aBinaryPropertyListThatSharesItsArraysIsRefusedBeforeItExpands() throws {
        let pair = PropertyList.array([.string("x"), .string("x")])
        #expect(try PropertyList(reading: Self.sharedArrays(levels: 2)) == .array([pair, pair]))
        #expect(throws: PropertyListError(line: nil, reason: "its arrays and dictionaries, referred to from many places, stand for more than 1048576 values")) {
            try PropertyList(reading: Self.sharedArrays(levels: 40))
        }
    }

    @Test func aProjectFileOverTheLimitIsNotRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)/Huge.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("project.pbxproj")
        // Sparse: no disk space, no time.
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 32 << 20 + 1)
        try handle.close()
        #expect(throws: DoctorError(file: file, reason: "not read: 33554433 bytes, over the 32 MiB limit for a project.pbxproj")) {
            try XcodeProject(contentsOf: folder)
        }
    }

    @Test func anInfoPlistOverTheLimitIsAFinding() throws {
        let url = try SyntheticProject().write()
        let handle = try FileHandle(forWritingTo: url.deletingLastPathComponent().appendingPathComponent("Chat/Info.plist"))
        try handle.truncate(atOffset: 1 << 20 + 1)
        try handle.close()
        let report = try Doctor.examine(XcodeProject(contentsOf: url))
        #expect(
            report.results(.fileUnreadable).map(\.message) == [
                "INFOPLIST_FILE names Chat/Info.plist, which is not a readable property list: not read: 1048577 bytes, over the 1 MiB limit for any file but project.pbxproj"
            ])
    }

    @Test func aFIFOGivenAsTheProjectFileIsRefusedWithoutWaiting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)/Pipe.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("project.pbxproj")
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(throws: DoctorError(file: file, reason: "not read: a FIFO (named pipe), not a regular file")) { try XcodeProject(contentsOf: folder) }
    }
}
