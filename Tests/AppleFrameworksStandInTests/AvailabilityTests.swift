import Foundation
import Testing

// The stand-in's `@available` attributes against Apple's (AvailabilityTable.swift). They do
// nothing on Linux, so only this test notices one that is removed, changed, or never written:
// every public declaration of Sources/AppleFrameworksStandIn/Intents and /UserNotifications must
// have a row, with exactly the row's attributes, and every row a declaration.

@Suite("Availability")
struct AvailabilityTests {
    /// Sources/AppleFrameworksStandIn, found from this file: ../../Sources/AppleFrameworksStandIn.
    static let moduleDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/AppleFrameworksStandIn")

    /// Scans every Swift file under `folder` of the module, in path order.
    static func scan(_ folder: String) throws -> DeclarationScanner {
        let directory = moduleDirectory.appendingPathComponent(folder)
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "swift" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        var scanner = DeclarationScanner()
        for file in files {
            scanner.scan(try String(contentsOf: file, encoding: .utf8), fileName: "\(folder)/\(file.lastPathComponent)")
        }
        return scanner
    }

    @Test("Every public declaration of Apple's API carries exactly Apple's @available attributes")
    func attributesMatchApple() throws {
        let intents = try Self.scan("Intents")
        let userNotifications = try Self.scan("UserNotifications")
        let declarations = intents.declarations + userNotifications.declarations
        #expect(intents.problems + userNotifications.problems == [])

        // Both counts are pinned, so a scan that silently finds nothing, or a table that loses
        // rows, fails here rather than passing vacuously below.
        #expect(AvailabilityRow.all.count == AvailabilityRow.expectedCount)
        #expect(declarations.count == AvailabilityRow.expectedCount)
        let keys = AvailabilityRow.all.map(\.key)
        #expect(Set(keys).count == keys.count, "the table has a key twice")

        for declaration in declarations {
            guard let row = AvailabilityRow.all.first(where: { $0.key == declaration.key }) else {
                Issue.record(
                    "\(declaration.location): `\(declaration.key)` has no row in AvailabilityTable.swift; add Apple's availability for it, with its source")
                continue
            }
            #expect(
                declaration.attributes == row.attributes,
                "\(declaration.location): `\(declaration.key)` (source: \(row.source))")
        }
        let declared = Set(declarations.map(\.key))
        for row in AvailabilityRow.all where !declared.contains(row.key) {
            Issue.record("`\(row.key)` is in AvailabilityTable.swift but no public declaration has that key")
        }
    }

    @Test("The module's layout is the one the test scans; stand-in-only declarations carry no @available")
    func layoutAndStandInOnlyDeclarations() throws {
        let entries = try FileManager.default.contentsOfDirectory(atPath: Self.moduleDirectory.path).sorted()
        #expect(entries == ["AppleFrameworksStandIn.swift", "Intents", "StandIn", "UserNotifications"])

        var root = DeclarationScanner()
        root.scan(
            try String(contentsOf: Self.moduleDirectory.appendingPathComponent("AppleFrameworksStandIn.swift"), encoding: .utf8),
            fileName: "AppleFrameworksStandIn.swift")
        #expect(root.declarations.map(\.key) == [], "the module's root file holds conventions only")

        let standIn = try Self.scan("StandIn")
        #expect(standIn.problems == [])
        #expect(!standIn.declarations.isEmpty)
        for declaration in standIn.declarations {
            #expect(declaration.attributes == [], "\(declaration.location): `\(declaration.key)` has no Apple counterpart")
            // Only the stand-in's own types live there, so Apple's API cannot hide from the table.
            let name = declaration.key.split(separator: " ").last ?? ""
            #expect(name.hasPrefix("StandIn"), "\(declaration.location): `\(declaration.key)` in StandIn/")
        }
    }

    @Test("The scanner reads members, labels and attributes, and skips what is not a public member")
    func scannerReadsTheStandInSubsetOfSwift() {
        let source = """
            import Foundation

            /// A doc comment, then attributes on two lines.
            @available(iOS 10.0, macOS 10.14, *)
            @available(tvOS, unavailable)
            open class Box: NSObject {
                let hidden: Int = 0
                @available(iOS, introduced: 12.0, deprecated: 15.0, message: "gone // soon")
                open var label: String { "" }  // a trailing comment {
                @available(*, unavailable)
                public override init() { fatalError() }
                public init(
                    first value: Int, _ second: (@Sendable ((any Error)?) -> Void)? = nil,
                    path: KeyPath<Box, Int>
                ) {
                    let local = 1
                    switch local { case 1: break
                    default: break }
                }
                public convenience init?(url URL: URL) { nil }
                open class var `default`: Box { Box() }
                public enum Kind: Int {
                    case one = 1, two
                    case three
                }
                enum Internal { case hidden }
            }

            @available(iOS 15.0, *)
            extension Box: Sendable {}

            extension Box.Kind {
                public static func ~= (match: Box.Kind, other: Int) -> Bool { false }
            }
            """
        var scanner = DeclarationScanner()
        scanner.scan(source, fileName: "Box.swift")
        #expect(scanner.problems == [])
        #expect(
            scanner.declarations.map(\.key) == [
                "class Box", "var Box.label", "init Box.init()", "init Box.init(first:_:path:)", "init Box.init?(url:)",
                "var Box.default", "enum Box.Kind", "case Box.Kind.one", "case Box.Kind.two", "case Box.Kind.three",
                "extension Box: Sendable", "func Box.Kind.~=(_:_:)",
            ])
        #expect(
            scanner.declarations.map(\.attributes) == [
                ["@available(iOS 10.0, macOS 10.14, *)", "@available(tvOS, unavailable)"],
                ["@available(iOS, introduced: 12.0, deprecated: 15.0, message: \"gone // soon\")"],
                ["@available(*, unavailable)"], [], [], [], [], [], [], [],
                ["@available(iOS 15.0, *)"], [],
            ])
        #expect(scanner.declarations.first?.location == "Box.swift:6")

        // What it cannot follow, it reports.
        var strays = DeclarationScanner()
        strays.scan(
            """
            @available(iOS 15.0, *)
            extension Box {}
            public struct Open
            {}
            @available(iOS 15.0,
                       *)
            public var split = 0
            public subscript(index: Int) -> Int { 0 }
            """, fileName: "Strays.swift")
        #expect(strays.problems.count == 4)
    }
}
