import CZlib
import Foundation

/// A ZIP archive (an .ipa) read from its central directory, entry by entry, never written to
/// disk.
///
/// The format is PKWARE's APPNOTE.TXT (https://pkware.cachefly.net/webdocs/casestudies/APPNOTE.TXT):
/// the end-of-central-directory record in the last 64 KiB, with its ZIP64 form (sections
/// 4.3.14 and 4.3.15) for archives past 4 GiB or 65,535 entries; a central directory of
/// file headers (4.3.12), each pointing at a local header (4.3.7) followed by the entry's data,
/// stored or deflated (RFC 1951). Only single-disk archives are read; an encrypted entry, or one
/// compressed another way, is refused when it is read.
///
/// Hostile archives end in an error, not in work or memory without bound: at most
/// ``maximumEntries`` entries and a ``maximumDirectory``-byte directory; an entry's data must
/// lie before the directory; an entry is inflated only as far as it is read, never past the
/// size its directory entry declares (an entry that inflates to more, or to less, is an
/// error), and the whole archive at most ``maximumInflated`` bytes, whatever the entries
/// declare.
struct ZIPArchive<Source: ByteSource> {
    /// The most entries read: 200,000, where a large game's .ipa holds some tens of thousands.
    static var maximumEntries: Int { 200_000 }
    /// The largest central directory read: 64 MiB (200,000 entries with 280-byte names).
    static var maximumDirectory: Int { 64 << 20 }
    /// The most bytes inflated from one archive, all entries together: 4 GiB.
    static var maximumInflated: Int { 4 << 30 }

    /// The entries, in the directory's order.
    let entries: [ZIPEntry]
    private let source: Source
    /// Where the central directory starts: every entry's data lies before it.
    private let directoryOffset: Int
    private let byName: [String: Int]
    private let budget = InflateBudget(remaining: Self.maximumInflated)

    /// Reads the archive's central directory.
    ///
    /// - Throws: ``DoctorError`` naming no file: no end record, a directory past the end or a
    ///   limit, an entry that is not as its header says, two entries with one name.
    init(_ source: Source) throws(DoctorError) {
        var source = source
        self.source = source
        let tailLength = min(source.count, 22 + 0xFFFF)
        let tail = try source.read(at: source.count - tailLength, length: tailLength, "the end of the archive")
        guard let end = stride(from: tail.count - 22, through: 0, by: -1).first(where: { tail.uint32(at: $0) == 0x0605_4B50 }) else {
            throw Self.failure("not a ZIP archive, or cut short (a download that stopped?): it has no end-of-central-directory record")
        }
        let endOffset = source.count - tailLength + end
        var count = tail.uint16(at: end + 10)
        var size = tail.uint32(at: end + 12)
        var offset = tail.uint32(at: end + 16)
        guard tail.uint16(at: end + 4) == 0, tail.uint16(at: end + 6) == 0, tail.uint16(at: end + 8) == count else {
            throw Self.failure("a ZIP archive in several parts (disks), which herald doctor does not read")
        }
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
            (count, size, offset) = try Self.zip64End(before: endOffset, in: &source)
        }
        guard count <= Self.maximumEntries else { throw Self.failure("its directory lists \(count) entries, more than the \(Self.maximumEntries) read") }
        guard size <= Self.maximumDirectory else {
            throw Self.failure("its central directory is \(size) bytes, more than the \(Self.maximumDirectory >> 20) MiB read")
        }
        guard offset <= endOffset, size <= endOffset - offset else {
            throw Self.failure("its central directory (\(size) bytes at offset \(offset)) does not lie before its end record")
        }
        let directory = try source.read(at: offset, length: size, "the central directory")
        var entries: [ZIPEntry] = []
        var byName: [String: Int] = [:]
        var position = 0
        for index in 0..<count {
            let entry = try Self.entry(index + 1, at: &position, in: directory)
            guard byName[entry.name] == nil else { throw Self.failure("it holds two entries named \(entry.name)") }
            byName[entry.name] = entries.count
            entries.append(entry)
        }
        self.entries = entries
        self.byName = byName
        directoryOffset = offset
    }

    /// The entry named `name` exactly.
    func entry(named name: String) -> ZIPEntry? {
        byName[name].map { entries[$0] }
    }

    /// The entry's bytes, to read by parts: stored ones as they lie in the archive, deflated
    /// ones inflated as they are read, front to back.
    ///
    /// - Throws: ``DoctorError`` naming no file: an encrypted entry, a method other than
    ///   stored or deflated, a local header that is not there, data that runs into the
    ///   directory, a stored entry whose two sizes differ.
    func source(of entry: ZIPEntry) throws(DoctorError) -> ZIPEntrySource<Source> {
        guard !entry.isEncrypted else { throw Self.failure("it is encrypted") }
        guard entry.method == 0 || entry.method == 8 else {
            throw Self.failure("it is compressed with method \(entry.method); only stored (0) and deflated (8) entries are read")
        }
        var source = source
        let local = try source.read(at: entry.localHeaderOffset, length: 30, "its local header")
        guard local.uint32(at: 0) == 0x0403_4B50 else { throw Self.failure("damaged or cut short: the entry's local header (at offset \(entry.localHeaderOffset)) is not there") }
        let start = entry.localHeaderOffset + 30 + local.uint16(at: 26) + local.uint16(at: 28)
        guard start <= directoryOffset, entry.compressedSize <= directoryOffset - start else {
            throw Self.failure("its data (\(entry.compressedSize) bytes at offset \(start)) runs into the central directory")
        }
        guard entry.method == 8 || entry.compressedSize == entry.size else {
            throw Self.failure("it is stored, yet its directory entry gives two sizes (\(entry.compressedSize) and \(entry.size))")
        }
        return ZIPEntrySource(archive: source, data: start..<(start + entry.compressedSize), entry: entry, budget: budget)
    }

    /// The whole entry, checked: its declared size within `limit`, as many bytes as declared
    /// and no more, and their CRC-32 the one declared.
    ///
    /// - Throws: ``DoctorError`` naming no file: as ``source(of:)``, an entry over `limit`, or
    ///   data that is not what its directory entry says.
    func data(of entry: ZIPEntry, limit: Int) throws(DoctorError) -> [UInt8] {
        guard entry.size <= limit else {
            throw Self.failure("not read: \(entry.size) bytes, over the \(limit >> 20) MiB limit for a file other than the executable")
        }
        var reader = try source(of: entry)
        let bytes = try reader.read(at: 0, length: entry.size, "its data")
        try reader.finish()
        let checksum = bytes.withUnsafeBufferPointer { UInt32(CZlib.crc32(0, $0.baseAddress, uInt($0.count))) }
        guard checksum == entry.crc32 else {
            throw Self.failure("its data is corrupt: CRC-32 \(String(format: "%08x", checksum)), where its directory entry says \(String(format: "%08x", entry.crc32))")
        }
        return bytes
    }

    /// The central directory's file header at `position`, which moves past it.
    private static func entry(_ number: Int, at position: inout Int, in directory: [UInt8]) throws(DoctorError) -> ZIPEntry {
        guard position <= directory.count - 46, directory.uint32(at: position) == 0x0201_4B50 else {
            throw failure("entry \(number) of its central directory is not a file header")
        }
        let header = position
        let nameLength = directory.uint16(at: header + 28)
        let extraLength = directory.uint16(at: header + 30)
        let commentLength = directory.uint16(at: header + 32)
        let next = header + 46 + nameLength + extraLength + commentLength
        guard next <= directory.count else { throw failure("entry \(number) of its central directory runs past its end") }
        position = next
        let name = String(decoding: directory[(header + 46)..<(header + 46 + nameLength)], as: UTF8.self)
        var size = directory.uint32(at: header + 24)
        var compressedSize = directory.uint32(at: header + 20)
        var localHeaderOffset = directory.uint32(at: header + 42)
        // The ZIP64 extra field (0x0001) holds, in this order, each of the three that is 0xFFFFFFFF.
        var extra = header + 46 + nameLength
        while extra + 4 <= header + 46 + nameLength + extraLength {
            let id = directory.uint16(at: extra)
            let length = directory.uint16(at: extra + 2)
            guard extra + 4 + length <= header + 46 + nameLength + extraLength else { break }
            if id == 0x0001 {
                var field = extra + 4
                if size == 0xFFFF_FFFF { size = try zip64Value(directory, at: &field, end: extra + 4 + length, number, name) }
                if compressedSize == 0xFFFF_FFFF { compressedSize = try zip64Value(directory, at: &field, end: extra + 4 + length, number, name) }
                if localHeaderOffset == 0xFFFF_FFFF { localHeaderOffset = try zip64Value(directory, at: &field, end: extra + 4 + length, number, name) }
            }
            extra += 4 + length
        }
        let madeOnUnix = directory.uint16(at: header + 4) >> 8 == 3
        let mode = directory.uint32(at: header + 38) >> 16
        return ZIPEntry(
            name: name, method: directory.uint16(at: header + 10), flags: directory.uint16(at: header + 8),
            crc32: UInt32(directory.uint32(at: header + 16)), compressedSize: compressedSize, size: size,
            localHeaderOffset: localHeaderOffset, isSymbolicLink: madeOnUnix && mode & 0o170000 == 0o120000)
    }

    /// A 64-bit value of a ZIP64 extra field at `field`, which moves past it.
    private static func zip64Value(_ directory: [UInt8], at field: inout Int, end: Int, _ number: Int, _ name: String) throws(DoctorError) -> Int {
        guard field + 8 <= end, let value = directory.uint64(at: field) else {
            throw failure("entry \(number) (\(name)) has a ZIP64 field that is cut short or too large")
        }
        field += 8
        return value
    }

    /// The entry count, directory size and offset of the ZIP64 end record, found through its
    /// locator just before the end record at `endOffset`.
    private static func zip64End(before endOffset: Int, in source: inout Source) throws(DoctorError) -> (Int, Int, Int) {
        guard endOffset >= 20 else { throw failure("its end record asks for a ZIP64 record, and there is no room for one") }
        let locator = try source.read(at: endOffset - 20, length: 20, "the ZIP64 locator")
        guard locator.uint32(at: 0) == 0x0706_4B50, let recordOffset = locator.uint64(at: 8), recordOffset <= endOffset - 20 else {
            throw failure("its end record asks for a ZIP64 record, and none is where its locator should be")
        }
        let record = try source.read(at: recordOffset, length: 56, "the ZIP64 end record")
        guard record.uint32(at: 0) == 0x0606_4B50, let count = record.uint64(at: 32), let size = record.uint64(at: 40),
            let offset = record.uint64(at: 48)
        else { throw failure("its ZIP64 end record is not one") }
        return (count, size, offset)
    }

    private static func failure(_ reason: String) -> DoctorError {
        DoctorError(file: nil, reason: reason)
    }
}
