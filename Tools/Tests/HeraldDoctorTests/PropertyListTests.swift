import Foundation
import HeraldDoctor
import Testing

/// Reading the three property-list formats, and errors that say where.
@Suite struct PropertyListTests {
    static func read(_ text: String) throws(PropertyListError) -> PropertyList {
        try PropertyList(reading: Data(text.utf8))
    }

    @Test func openStepValuesCommentsAndEscapes() throws {
        let list = try Self.read(
            """
            // !$*UTF8*$!
            {
            \t/* a comment */ name = "Chat \\"Pro\\"\\n"; // to the end of the line
            \tlist = (a, "b c", path/to/File.swift, );
            \tempty = ( );
            \tnested = { "key with space" = "$(inherited)"; };
            \tbytes = <0fbd 77>;
            \tunicode = "\\U00e9t\\351";
            }
            """)
        #expect(list["name"] == .string("Chat \"Pro\"\n"))
        #expect(list["list"] == .array([.string("a"), .string("b c"), .string("path/to/File.swift")]))
        #expect(list["empty"] == .array([]))
        #expect(list["nested"]?["key with space"] == .string("$(inherited)"))
        #expect(list["bytes"] == .data(Data([0x0F, 0xBD, 0x77])))
        #expect(list["unicode"] == .string("été"))
    }

    @Test(arguments: [
        ("{\n a = b;\n c = d\n e = f;\n}", 4, "expected ';' after the value of \"c\", found 'e'"),
        ("{\n a = (1, 2 3);\n}", 2, "expected ',' or ')' after an array element, found '3'"),
        ("{\n a = b;\n", 3, "the dictionary opened on line 1 is never closed with '}'"),
        ("{\n a = \"open;\n}\n", 2, "a string opened on line 2 is never closed"),
        ("{\n a = b;\n a = c;\n}", 3, "the key \"a\" appears twice in one dictionary"),
        ("{ a = b; /* never\n closed }", 1, "a comment opened on line 1 is never closed"),
        ("{ a = <0g>; }", 1, "'g' is not a hex digit in data"),
        ("{ a = b; } }", 1, "unexpected '}' after the end of the property list"),
        ("{ = b; }", 1, "unexpected '=' where a key or '}' should be"),
    ])
    func openStepErrorsNameTheLine(text: String, line: Int, reason: String) {
        #expect(throws: PropertyListError(line: line, reason: reason)) { try Self.read(text) }
    }

    @Test func xmlKeepsTypesAndAMalformedFileGivesItsLine() throws {
        let list = try Self.read(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>flag</key><true/><key>count</key><integer>1</integer><key>ratio</key><real>0.5</real>
            <key>names</key><array><string>a</string></array>
            </dict></plist>
            """)
        #expect(list["flag"] == .bool(true))
        #expect(list["count"] == .integer(1))
        #expect(list["ratio"] == .real(0.5))
        #expect(list["names"]?.strings == ["a"])
        let error = #expect(throws: PropertyListError.self) {
            try Self.read("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<string>x</strin>\n</dict></plist>")
        }
        #expect(error?.line == 5)
        #expect(error?.reason.hasPrefix("not a readable property list") == true)
        // A file that ends too soon: its last line.
        let cut = #expect(throws: PropertyListError.self) { try Self.read("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n") }
        #expect(cut?.line == 4, "\(String(describing: cut))")
    }

    @Test func binaryPlistsAreRead() throws {
        let data = try PropertyListSerialization.data(
            fromPropertyList: ["NSExtension": ["NSExtensionPointIdentifier": "com.apple.usernotifications.service"], "on": false],
            format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist".utf8)))
        let list = try PropertyList(reading: data)
        #expect(list["NSExtension"]?["NSExtensionPointIdentifier"] == .string("com.apple.usernotifications.service"))
        #expect(list["on"] == .bool(false))
    }

    @Test func aMalformedProjectFileIsAnErrorWithItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)/Broken.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = { isa = PBXProject }\n\t};\n}\n".utf8).write(to: folder.appendingPathComponent("project.pbxproj"))
        let error = #expect(throws: DoctorError.self) { try XcodeProject(contentsOf: folder) }
        #expect(error?.line == 4)
        #expect(error?.description.hasSuffix("project.pbxproj:4: expected ';' after the value of \"isa\", found '}'") == true)
    }

    @Test func aProjectWithoutConfigurationsIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)/Bare.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{ objects = { P = { isa = PBXProject; targets = (); }; }; rootObject = P; }".utf8).write(to: folder.appendingPathComponent("project.pbxproj"))
        let error = #expect(throws: DoctorError.self) { try XcodeProject(contentsOf: folder) }
        #expect(error?.reason.hasPrefix("the project has no build configurations") == true)
    }

    @Test func aMalformedInfoPlistIsAFindingWithItsLineAndItsChecksSayNothing() throws {
        let url = try SyntheticProject().write()
        let plist = url.deletingLastPathComponent().appendingPathComponent("Chat/Info.plist")
        try Data("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>a</key>\n<string>x</strin>\n</dict></plist>".utf8).write(to: plist)
        let report = try Doctor.examine(XcodeProject(contentsOf: url))
        let unreadable = report.results(.fileUnreadable)
        #expect(unreadable.map(\.status) == [.error])
        #expect(unreadable[0].target == "Chat")
        #expect(unreadable[0].message.hasPrefix("INFOPLIST_FILE names Chat/Info.plist, which is not a readable property list: line 5: "))
        #expect(report.results(.activityTypes).isEmpty)
        #expect(report.statuses(.communicationCapability) == [.ok])
    }

    @Test func anExtensionWhoseInfoPlistIsMissingIsNamedWhenNoServiceExtensionIsFound() throws {
        let url = try SyntheticProject().write()
        try FileManager.default.removeItem(at: url.deletingLastPathComponent().appendingPathComponent("NotificationService/Info.plist"))
        let report = try Doctor.examine(XcodeProject(contentsOf: url))
        #expect(report.results(.serviceExtension)[0].message.contains("(unless it is NotificationService, whose Info.plist could not be read)"))
        #expect(report.results(.fileMissing).map(\.target) == ["NotificationService"])
    }
}
