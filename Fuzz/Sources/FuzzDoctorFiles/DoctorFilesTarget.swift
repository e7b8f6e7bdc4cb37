import Foundation
import FuzzSupport
import HeraldDoctor

/// The files `herald doctor` reads of an app's project: `project.pbxproj` (OpenStep), Info.plist
/// and entitlements (XML or binary property lists), and `.xcconfig` files with their includes,
/// with build settings expanded.
///
/// Input: a mode byte, then
/// - even: one file for ``PropertyList/init(reading:)``, in whichever format it is;
/// - odd: a project in four pieces separated by NUL bytes (`project.pbxproj`, `Base.xcconfig`,
///   `Other.xcconfig`, `Info.plist`), written into a scratch folder (every piece, every time,
///   so nothing of an earlier input remains; the folder is removed at exit) and read as
///   `herald doctor` reads it: `XcodeProject(contentsOf:)`, `Doctor.examine`, and every setting
///   of every target expanded.
///
/// Beyond not crashing: a property list that reads nests at most ``PropertyList/maximumDepth``
/// deep; an error names the file; a finding names its configurations; an expanded value that
/// no limit stopped is at most 64 KiB.
@main
enum DoctorFilesTarget: FuzzTarget {
    static func main() {
        atexit { try? FileManager.default.removeItem(at: DoctorFilesTarget.folder) }
        Fuzzer.main(self) { Fuzzer.test(DoctorFilesTarget.self, $0, $1) }
    }

    /// The folder the odd mode writes into, one per process.
    static let folder = FileManager.default.temporaryDirectory.appendingPathComponent("herald-fuzz-doctor-\(getpid())")
    static let pieces = ["App.xcodeproj/project.pbxproj", "Base.xcconfig", "Other.xcconfig", "Info.plist"]

    static func run(_ input: inout FuzzInput) {
        if input.byte() % 2 == 0 {
            read(Data(input.rest()))
        } else {
            examine(&input)
        }
    }

    static func read(_ data: Data) {
        guard let list = try? PropertyList(reading: data) else { return }
        require(depth(of: list) <= PropertyList.maximumDepth, "a property list deeper than \(PropertyList.maximumDepth) levels was read")
    }

    static func examine(_ input: inout FuzzInput) {
        do {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
            for name in pieces { try Data(input.piece(until: 0)).write(to: folder.appendingPathComponent(name)) }
        } catch {
            fatalError("cannot write the scratch project in \(folder.path): \(error)")
        }
        let project: XcodeProject
        do {
            project = try XcodeProject(contentsOf: folder.appendingPathComponent("App.xcodeproj"))
        } catch {
            require(error.file != nil, "an error that names no file: \(error)")
            return
        }
        let report = Doctor.examine(project)
        require(report.findings.allSatisfy { !$0.configurations.isEmpty }, "a finding in no configuration")
        for target in project.targets {
            for configuration in project.configurations.map(\.name) {
                let settings = BuildSettings(project: project, target: target, configuration: configuration)
                for key in settings.keys {
                    guard let value = settings.value(key), value.stopped == nil else { continue }
                    require(value.text.utf8.count <= 64 << 10, "\(key) expanded to \(value.text.utf8.count) bytes")
                }
            }
        }
    }

    /// How deep arrays and dictionaries nest; a string or number is 0.
    static func depth(of list: PropertyList) -> Int {
        switch list {
        case .array(let elements): 1 + (elements.map(depth(of:)).max() ?? 0)
        case .dictionary(let entries): 1 + (entries.values.map(depth(of:)).max() ?? 0)
        default: 0
        }
    }

    /// Projects in the odd mode's four pieces: an app and a notification service extension
    /// whose settings come from `.xcconfig` files that include each other (once in a cycle),
    /// name each other's settings, and fill in the Info.plist.
    static var seeds: [(name: String, bytes: [UInt8])] {
        let project = """
            // !$*UTF8*$!
            {
            \tobjects = {
            \t\tXCF = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
            \t\tPD = { isa = XCBuildConfiguration; baseConfigurationReference = XCF; name = Debug; buildSettings = { ID_PREFIX = "com.example"; }; };
            \t\tPR = { isa = XCBuildConfiguration; baseConfigurationReference = XCF; name = Release; buildSettings = { "ID_PREFIX[config=Release]" = "com.example.release"; }; };
            \t\tPL = { isa = XCConfigurationList; buildConfigurations = (PD, PR); };
            \t\tAD = { isa = XCBuildConfiguration; name = Debug; buildSettings = { INFOPLIST_FILE = Info.plist; PRODUCT_BUNDLE_IDENTIFIER = "$(ID_PREFIX).$(PRODUCT_NAME:rfc1034identifier)"; }; };
            \t\tAL = { isa = XCConfigurationList; buildConfigurations = (AD); };
            \t\tAP = { isa = PBXFileReference; path = Chat.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tSD = { isa = XCBuildConfiguration; name = Debug; buildSettings = { INFOPLIST_FILE = "$(SRCROOT)/Info.plist"; PRODUCT_BUNDLE_IDENTIFIER = "$(inherited).NSE"; FLAGS = ( "$(inherited)", "-b" ); }; };
            \t\tSL = { isa = XCConfigurationList; buildConfigurations = (SD); };
            \t\tSP = { isa = PBXFileReference; path = NSE.appex; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tSB = { isa = PBXBuildFile; fileRef = SP; };
            \t\tEM = { isa = PBXCopyFilesBuildPhase; dstSubfolderSpec = 13; files = (SB); };
            \t\tAPP = { isa = PBXNativeTarget; name = Chat; productType = "com.apple.product-type.application"; productReference = AP; buildConfigurationList = AL; buildPhases = (EM); };
            \t\tNSE = { isa = PBXNativeTarget; name = NSE; productType = "com.apple.product-type.app-extension"; productReference = SP; buildConfigurationList = SL; buildPhases = (); };
            \t\tPROJ = { isa = PBXProject; buildConfigurationList = PL; targets = (APP, NSE); };
            \t};
            \trootObject = PROJ;
            }
            """
        let base = "#include \"Other.xcconfig\"\n#include? \"Missing.xcconfig\"\nFLAGS = $(inherited) -a // comment\nNAME[sdk=iphoneos*][arch=*] = ${PRODUCT_NAME:lower}\n"
        let other = "#include \"Base.xcconfig\"\nDEVELOPMENT_TEAM = ABCDE12345\nCHAIN = $(FLAGS)$(FLAGS)$(NAME:default=x)\n"
        let info = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundleIdentifier</key><string>$(PRODUCT_BUNDLE_IDENTIFIER)</string>
            <key>NSUserActivityTypes</key><array><string>INSendMessageIntent</string></array>
            <key>NSExtension</key><dict><key>NSExtensionPointIdentifier</key><string>com.apple.usernotifications.service</string>
            <key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).NotificationService</string></dict>
            <key>Herald</key><dict><key>AppGroup</key><string>group.$(AppIdentifierPrefix)chat</string></dict>
            </dict></plist>
            """
        let binary = (try? PropertyListSerialization.data(fromPropertyList: ["NSExtension": ["NSExtensionPointIdentifier": "x"], "n": 1] as [String: Any], format: .binary, options: 0)) ?? Data()
        let project4 = [project, base, other, info].map { Array($0.utf8) }
        return [
            (name: "project", bytes: [1] + project4.joined(separator: [0])),
            (name: "project-binary-plist", bytes: [1] + (project4.dropLast() + [Array(binary)]).joined(separator: [0])),
            (name: "binary-plist", bytes: [0] + Array(binary)),
        ]
    }
}
