import Foundation

/// Reads the code signature's entitlements out of a Mach-O file, reading only what leads to
/// them: the headers, the load commands, the signature's index and two of its blobs.
///
/// The formats are Apple's open source: `mach-o/loader.h` (the `mach_header` and
/// `mach_header_64`, `MH_MAGIC` 0xfeedface and `MH_MAGIC_64` 0xfeedfacf in the file's byte
/// order, load commands, `LC_CODE_SIGNATURE` 0x1d and its `linkedit_data_command`),
/// `mach-o/fat.h` (the universal file's big-endian `fat_header`, `FAT_MAGIC` 0xcafebabe with
/// 20-byte `fat_arch` entries and `FAT_MAGIC_64` 0xcafebabf with 32-byte `fat_arch_64`), both
/// in the cctools and xnu sources (https://github.com/apple-oss-distributions/xnu,
/// `EXTERNAL_HEADERS/mach-o/`), and xnu's `osfmk/kern/cs_blobs.h` for the signature: a
/// big-endian SuperBlob (`CSMAGIC_EMBEDDED_SIGNATURE` 0xfade0cc0, its length, a count, and
/// that many (slot, offset) pairs), whose slot 5 holds the entitlements as an XML property
/// list (`CSMAGIC_EMBEDDED_ENTITLEMENTS` 0xfade7171) and slot 7 the same in DER
/// (`CSMAGIC_EMBEDDED_DER_ENTITLEMENTS` 0xfade7172), each blob a magic, a length and its bytes.
///
/// Every offset, length and count is checked against the file, the architecture it belongs
/// to and the limits below before it is used. The reads go front to back (architectures in
/// the order of their offsets, a signature after its load commands, blobs in the order of
/// theirs), so an executable inflated from an .ipa as it is read needs no more memory than
/// the parts read.
enum MachOFile {
    /// The most architectures a universal file may list: 16, where real ones have two to four.
    static let maximumArchitectures = 16
    /// The most bytes of load commands an architecture may have: 8 MiB, a hundred times a
    /// large app's.
    static let maximumLoadCommands = 8 << 20
    /// The most blobs a signature's index may list: 64, where `codesign` writes up to about
    /// ten (code directories, requirements, entitlements in two forms, the CMS signature).
    static let maximumBlobs = 64
    /// The largest entitlements blob read: 1 MiB, as for any property list doctor reads.
    static let maximumEntitlements = ProjectFile.limit

    static let fatMagic = 0xCAFE_BABE
    static let fatMagic64 = 0xCAFE_BABF
    static let loadCodeSignature = 0x1D
    static let embeddedSignature = 0xFADE_0CC0
    static let entitlementsMagic = 0xFADE_7171
    static let derEntitlementsMagic = 0xFADE_7172
    static let entitlementsSlot = 5
    static let derEntitlementsSlot = 7

    /// The signature of every architecture in the file.
    ///
    /// - Throws: ``DoctorError`` naming no file: not a Mach-O file, or a part of it past the
    ///   end or a limit.
    static func signature(of source: inout some ByteSource) throws(DoctorError) -> CodeSignature {
        let start = try source.read(at: 0, length: min(8, source.count), "the header")
        guard start.count == 8 else { throw DoctorError(file: nil, reason: "not a Mach-O executable: only \(start.count) bytes") }
        let magic = start.uint32(at: 0, bigEndian: true)
        guard magic == fatMagic || magic == fatMagic64 else {
            return CodeSignature(slices: [try slice(at: 0, size: source.count, of: &source)])
        }
        let entrySize = magic == fatMagic ? 20 : 32
        let count = start.uint32(at: 4, bigEndian: true)
        guard count > 0 else { throw DoctorError(file: nil, reason: "its universal header lists no architecture") }
        guard count <= maximumArchitectures else {
            throw DoctorError(file: nil, reason: "its universal header lists \(count) architectures, more than the \(maximumArchitectures) read")
        }
        let table = try source.read(at: 8, length: count * entrySize, "the universal header's \(count) architectures")
        var architectures: [(offset: Int, size: Int)] = []
        for index in 0..<count {
            let entry = index * entrySize
            let offset = entrySize == 20 ? table.uint32(at: entry + 8, bigEndian: true) : table.uint64(at: entry + 8, bigEndian: true)
            let size = entrySize == 20 ? table.uint32(at: entry + 12, bigEndian: true) : table.uint64(at: entry + 16, bigEndian: true)
            guard let offset, let size, source.range(at: offset, length: size) != nil, offset >= 8 + count * entrySize else {
                throw DoctorError(file: nil, reason: "architecture \(index + 1) of its universal header lies outside the file (\(source.count) bytes)")
            }
            architectures.append((offset, size))
        }
        architectures.sort { $0.offset < $1.offset }
        var slices: [CodeSignature.Slice] = []
        var end = 0
        for architecture in architectures {
            guard architecture.offset >= end else { throw DoctorError(file: nil, reason: "two architectures of its universal header overlap") }
            slices.append(try slice(at: architecture.offset, size: architecture.size, of: &source))
            end = architecture.offset + architecture.size
        }
        return CodeSignature(slices: slices)
    }

    /// One architecture's signature: the `size` bytes at `offset` are a thin Mach-O file.
    private static func slice(at offset: Int, size: Int, of source: inout some ByteSource) throws(DoctorError) -> CodeSignature.Slice {
        let magicBytes = try source.read(at: offset, length: min(4, size), "the Mach-O header")
        let magic = magicBytes.uint32(at: 0, bigEndian: true)
        let bigEndian: Bool
        let headerSize: Int
        switch magic {
        case 0xFEED_FACE, 0xCEFA_EDFE:
            (bigEndian, headerSize) = (magic == 0xFEED_FACE, 28)
        case 0xFEED_FACF, 0xCFFA_EDFE:
            (bigEndian, headerSize) = (magic == 0xFEED_FACF, 32)
        default:
            throw DoctorError(file: nil, reason: "not a Mach-O executable (it starts with \(String(format: "0x%08x", magic)))")
        }
        guard size >= headerSize else { throw DoctorError(file: nil, reason: "its Mach-O header is cut short (\(size) bytes)") }
        let header = try source.read(at: offset, length: headerSize, "the Mach-O header")
        let architecture = name(cpuType: header.uint32(at: 4, bigEndian: bigEndian), subtype: header.uint32(at: 8, bigEndian: bigEndian))
        let commandCount = header.uint32(at: 16, bigEndian: bigEndian)
        let commandBytes = header.uint32(at: 20, bigEndian: bigEndian)
        guard commandBytes <= maximumLoadCommands else {
            throw DoctorError(file: nil, reason: "\(architecture): its load commands take \(commandBytes) bytes, more than the \(maximumLoadCommands >> 20) MiB read")
        }
        guard commandBytes <= size - headerSize else {
            throw DoctorError(file: nil, reason: "\(architecture): its load commands (\(commandBytes) bytes) run past the end of the file")
        }
        let commands = try source.read(at: offset + headerSize, length: commandBytes, "the load commands")
        var signature: (offset: Int, size: Int)?
        var position = 0
        for index in 0..<commandCount {
            guard position <= commands.count - 8 else {
                throw DoctorError(file: nil, reason: "\(architecture): load command \(index + 1) of \(commandCount) lies past the \(commandBytes) bytes of load commands")
            }
            let command = commands.uint32(at: position, bigEndian: bigEndian)
            let commandSize = commands.uint32(at: position + 4, bigEndian: bigEndian)
            guard commandSize >= 8, commandSize <= commands.count - position else {
                throw DoctorError(file: nil, reason: "\(architecture): load command \(index + 1) says it is \(commandSize) bytes, which is not inside the load commands")
            }
            if command == loadCodeSignature {
                guard signature == nil else { throw DoctorError(file: nil, reason: "\(architecture): it has two LC_CODE_SIGNATURE load commands") }
                guard commandSize >= 16 else { throw DoctorError(file: nil, reason: "\(architecture): its LC_CODE_SIGNATURE is \(commandSize) bytes, not 16") }
                signature = (commands.uint32(at: position + 8, bigEndian: bigEndian), commands.uint32(at: position + 12, bigEndian: bigEndian))
            }
            position += commandSize
        }
        guard let signature else {
            return CodeSignature.Slice(architecture: architecture, isSigned: false, entitlements: nil, hasDEREntitlements: false)
        }
        guard signature.offset >= headerSize + commandBytes, signature.size <= size, signature.offset <= size - signature.size else {
            throw DoctorError(
                file: nil,
                reason: "\(architecture): its LC_CODE_SIGNATURE points at \(signature.size) bytes at offset \(signature.offset), which are not in the \(size) bytes after its load commands")
        }
        return try blobs(at: offset + signature.offset, size: signature.size, architecture: architecture, of: &source)
    }

    /// The entitlements in the SuperBlob of `size` bytes at `offset`.
    private static func blobs(at offset: Int, size: Int, architecture: String, of source: inout some ByteSource) throws(DoctorError) -> CodeSignature.Slice {
        func failure(_ reason: String) -> DoctorError { DoctorError(file: nil, reason: "\(architecture): its code signature \(reason)") }
        guard size >= 12 else { throw failure("is \(size) bytes, too short for a SuperBlob") }
        let header = try source.read(at: offset, length: 12, "the code signature")
        guard header.uint32(at: 0, bigEndian: true) == embeddedSignature else {
            throw failure("does not start with the embedded-signature magic 0xfade0cc0")
        }
        let length = header.uint32(at: 4, bigEndian: true)
        let count = header.uint32(at: 8, bigEndian: true)
        guard length >= 12, length <= size else { throw failure("says it is \(length) bytes, where its load command gives \(size)") }
        guard count <= maximumBlobs else { throw failure("lists \(count) blobs, more than the \(maximumBlobs) read") }
        guard count <= (length - 12) / 8 else { throw failure("lists \(count) blobs, whose index runs past its \(length) bytes") }
        let index = try source.read(at: offset + 12, length: count * 8, "the code signature's index")
        var wanted: [(slot: Int, offset: Int)] = []
        for entry in 0..<count {
            let slot = index.uint32(at: entry * 8, bigEndian: true)
            let blob = index.uint32(at: entry * 8 + 4, bigEndian: true)
            guard slot == entitlementsSlot || slot == derEntitlementsSlot else { continue }
            guard blob >= 12 + count * 8, blob <= length - 8 else { throw failure("puts slot \(slot) at offset \(blob), outside its \(length) bytes after the index") }
            wanted.append((slot, blob))
        }
        var entitlements: [String: PropertyList]?
        var hasDER = false
        var readTo = 0
        for (slot, blob) in wanted.sorted(by: { $0.offset < $1.offset }) {
            guard blob >= readTo else { throw failure("has blobs that overlap") }
            let blobHeader = try source.read(at: offset + blob, length: 8, "a code signature blob")
            let magic = blobHeader.uint32(at: 0, bigEndian: true)
            let blobLength = blobHeader.uint32(at: 4, bigEndian: true)
            guard blobLength >= 8, blobLength <= length - blob else { throw failure("has a blob in slot \(slot) of \(blobLength) bytes, past its end") }
            readTo = blob + blobLength
            if slot == derEntitlementsSlot {
                guard magic == derEntitlementsMagic else { throw failure("has slot 7 with magic \(String(format: "0x%08x", magic)), not 0xfade7172") }
                hasDER = true
                continue
            }
            guard magic == entitlementsMagic else { throw failure("has slot 5 with magic \(String(format: "0x%08x", magic)), not 0xfade7171") }
            guard blobLength - 8 <= maximumEntitlements else {
                throw failure("has \(blobLength - 8) bytes of entitlements, over the \(maximumEntitlements >> 20) MiB limit")
            }
            let bytes = try source.read(at: offset + blob + 8, length: blobLength - 8, "the entitlements")
            let list: PropertyList
            do {
                list = try PropertyList(reading: Data(bytes))
            } catch {
                throw failure("has entitlements that are not a readable property list: \(error)")
            }
            guard let dictionary = list.dictionaryValue else { throw failure("has entitlements of type \(list.typeName), not a dictionary") }
            entitlements = dictionary
        }
        return CodeSignature.Slice(architecture: architecture, isSigned: true, entitlements: entitlements, hasDEREntitlements: hasDER)
    }

    /// The architecture's name as `lipo` prints it (mach/machine.h's CPU types and subtypes).
    static func name(cpuType: Int, subtype: Int) -> String {
        let sub = subtype & 0x00FF_FFFF
        switch cpuType {
        case 0x0100_000C: return sub == 2 ? "arm64e" : "arm64"
        case 0x0200_000C: return "arm64_32"
        case 12: return [6: "armv6", 9: "armv7", 11: "armv7s", 12: "armv7k"][sub] ?? "arm"
        case 0x0100_0007: return "x86_64"
        case 7: return "i386"
        default: return "cpu type \(cpuType)"
        }
    }
}
